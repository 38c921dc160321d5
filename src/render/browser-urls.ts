// Internal links and images as a browser must be given them. Validate resolves a relative URL
// from the page's file (`./setup` in guides/index.mdx is guides/setup), but a browser resolves it
// from the page's URL, and guides/index.mdx is served at /guides: there `./setup` would lead to
// /setup. So the rendered body carries each internal URL resolved as validate resolved it.
import type { Nodes, Parent, Root } from 'mdast';
import { isJsxElement, urlAttributes } from '../content/index.js';
import { encodedUrl, pageUrl, resolveLink } from '../site/index.js';

/**
 * The URL a browser needs for `url`, written on the page at `pagePath`: a link to a page becomes
 * the page's URL (`./index.mdx` -> `/guides`), an image the file's path from the site root. The
 * query and the anchor stay; external URLs and bare anchors (`#faq`) are left as they are.
 */
export function browserUrl(url: string, pagePath: string, kind: 'link' | 'image'): string {
  const resolved = resolveLink(url, pagePath);
  if (!resolved || resolved.path === null) return url;
  const path = kind === 'link' ? pageUrl(resolved.path.replace(/\.mdx?$/, '') || 'index') : `/${resolved.path}`;
  const query = /^[^#]*?(\?[^#]*)/.exec(url)?.[1] ?? '';
  return `${encodedUrl(path)}${query}${resolved.anchor === null ? '' : `#${encodeURIComponent(resolved.anchor)}`}`;
}

/** Rewrites the internal URLs of a page's tree (Markdown links, images, definitions, and JSX `href`/`src`) with `browserUrl`. */
export function resolveBrowserUrls(tree: Root, pagePath: string): void {
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'definition') node.url = browserUrl(node.url, pagePath, 'link');
    else if (node.type === 'image') node.url = browserUrl(node.url, pagePath, 'image');
    else if (isJsxElement(node)) {
      for (const { name, kind } of urlAttributes(node)) {
        for (const attr of node.attributes) {
          if (attr.type === 'mdxJsxAttribute' && attr.name === name && typeof attr.value === 'string') attr.value = browserUrl(attr.value, pagePath, kind);
        }
      }
    }
    if ('children' in node) for (const child of (node as Parent).children) visit(child as Nodes);
  };
  visit(tree);
}
