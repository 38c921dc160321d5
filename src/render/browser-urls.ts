// Internal links and images as a browser must be given them. Validate resolves a relative URL
// from the page's file (`./setup` in guides/index.mdx is guides/setup), but a browser resolves it
// from the page's URL, and guides/index.mdx is served at /guides: there `./setup` would lead to
// /setup. So the rendered body carries each internal URL resolved as validate resolved it.
import type { Nodes, Parent, Root } from 'mdast';
import { isJsxElement, urlAttributes, type SnippetUse } from '../content/index.js';
import { encodedUrl, pageUrl, resolveLink } from '../site/index.js';

/**
 * The URL a browser needs for `url`, written on the page at `pagePath`: a link to a page becomes
 * the page's URL (`./index.mdx` -> `/guides`), an image the file's path from the site root
 * (percent-encoded where it must be). The query and the anchor stay as written; external URLs
 * and bare anchors (`#faq`) are left as they are.
 */
export function browserUrl(url: string, pagePath: string, kind: 'link' | 'image'): string {
  const resolved = resolveLink(url, pagePath);
  if (!resolved || resolved.path === null) return url;
  const path = kind === 'link' ? pageUrl(resolved.path.replace(/\.mdx?$/, '') || 'index') : `/${resolved.path}`;
  // The query and anchor as written: they name no file, and an anchor reads best as its heading's words.
  const [, query = '', anchor = ''] = /^[^?#]*(\?[^#]*)?(#.*)?$/.exec(url) ?? [];
  return `${encodedUrl(path)}${query}${anchor}`;
}

/** A URL as written in a page's text, at offset `at`, and the URL it is rewritten to. */
export interface UrlEdit {
  at: number;
  from: string;
  to: string;
}

/**
 * Rewrites the internal URLs of a page's tree (Markdown links, images, definitions, and the JSX
 * attributes of urlAttributes) with `browserUrl`. Returns where each rewritten URL is written in
 * `text`, the text the tree was parsed from, so the page's Markdown can say the same (see
 * withUrlEdits); a URL it cannot find as written (escaped, say, or placed from a snippet: see
 * resolveSnippetUrls) is rewritten in the tree only.
 */
export function resolveBrowserUrls(tree: Root, pagePath: string, text: string): UrlEdit[] {
  const edits: UrlEdit[] = [];
  const rewrite = (from: string, kind: 'link' | 'image', at: number): string => {
    const to = browserUrl(from, pagePath, kind);
    if (to !== from && at >= 0) edits.push({ at, from, to });
    return to;
  };
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image') node.url = rewrite(node.url, node.type, writtenAt(text, node, '](', node.url, 'last'));
    else if (node.type === 'definition') node.url = rewrite(node.url, 'link', writtenAt(text, node, ']: ', node.url, 'first'));
    else if (isJsxElement(node)) {
      for (const { name, kind } of urlAttributes(node)) {
        for (const attr of node.attributes) {
          if (attr.type !== 'mdxJsxAttribute' || attr.name !== name || typeof attr.value !== 'string') continue;
          const at = Math.max(writtenAt(text, node, `${name}="`, attr.value, 'first'), writtenAt(text, node, `${name}='`, attr.value, 'first'));
          attr.value = rewrite(attr.value, kind, at);
        }
      }
    }
    if ('children' in node) for (const child of (node as Parent).children) visit(child as Nodes);
  };
  visit(tree);
  return edits;
}

/**
 * What `uses` places, each snippet's text with its internal URLs rewritten as in the page at
 * `pagePath` that places it: the page's tree resolved them from that page (as validate does), so
 * its Markdown must say the same of the snippet's text, which it places as written. The
 * snippets' own trees, parsed for this page, are rewritten on the way.
 */
export function resolveSnippetUrls(uses: SnippetUse, pagePath: string): SnippetUse {
  if (uses.placed.size === 0) return uses;
  const placed = new Map(
    [...uses.placed].map(([name, snippet]) => {
      const text = snippet.source.replace(/^\uFEFF/, '');
      const source = withUrlEdits(text, resolveBrowserUrls(snippet.tree, pagePath, text));
      return [name, { ...snippet, source, uses: resolveSnippetUrls(snippet.uses, pagePath) }];
    }),
  );
  return { ...uses, placed };
}

/**
 * Where `url` is written in `text` just after `prefix`, within the text of `node`: the first such
 * place (a definition, a JSX element's own attribute) or the last (a link's URL follows its text).
 * -1 when it is not written so.
 */
function writtenAt(text: string, node: Nodes, prefix: string, url: string, which: 'first' | 'last'): number {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return -1;
  const written = `${prefix}${url}`;
  const at = which === 'first' ? text.indexOf(written, start) : text.lastIndexOf(written, end - written.length);
  return at < start || at + written.length > end ? -1 : at + prefix.length;
}

/** `text` with `edits` made: each URL at its offset replaced, where it is still written there. */
export function withUrlEdits(text: string, edits: readonly UrlEdit[]): string {
  let result = text;
  for (const { at, from, to } of [...edits].sort((a, b) => b.at - a.at)) {
    if (result.startsWith(from, at)) result = `${result.slice(0, at)}${to}${result.slice(at + from.length)}`;
  }
  return result;
}
