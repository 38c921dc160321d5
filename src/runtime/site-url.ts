// The URL a request reached the site at: `--site-url` behind a proxy, else the request's own.
import type { Request } from 'express';

export function siteUrlOf(req: Request, configured: string | undefined): string {
  if (configured) return configured;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
