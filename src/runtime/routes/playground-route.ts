// `POST /_docsite/playground`: the API playground's proxy, so a page's requests reach APIs that do not allow the site's origin (CORS).
import express, { Router, type Request } from 'express';
import type { LoadedBundle, ManifestEndpoint } from '../../bundle/index.js';
import { PLAYGROUND_PROXY_PATH } from '../../site/index.js';
import { HttpError } from '../http-error.js';
import { OutboundError, sendOutbound, type OutboundLimits } from '../playground-proxy/outbound-request.js';
import { outboundRequestOf, parseProxyRequest } from '../playground-proxy/proxied-request.js';
import { isPublicAddress, type AddressCheck } from '../playground-proxy/public-address.js';
import { clientAddress, type RateLimits } from '../rate-limits.js';
import type { ReaderView } from '../reader-view.js';
import { methodNotAllowed, noStore } from '../rest-handlers.js';

export interface PlaygroundLimits extends OutboundLimits {
  /** Largest request accepted from the page, JSON envelope included (an express size, `1mb`). */
  requestBody: string;
}

const DEFAULT_PLAYGROUND_LIMITS: PlaygroundLimits = { requestBody: '1mb', responseBytes: 5 * 1024 * 1024, timeoutMs: 15_000 };

export interface PlaygroundRouteOptions {
  bundle: LoadedBundle;
  viewOf(req: Request): ReaderView;
  rateLimits: RateLimits;
  /** Default: 1 MB requests, 5 MB responses, 15 s. */
  limits?: PlaygroundLimits;
  /** Which resolved addresses may be connected to; only tests, whose API servers are on loopback, loosen it. */
  isAllowedAddress?: AddressCheck;
}

/** How each failure to reach the API is answered. */
const OUTBOUND_STATUS: Record<OutboundError['reason'], number> = { 'refused-address': 403, unreachable: 502, 'too-large': 502, timeout: 504 };

export function playgroundRoute(options: PlaygroundRouteOptions): Router {
  const { bundle, viewOf, rateLimits } = options;
  const limits = options.limits ?? DEFAULT_PLAYGROUND_LIMITS;
  const check = options.isAllowedAddress ?? isPublicAddress;
  const pages = new Map(bundle.manifest.pages.flatMap((page) => (page.endpoint?.proxyOrigins ? [[page.url, { page, endpoint: page.endpoint }] as const] : [])));

  /** The endpoint of a page this reader may send requests from; 404 for any other, as for a page that does not exist. */
  const endpointFor = (req: Request, url: string): ManifestEndpoint => {
    const found = pages.get(url);
    const view = viewOf(req);
    if (!found || !view.canRead(found.page)) throw new HttpError(404, 'No page with a playground that sends through the proxy is here.');
    if (found.endpoint.playground === 'auth' && view.principal.kind === 'anonymous') throw new HttpError(403, "Sign in to use this page's playground.");
    return found.endpoint;
  };

  const router = Router();
  router.post(
    PLAYGROUND_PROXY_PATH,
    noStore,
    rateLimits.limit('playgroundProxy', clientAddress),
    (req, _res, next) => {
      // JSON only: a form on another site cannot send it without the browser asking this one first (CORS preflight).
      if (!req.is('application/json')) throw new HttpError(415, 'Send the request as JSON, with Content-Type: application/json.');
      next();
    },
    express.json({ limit: limits.requestBody }),
    async (req, res) => {
      const asked = parseProxyRequest(req.body);
      const outbound = outboundRequestOf(asked, endpointFor(req, asked.page));
      try {
        res.json(await sendOutbound(outbound, limits, check));
      } catch (error) {
        if (error instanceof OutboundError) throw new HttpError(OUTBOUND_STATUS[error.reason], error.message);
        throw error;
      }
    },
  );
  router.all(PLAYGROUND_PROXY_PATH, methodNotAllowed('POST'));
  return router;
}
