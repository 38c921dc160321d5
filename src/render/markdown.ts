// The Markdown version of a page (`<path>.md`): title, description and the body as written.
import { extractHeadingIds, NO_USE, type SnippetUse } from '../content/index.js';

const FRONTMATTER = /^---\n[\s\S]*?\n---\n?/;
const ESM_LINE = /^(import|export)\s.*$/gm;
/** A fenced code block, whose lines are code even when they read like `import` statements. */
const FENCED_CODE = /^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n\1?\2[`~]*[ \t]*(?=\n|$)|$(?![\s\S]))/gm;

/**
 * Markdown for agents and `Accept: text/markdown`: the page title as H1, the description as a
 * quote, then the body without frontmatter, imports or `{#id}` markers. Components stay as
 * written, since agents read JSX-style tags well and rewriting them would lose content; a snippet
 * placed on a line of its own (`<Caution />`) is replaced by its own Markdown. It ends with one
 * line break and no other trailing space: llms-full.txt joins pages as they are.
 */
export function pageMarkdown(source: string, title: string, description?: string, snippets: SnippetUse = NO_USE): string {
  const body = markdownBody(source, snippets)
    .replace(/[ \t]+$/gm, '')
    .replace(/^\n+/, '')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
  const startsWithTitle = new RegExp(`^#\\s+${escapeRegExp(title)}\\s*(\\n|$)`).test(body);
  const head = startsWithTitle ? '' : `# ${title}\n\n`;
  const quote = description ? `> ${description.replace(/\n/g, ' ')}\n\n` : '';
  return `${`${head}${quote}${body}`.trimEnd()}\n`;
}

/**
 * A page's or snippet's text without frontmatter, imports or `{#id}` markers, what it takes from
 * snippets in place, with line feeds only: a page saved on Windows (CRLF) must not give an
 * llms-full.txt of mixed line ends.
 */
function markdownBody(source: string, { placed, variables }: SnippetUse): string {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const body = fillNames(withoutEsm(extractHeadingIds(text.replace(FRONTMATTER, '')).source), variables);
  if (placed.size === 0) return body;
  return body.replace(/^[ \t]*<([A-Za-z_$][\w$]*)((?:\s+[\w-]+="[^"]*")*)\s*\/>[ \t]*$/gm, (line, name: string, attributes: string) => {
    const snippet = placed.get(name);
    if (!snippet) return line;
    // String props fill their `{name}` expressions, as in the rendered page.
    const props = new Map([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, prop, value]) => [prop!, value!]));
    return fillNames(markdownBody(snippet.source, snippet.uses), props).trim();
  });
}

/** The text without its `import` / `export` lines, but for those inside fenced code blocks. */
function withoutEsm(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(FENCED_CODE)) {
    out += text.slice(last, match.index).replace(ESM_LINE, '') + match[0];
    last = match.index + match[0].length;
  }
  return out + text.slice(last).replace(ESM_LINE, '');
}

/** `{name}` expressions with a value in `values` replaced by it; others left as written. */
function fillNames(text: string, values: ReadonlyMap<string, string>): string {
  return values.size === 0 ? text : text.replace(/\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (expression, name: string) => values.get(name) ?? expression);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
