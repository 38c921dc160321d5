// sitemap.xml of the indexed pages.
import { encodedUrl } from '../site/index.js';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A sitemap listing `urls` (page URL paths) under `siteUrl`, sorted for a stable file; the protocol wants them percent-encoded. */
export function sitemapXml(siteUrl: string, urls: readonly string[]): string {
  const entries = [...urls].sort().map((url) => `  <url><loc>${escapeXml(`${siteUrl}${encodedUrl(url)}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}
