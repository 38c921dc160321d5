// The Markdown version of a page (`<path>.md`): title, description and the body as written.
import { extractHeadingIds, type PlacedSnippet } from '../content/index.js';

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/;
const ESM_LINE = /^(import|export)\s.*$/gm;

/**
 * Markdown for agents and `Accept: text/markdown`: the page title as H1, the description as a
 * quote, then the body without frontmatter, imports or `{#id}` markers. Components stay as
 * written, since agents read JSX-style tags well and rewriting them would lose content; a snippet
 * placed on a line of its own (`<Caution />`) is replaced by its own Markdown. It ends with one
 * line break and no other trailing space: llms-full.txt joins pages as they are.
 */
export function pageMarkdown(source: string, title: string, description?: string, snippets: ReadonlyMap<string, PlacedSnippet> = new Map()): string {
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

/** A page's or snippet's text without frontmatter, imports or `{#id}` markers, its placed snippets in place. */
function markdownBody(source: string, snippets: ReadonlyMap<string, PlacedSnippet>): string {
  const body = extractHeadingIds(source.replace(/^\uFEFF/, '').replace(FRONTMATTER, '')).source.replace(ESM_LINE, '');
  if (snippets.size === 0) return body;
  return body.replace(/^[ \t]*<([A-Za-z_$][\w$]*)((?:\s+[\w-]+="[^"]*")*)\s*\/>[ \t]*$/gm, (line, name: string, attributes: string) => {
    const snippet = snippets.get(name);
    if (!snippet) return line;
    // String props fill their `{name}` expressions, as in the rendered page.
    const props = new Map([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, prop, value]) => [prop!, value!]));
    return markdownBody(snippet.source, snippet.places)
      .replace(/\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (expression, prop: string) => props.get(prop) ?? expression)
      .trim();
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
