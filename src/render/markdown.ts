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
function markdownBody(source: string, { placed, variables, markup }: SnippetUse): string {
  const text = withMarkup(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), markup);
  const body = fillNames(forAgents(withoutEsm(extractHeadingIds(text.replace(FRONTMATTER, '')).source)), variables);
  if (placed.size === 0) return body;
  return body.replace(/^[ \t]*<([A-Za-z_$][\w$]*)((?:\s+[\w-]+="[^"]*")*)\s*\/>[ \t]*$/gm, (line, name: string, attributes: string) => {
    const snippet = placed.get(name);
    if (!snippet) return line;
    // String props fill their `{name}` expressions, as in the rendered page.
    const props = new Map([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, prop, value]) => [prop!, value!]));
    return fillNames(markdownBody(snippet.source, snippet.uses), props).trim();
  });
}

/** `<Visibility for="agents">` or `for="humans"` opening a line (and what follows it on that line). */
const VISIBILITY_OPEN = /^([ \t]*)<Visibility\s+for=(?:"(agents|humans)"|'(agents|humans)'|\{\s*"(agents|humans)"\s*\})\s*>(.*)$/;
const VISIBILITY_CLOSE = /<\/Visibility>[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * The Markdown for agents: content `<Visibility for="agents">` holds is kept, without the tags and
 * dedented; what `for="humans"` holds is left out (the page shows the opposite). Code fences are
 * left as written: an example of the component stays an example.
 */
function forAgents(text: string): string {
  if (!text.includes('<Visibility')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      out.push(line);
      continue;
    }
    if (marker) fence = marker;
    const open = fence ? null : VISIBILITY_OPEN.exec(line);
    if (!open) {
      out.push(line);
      continue;
    }
    const audience = open[2] ?? open[3] ?? open[4];
    const end = closingLine(lines, i, open[5]!);
    if (end === undefined) {
      out.push(line);
      continue;
    }
    const content = end === i ? [open[5]!.replace(VISIBILITY_CLOSE, '')] : [open[5]!, ...lines.slice(i + 1, end), lines[end]!.replace(VISIBILITY_CLOSE, '')];
    if (audience === 'agents') out.push(...dedent(content.filter((part, n) => part.trim() !== '' || (n > 0 && n < content.length - 1))));
    i = end;
  }
  return out.join('\n');
}

/** The line closing the Visibility opened on line `start` (whose rest is `rest`), fences and nested ones skipped. */
function closingLine(lines: readonly string[], start: number, rest: string): number | undefined {
  let depth = 1 + (rest.match(/<Visibility[\s>]/g)?.length ?? 0) - (rest.match(/<\/Visibility>/g)?.length ?? 0);
  if (depth === 0) return start;
  let fence: string | undefined;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    depth += (line.match(/<Visibility[\s>]/g)?.length ?? 0) - (line.match(/<\/Visibility>/g)?.length ?? 0);
    if (depth === 0) return i;
  }
  return undefined;
}

/** Lines without the indentation they all share. */
function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)![0].length)));
}

/** `text` with each component placed on lines of its own replaced by its markup (see SnippetUse). */
function withMarkup(text: string, markup: SnippetUse['markup']): string {
  if (!markup || markup.size === 0) return text;
  const lines = text.split('\n');
  // From the last placement up, so that the lines of the others stay where they were.
  for (const [line, { end, markdown }] of [...markup].sort(([a], [b]) => b - a)) {
    if (/^[ \t]*</.test(lines[line - 1] ?? '') && /[/>][ \t]*$/.test(lines[end - 1] ?? '')) lines.splice(line - 1, end - line + 1, markdown);
  }
  return lines.join('\n');
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
