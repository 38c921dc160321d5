// Compressed responses: brotli or gzip as the reader's browser accepts (Vary: Accept-Encoding), for
// text a page loads (HTML, CSS, JS, JSON, Markdown, llms.txt, XML, SVG). Streams (the MCP server's
// and the assistant's event streams) are sent as they are: compression would hold their events back.
import compression from 'compression';
import type { RequestHandler } from 'express';

const COMPRESSED_TYPES = /^(?:text\/(?:html|css|plain|markdown|xml|javascript)|application\/(?:json|javascript|xml|rss\+xml)|image\/svg\+xml)\b/;

/** Whether a response of this Content-Type is worth compressing. */
export function isCompressedType(contentType: string): boolean {
  return COMPRESSED_TYPES.test(contentType);
}

export const compressResponses: RequestHandler = compression({
  filter: (_req, res) => isCompressedType(String(res.getHeader('Content-Type') ?? '')),
});
