// The RSS 2.0 feed of a changelog page, at `<page URL>/rss.xml`, as Mintlify serves one.
import type { ChangelogEntry } from '../content/index.js';
import { encodedUrl } from '../site/index.js';
import { escapeXml } from './sitemap.js';

export interface FeedPage {
  /** The page's URL path, e.g. "/changelog". */
  url: string;
  title: string;
  description?: string;
  entries: readonly ChangelogEntry[];
}

/** Where the feed of the page at URL path `url` is: `<url>/rss.xml` (`/rss.xml` for the home page). */
export function feedPath(url: string): string {
  return `${url === '/' ? '' : url}/rss.xml`;
}

/** The feed of `page` under `siteUrl`: an item per entry, newest first as written. */
export function rssFeed(siteName: string, siteUrl: string, page: FeedPage): string {
  const pageUrl = `${siteUrl}${encodedUrl(page.url)}`;
  const items = page.entries.map((entry) => {
    const link = escapeXml(entry.anchor ? `${pageUrl}#${encodeURIComponent(entry.anchor)}` : pageUrl);
    return [
      '    <item>',
      `      <title>${escapeXml(entry.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      ...(entry.description ? [`      <description>${escapeXml(entry.description)}</description>`] : []),
      ...(entry.date ? [`      <pubDate>${new Date(entry.date).toUTCString()}</pubDate>`] : []),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(page.title === siteName ? siteName : `${page.title} - ${siteName}`)}</title>`,
    `    <link>${escapeXml(pageUrl)}</link>`,
    `    <description>${escapeXml(page.description ?? page.title)}</description>`,
    `    <atom:link href="${escapeXml(`${siteUrl}${encodedUrl(feedPath(page.url))}`)}" rel="self" type="application/rss+xml"/>`,
    '    <generator>docsite</generator>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
