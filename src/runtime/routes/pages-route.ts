// Pages for people and agents: clean URLs, `<path>.md`, `Accept: text/markdown`, redirects, assets, 404.
import { Router, type Request, type Response } from 'express';
import { BUNDLE_PATHS, readPageHtml, type LoadedBundle, type ManifestPage } from '../../bundle/index.js';
import { markdownPath, TEMPLATE_ASSETS } from '../../render/index.js';
import { encodedUrl, pageUrl } from '../../site/index.js';
import { sendBundleFile } from '../bundle-file.js';
import type { ReaderView } from '../reader-view.js';
import { redirectMatcher } from '../redirects.js';

export interface PagesRouteOptions {
  bundle: LoadedBundle;
  viewOf(req: Request): ReaderView;
  /** Rewrites every HTML page (404 included) before it is sent, knowing the request. */
  transformHtml?(html: string, req: Request): string;
}

/** Bundle files that are never served as they are: docsite's data, caches, and the runtime's own documents. */
const PRIVATE = /^(_docsite\/|\.cache\/|\.well-known\/|llms(-full)?\.txt$|sitemap\.xml$)/;

export function pagesRoute({ bundle, viewOf, transformHtml = (html) => html }: PagesRouteOptions): Router {
  const router = Router();
  const redirect = redirectMatcher(bundle.manifest.redirects);
  const pageFiles = new Set(bundle.manifest.pages.flatMap((page) => [page.html, page.markdown, page.source]));
  const publicAssets = new Set(TEMPLATE_ASSETS.map((name) => `${BUNDLE_PATHS.assets}${name}`));

  const notFound = async (req: Request, res: Response): Promise<void> => {
    res.status(404);
    if (req.accepts(['text/html', 'text/markdown', 'application/json']) === 'text/html') {
      res.type('html').send(transformHtml((await bundle.folder.readAsync(bundle.manifest.notFound)).toString('utf8'), req));
    } else {
      res.type('text/plain').send('Not found.\n');
    }
  };
  const sendMarkdown = async (res: Response, page: ManifestPage): Promise<void> => {
    res
      .type('text/markdown; charset=utf-8')
      .vary('Accept')
      .send((await bundle.folder.readAsync(page.markdown)).toString('utf8'));
  };

  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return void res.status(400).type('text/plain').send('Bad request: malformed URL.\n');
    }
    if (path.includes('\0') || path.split('/').includes('..')) return notFound(req, res);
    if (path.length > 1 && path.endsWith('/')) {
      const query = req.originalUrl.slice(req.path.length);
      return res.redirect(308, `${path.replace(/\/+$/, '')}${query}`);
    }
    const view = viewOf(req);
    const markdownOf = /^(.*)\.md$/.exec(path)?.[1];
    if (markdownOf !== undefined) {
      const page = bundle.pagesByUrl.get(pageUrl(markdownOf.slice(1)));
      if (page && view.canRead(page)) return sendMarkdown(res, page);
    }
    const page = bundle.pagesByUrl.get(path);
    if (page) {
      // A page the reader may not read does not exist for them: the same 404 as a missing page.
      if (!view.canRead(page)) return notFound(req, res);
      if (req.accepts(['text/html', 'text/markdown']) === 'text/markdown') return sendMarkdown(res, page);
      // The sidebar goes in first, so that filtering removes the links this reader may not follow.
      const html = await readPageHtml(bundle, page);
      // Header values are ASCII: a page at /日本語 is announced as /%E6%97%A5%E6%9C%AC%E8%AA%9E.md.
      return void res
        .type('html')
        .vary('Accept')
        .set('Link', `<${encodedUrl(markdownPath(page.url))}>; rel="alternate"; type="text/markdown"`)
        .send(transformHtml(view.filterHtml(html), req));
    }
    // guides/index.mdx is the page /guides; /guides/index, as a file-minded link writes it, leads there
    // (pageUrl takes a path without its leading slash and drops a last /index).
    const indexPage = bundle.pagesByUrl.get(pageUrl(path.slice(1)));
    if (indexPage && indexPage.url !== path && view.canRead(indexPage))
      return res.redirect(308, `${encodedUrl(indexPage.url)}${req.originalUrl.slice(req.path.length)}`);
    const target = redirect(path);
    if (target) return res.redirect(target.permanent ? 308 : 307, target.location);
    const file = path.slice(1);
    if (file && !pageFiles.has(file) && !isDotfile(file) && (publicAssets.has(file) || !PRIVATE.test(file))) {
      return sendBundleFile(res, bundle, file, () => {
        if (!res.headersSent) void notFound(req, res);
      });
    }
    return notFound(req, res);
  });
  return router;
}

/** Whether a bundle path names a dotfile or goes through a dot-folder: never served. */
function isDotfile(file: string): boolean {
  return file.split('/').some((segment) => segment.startsWith('.'));
}
