// The syntax highlighter of this thread: one Shiki instance, made when a page first needs it, with
// the grammars of the languages pages use loaded as they come.
import { createRequire } from 'node:module';
import { createHighlighterCoreSync, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { CODE_THEME } from './code-theme.js';

/**
 * Grammars are ES modules, loaded on demand with require() (Node 20.19 loads ES modules
 * synchronously): pages render synchronously, and a build loads only the languages it meets. They
 * come precompiled: their Oniguruma patterns already JavaScript regular expressions, which the
 * engine takes as they are. Translating them took each thread about half a second on a site's
 * first few languages (TypeScript's alone 0.3 s), once per build worker.
 */
const loadModule = createRequire(import.meta.url);

/** Fence languages that Mintlify sites write and Shiki knows by another name. */
const ALIASES: Readonly<Record<string, string>> = { curl: 'bash', env: 'dotenv', 'c#': 'csharp', 'f#': 'fsharp' };

/** Fence languages that mean plain text; Shiki draws them without a grammar. */
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);

/** The shape of a name Shiki's grammars are published under (`@shikijs/langs-precompiled/<name>`): nothing that walks a path. */
const GRAMMAR_NAME = /^[a-z0-9][\w#+-]*$/;

/** Code is drawn plain past this many characters on a line: minified code would cost seconds to tokenize and read no better. */
const MAX_TOKENIZED_LINE = 1_000;

let highlighter: HighlighterCore | undefined;
/** Each fence language met, and the grammar it loaded (undefined: none, drawn as plain text). */
const grammars = new Map<string, string | undefined>();

/**
 * The thread's highlighter. Its regular expression engine is JavaScript's own, which Shiki can
 * make synchronously (the Oniguruma engine is WebAssembly, only made asynchronously); a pattern
 * it cannot translate is skipped rather than failing the page (`forgiving`).
 */
export function codeHighlighter(): HighlighterCore {
  // Shiki moves a theme's rules into a list it adds to: it gets a copy, CODE_THEME stays as published (see tokenClasses).
  const theme = { ...CODE_THEME, tokenColors: [...(CODE_THEME.tokenColors ?? [])] };
  highlighter ??= createHighlighterCoreSync({ engine: createJavaScriptRegexEngine({ forgiving: true }), themes: [theme], langs: [] });
  return highlighter;
}

/**
 * Options of Shiki's rendering that every code block shares. No time limit per line: Shiki's
 * (half a second) would draw the rest of a line plain whenever a busy machine or a grammar's first
 * use is slow, and a build must give the same output every time; long lines are cut short instead.
 */
export const HIGHLIGHT_OPTIONS = { theme: CODE_THEME.name ?? '', tokenizeMaxLineLength: MAX_TOKENIZED_LINE, tokenizeTimeLimit: 0 } as const;

/**
 * The name of the loaded grammar for a fence's language (`ts`, `sh`, `yml`, `curl`...), or
 * undefined for plain text and for a language Shiki has no grammar for.
 */
export function grammarFor(language: string | undefined): string | undefined {
  const name = language?.toLowerCase();
  if (name === undefined || PLAIN.has(name)) return undefined;
  if (!grammars.has(name)) grammars.set(name, loadGrammar(ALIASES[name] ?? name));
  return grammars.get(name);
}

function loadGrammar(name: string): string | undefined {
  if (!GRAMMAR_NAME.test(name)) return undefined;
  let registrations: LanguageRegistration[];
  try {
    registrations = (loadModule(`@shikijs/langs-precompiled/${name}`) as { default: LanguageRegistration[] }).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return undefined; // no such grammar: drawn as plain text
    throw error;
  }
  codeHighlighter().loadLanguageSync(registrations);
  // A grammar's module lists the grammars it embeds first, itself last.
  return registrations.at(-1)?.name;
}
