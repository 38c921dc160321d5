// Compressed responses: brotli or gzip as the reader's browser accepts (Vary: Accept-Encoding), for
// text a page loads (HTML, CSS, JS, JSON, Markdown, llms.txt, XML, SVG). Streams (the MCP server's
// and the assistant's event streams) are sent as they are: compression would hold their events back.
// Files the build compressed go as their copies (bundle-file.ts), which this leaves alone; a part of
// a file (206) goes as it is, since its Content-Range counts the file's bytes.
import compression from 'compression';
import type { RequestHandler } from 'express';

const COMPRESSED_TYPES = /^(?:text\/(?:html|css|plain|markdown|xml|javascript)|application\/(?:json|javascript|xml|rss\+xml)|image\/svg\+xml)\b/;

/** Whether a response of this Content-Type is worth compressing. */
export function isCompressedType(contentType: string): boolean {
  return COMPRESSED_TYPES.test(contentType);
}

export const compressResponses: RequestHandler = compression({
  filter: (_req, res) => res.statusCode !== 206 && isCompressedType(String(res.getHeader('Content-Type') ?? '')),
});
