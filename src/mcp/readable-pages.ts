// Finds the pages a principal may read, for the tools that take a page path.
import type { ManifestPage } from '../bundle/index.js';
import { canRead } from '../site/index.js';
import type { McpContext } from './context.js';

/**
 * The page a path names, when the principal may read it. Accepts what agents send: `/quickstart`,
 * `quickstart`, `/quickstart.mdx`, `/quickstart.md`, a full URL of the site, with or without `#anchor`.
 */
export function findReadablePage(context: McpContext, path: string): ManifestPage | undefined {
  let url = path.trim();
  if (/^https?:\/\//i.test(url)) {
    try {
      url = new URL(url).pathname;
    } catch {
      return undefined;
    }
  }
  url = url
    .replace(/[#?].*$/, '')
    .replace(/\.mdx?$/, '')
    .replace(/\/+$/, '');
  if (!url.startsWith('/')) url = `/${url}`;
  if (url === '/index') url = '/';
  const page = context.bundle.pagesByUrl.get(url) ?? context.bundle.pagesByUrl.get(url.replace(/\/index$/, '') || '/');
  return page && canRead(context.principal, page.access, context.authentication) ? page : undefined;
}
