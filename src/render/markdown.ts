// The Markdown version of a page (`<path>.md`): title, description and the body as written.
import { extractHeadingIds } from '../content/index.js';

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/;
const ESM_LINE = /^(import|export)\s.*$/gm;

/**
 * Markdown for agents and `Accept: text/markdown`: the page title as H1, the description as a
 * quote, then the body without frontmatter, imports or `{#id}` markers. Components stay as
 * written, since agents read JSX-style tags well and rewriting them would lose content. It ends
 * with one line break and no other trailing space: llms-full.txt joins pages as they are.
 */
export function pageMarkdown(source: string, title: string, description?: string): string {
  const body = extractHeadingIds(source.replace(/^\uFEFF/, '').replace(FRONTMATTER, ''))
    .source.replace(ESM_LINE, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/^\n+/, '')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
  const startsWithTitle = new RegExp(`^#\\s+${escapeRegExp(title)}\\s*(\\n|$)`).test(body);
  const head = startsWithTitle ? '' : `# ${title}\n\n`;
  const quote = description ? `> ${description.replace(/\n/g, ' ')}\n\n` : '';
  return `${`${head}${quote}${body}`.trimEnd()}\n`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
