// Fenced code blocks: a figure with the block's title and language label above the highlighted code.
import type { Code } from 'mdast';
import type { Element } from 'hast';
import { h } from 'hastscript';
import { isMermaidFence } from '../content/index.js';
import { mermaidDiagram } from './components/diagram.js';
import { highlightCode } from './highlight/highlight-code.js';

/** Bare words of a fence's meta that switch a feature on, and the class each puts on the block. */
const FLAGS = {
  lines: 'code-lines',
  showLineNumbers: 'code-lines',
  wrap: 'code-wrap',
  expandable: 'code-expandable',
  twoslash: 'code-twoslash',
  nocopy: 'code-nocopy',
} as const satisfies Record<string, string>;

/** What a fence's meta says, as Mintlify reads it: "```java HelloWorld.java lines icon="java" {1,3-5}". */
export interface CodeMeta {
  title: string | undefined;
  icon: string | undefined;
  /** Line ranges, "1,3-5", from `{1,3-5}` or `highlight=`. */
  highlight: string | undefined;
  /** Line ranges from `focus=`. */
  focus: string | undefined;
  /** The classes of the flags set (`code-lines`, `code-wrap`...), once each. */
  flags: string[];
}

/** One token of a meta: `key=value` (value quoted, braced or bare), `{ranges}`, or a bare word. */
const META_TOKEN = /(\w[\w-]*)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S+))|\{([^}]*)\}|(\S+)/g;

/** Line ranges as written ("{1, 3-5}", "2,4"), normalised to "1,3-5"; undefined when they are not ranges. */
function lineRanges(text: string | undefined): string | undefined {
  const ranges = text?.replace(/\s+/g, '');
  return ranges && /^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(ranges) ? ranges : undefined;
}

/** Reads a fence's meta: flags and `key=value` settings are taken out, the words left are the title. */
export function codeMeta(meta: string | null | undefined): CodeMeta {
  const words: string[] = [];
  const flags = new Set<string>();
  const settings = new Map<string, string>();
  for (const [, key, double, single, braced, bare, ranges, word] of (meta ?? '').matchAll(META_TOKEN)) {
    if (key !== undefined) settings.set(key, double ?? single ?? braced ?? bare ?? '');
    else if (ranges !== undefined) settings.set('highlight', ranges);
    else if (word !== undefined && Object.hasOwn(FLAGS, word)) flags.add(FLAGS[word as keyof typeof FLAGS]);
    else if (word !== undefined) words.push(word);
  }
  return {
    title: settings.get('title') || settings.get('filename') || words.join(' ') || undefined,
    icon: settings.get('icon') || undefined,
    highlight: lineRanges(settings.get('highlight')),
    focus: lineRanges(settings.get('focus')),
    flags: [...flags],
  };
}

/** An `expandable` block longer than this many lines opens collapsed to them. */
const EXPANDABLE_LINES = 12; // the stylesheet collapses `.code-expandable` to as many

/**
 * Renders a code block, highlighted, with its language label (and title), ready for a copy
 * button; its flags ride on it as classes for the stylesheet (line numbers, wrapping). A long
 * `expandable` block ends with a <details> whose state the stylesheet reads to collapse the
 * code: it opens without script.
 */
export function codeBlock(node: Code): Element {
  if (isMermaidFence(node)) return mermaidDiagram(node.value);
  const language = node.lang ?? undefined;
  const { title, icon, highlight, focus, flags } = codeMeta(node.meta);
  const label = title ?? language ?? 'text';
  const collapsible = flags.includes(FLAGS.expandable) && node.value.split('\n').length > EXPANDABLE_LINES;
  return h('figure', { className: ['code-block', ...flags], dataTitle: label, dataLanguage: language ?? 'text', dataIcon: icon }, [
    h('figcaption', { className: ['code-caption'] }, [
      ...(title ? [h('span', { className: ['code-title'] }, title)] : []),
      h('span', { className: ['code-language'] }, language ?? 'text'),
    ]),
    highlightCode(node.value, language, { highlight, focus }),
    ...(collapsible ? [expander()] : []),
  ]);
}

/** The control of a collapsed block: its summary names what opening (or closing) it does. */
function expander(): Element {
  return h('details', { className: ['code-expander'] }, [
    h('summary', [h('span', { className: ['code-expand'] }, 'Expand'), h('span', { className: ['code-collapse'] }, 'Collapse')]),
  ]);
}
