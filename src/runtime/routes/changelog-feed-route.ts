// `<page URL>/rss.xml`: the RSS feed of a page with `<Update>` components, for whoever may read the page.
import { Router, type Request } from 'express';
import type { LoadedBundle } from '../../bundle/index.js';
import { rssFeed } from '../../render/index.js';
import type { ReaderView } from '../reader-view.js';
import { siteUrlOf } from '../site-url.js';

export interface ChangelogFeedRouteOptions {
  bundle: LoadedBundle;
  siteUrl: string | undefined;
  viewOf(req: Request): ReaderView;
}

const FEED = /^(.*)\/rss\.xml$/;

export function changelogFeedRoute({ bundle, siteUrl, viewOf }: ChangelogFeedRouteOptions): Router {
  const router = Router();
  // Matched here, not by a route pattern: express would decode the path first and answer a malformed one with 500.
  router.use((req, res, next) => {
    const written = req.method === 'GET' || req.method === 'HEAD' ? FEED.exec(req.path)?.[1] : undefined;
    if (written === undefined) return next();
    let pageUrl: string;
    try {
      pageUrl = decodeURIComponent(written) || '/';
    } catch {
      return next(); // a malformed URL: the pages route answers it
    }
    const page = bundle.pagesByUrl.get(pageUrl);
    // A page the reader may not read has no feed for them either: the pages route's 404.
    if (!page?.changelog || !viewOf(req).canRead(page)) return next();
    const feedPage = { url: page.url, title: page.title, entries: page.changelog, ...(page.description ? { description: page.description } : {}) };
    res.type('application/rss+xml; charset=utf-8').send(rssFeed(bundle.manifest.site.name, siteUrlOf(req, siteUrl), feedPage));
  });
  return router;
}
