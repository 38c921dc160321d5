// Pages for people and agents: clean URLs, `<path>.md`, `Accept: text/markdown`, redirects, assets, 404.
import { posix } from 'node:path';
import { Router, type Request, type Response } from 'express';
import { BUNDLE_PATHS, readPageHtml, type LoadedBundle, type ManifestPage } from '../../bundle/index.js';
import { isFeatureAsset, markdownPath, TEMPLATE_ASSETS } from '../../render/index.js';
import { encodedUrl, pageUrl, type RedirectTarget, redirectMatcher, sameSiteLocation } from '../../site/index.js';
import { sendBundleFile } from '../bundle-file.js';
import type { ReaderView } from '../reader-view.js';
import { ASSET_HEADERS, pageHeaders } from '../security-headers.js';

export interface PagesRouteOptions {
  bundle: LoadedBundle;
  viewOf(req: Request): ReaderView;
  /** Rewrites every HTML page (404 included) before it is sent, knowing the request. */
  transformHtml?(html: string, req: Request): string;
}

/** Bundle files that are never served as they are: docsite's data, caches, and the runtime's own documents. */
const PRIVATE = /^(_docsite\/|\.cache\/|\.well-known\/|llms(-full)?\.txt$|sitemap\.xml$)/i;

/**
 * The bundle file a URL path names, as the file system resolves it: `//a/./b` and `/a\b` name
 * `a/b`. Every check is made on this name, so no spelling of a path slips past them.
 */
function bundleFileOf(path: string): string {
  return posix.normalize(path.replace(/\\/g, '/')).replace(/^\/+/, '');
}

/** The query string of a request as it came, `?` included (empty without one). */
function queryOf(req: Request): string {
  return req.originalUrl.slice(req.path.length);
}

export function pagesRoute({ bundle, viewOf, transformHtml = (html) => html }: PagesRouteOptions): Router {
  const router = Router();
  const redirect = redirectMatcher(bundle.manifest.redirects);
  const { fontOrigins, scriptOrigins, scriptHandlers } = bundle.manifest;
  const pageHeadersOfSite = pageHeaders({ fonts: fontOrigins, scripts: scriptOrigins, handlers: scriptHandlers });
  // Compared without case, as a case-insensitive file system (macOS, Windows) would open them.
  const pageFiles = new Set(bundle.manifest.pages.flatMap((page) => [page.html, page.markdown, page.source]).map((file) => file.toLowerCase()));
  const publicAssets = new Set(TEMPLATE_ASSETS.map((name) => `${BUNDLE_PATHS.assets}${name}`.toLowerCase()));
  const fileAccess = new Map([...bundle.fileAccess].map(([file, access]) => [file.toLowerCase(), { access }]));
  /**
   * What the bundle file `file` (see bundleFileOf) is to this reader: `hidden`, a page's file or a
   * file pages use (an image, an OpenAPI file) that they may not read; `private`, docsite's own data and the documents the runtime
   * makes, and dotfiles (never sent as they are); else `open`, sent as it is when it exists. docsite's
   * stylesheet and scripts, and the files math and diagrams load (isFeatureAsset), are open.
   */
  const fileKind = (file: string, view: ReaderView): 'hidden' | 'private' | 'open' => {
    const key = file.toLowerCase();
    const used = fileAccess.get(key);
    if (pageFiles.has(key) || (used && !view.canRead(used))) return 'hidden';
    return file === '' || isDotfile(file) || (PRIVATE.test(file) && !publicAssets.has(key) && !isFeatureAsset(key)) ? 'private' : 'open';
  };
  const mayFollow = redirectCheck(bundle, fileKind);

  const notFound = async (req: Request, res: Response): Promise<void> => {
    res.status(404);
    if (req.accepts(['text/html', 'text/markdown', 'application/json']) === 'text/html') {
      res
        .type('html')
        .set(pageHeadersOfSite)
        .send(transformHtml((await bundle.folder.readAsync(bundle.manifest.notFound)).toString('utf8'), req));
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
      // The path as it came (still encoded, so %3F stays in the path), and never `//host`: redirects stay on the site.
      return res.redirect(308, sameSiteLocation(`${req.path.replace(/\/+$/, '')}${queryOf(req)}`));
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
        .set(pageHeadersOfSite)
        .vary('Accept')
        .set('Link', `<${encodedUrl(markdownPath(page.url))}>; rel="alternate"; type="text/markdown"`)
        .send(transformHtml(view.filterHtml(html), req));
    }
    // guides/index.mdx is the page /guides; /guides/index, as a file-minded link writes it, leads there
    // (pageUrl takes a path without its leading slash and drops a last /index).
    const indexPage = bundle.pagesByUrl.get(pageUrl(path.slice(1)));
    if (indexPage && indexPage.url !== path && view.canRead(indexPage))
      return res.redirect(308, sameSiteLocation(`${encodedUrl(indexPage.url)}${queryOf(req)}`));
    const target = redirect(path);
    if (target && (await mayFollow(target, req, view))) return res.redirect(target.permanent ? 308 : 307, target.location);
    const file = bundleFileOf(path);
    if (fileKind(file, view) === 'open') {
      return sendBundleFile(res, bundle, file, ASSET_HEADERS, () => {
        if (!res.headersSent) void notFound(req, res);
      });
    }
    return notFound(req, res);
  });
  return router;
}

/**
 * Whether a docs.json redirect to `location` may be sent to a reader (README, "Redirects"). Not
 * to a page or file they may not read: that would name it. Nor, from a rule with parameters, to
 * nothing at all: `/old/:slug*` must answer `/old/ledger` (restricted) as it answers `/old/qqqqqq`
 * (missing). So it leads to what the reader may read, out of the site, or to a fixed destination
 * docs.json writes (a runtime route such as /llms.txt, say). Refused, it is as if it did not exist.
 */
function redirectCheck(
  bundle: LoadedBundle,
  fileKind: (file: string, view: ReaderView) => 'hidden' | 'private' | 'open',
): (target: RedirectTarget, req: Request, view: ReaderView) => Promise<boolean> {
  const siteOrigins = new Set([new URL(bundle.manifest.site.url).origin]);
  return async ({ location, fixed }, req, view) => {
    const base = 'http://docsite.invalid';
    let url: URL;
    let path: string;
    try {
      url = new URL(location, `${base}${req.path}`);
      path = decodeURIComponent(url.pathname);
    } catch {
      return fixed;
    }
    if (url.origin !== base && url.host !== req.get('host') && !siteOrigins.has(url.origin)) return true;
    // A page in any spelling the pages route takes: /guide, /guide.md, /guide/index.
    const page = bundle.pagesByUrl.get(pageUrl(path.replace(/\/+$/, '').replace(/\.md$/, '').slice(1)));
    if (page) return view.canRead(page);
    const file = bundleFileOf(path);
    const kind = fileKind(file, view);
    if (kind === 'hidden') return false;
    if (kind === 'open' && bundle.folder.refusalOf(file) === undefined && isFile(bundle, file)) return true;
    return fixed;
  };
}

/** Whether `file` is a regular file inside the bundle folder. */
function isFile(bundle: LoadedBundle, file: string): boolean {
  try {
    bundle.folder.file(file);
    return true;
  } catch {
    return false;
  }
}

/** Whether a bundle path names a dotfile or goes through a dot-folder: never served. */
function isDotfile(file: string): boolean {
  return file.split('/').some((segment) => segment.startsWith('.'));
}
