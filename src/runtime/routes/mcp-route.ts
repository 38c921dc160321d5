// `/mcp`: stateless Streamable HTTP with JSON responses. The MCP protocol itself is src/mcp's
// handleMcpPost (what the SDK's Server + stateless transport answer, without building them per
// request); this router adds what HTTP needs around it: CORS, Host and Origin checks, the body.
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { handleMcpPost, type McpContext, type Toolset } from '../../mcp/index.js';
import { RateLimitExceededError, RateLimiterUnavailableError } from '../../ratelimit/index.js';
import { cors } from '../cors.js';
import type { Logger } from '../logger.js';
import type { OriginPolicy } from '../origin-policy.js';
import { requestIdOf } from '../request-log.js';

/** Largest MCP request body accepted; tool arguments are short. */
export const MCP_BODY_LIMIT = '256kb';

export interface McpRouteOptions {
  toolset: Toolset;
  policy: OriginPolicy;
  logger: Logger;
  /** Rate limits of the endpoint (`mcpLimit`): runs after the body is parsed, throws the rate limit errors. */
  limit: RequestHandler;
  /** The context of a request, or undefined after answering it (e.g. 401 on the authenticated server). */
  contextFor(req: Request, res: Response): McpContext | undefined;
  /**
   * Whether the caller may reach the endpoint at all; when not, it has answered (401 with
   * `WWW-Authenticate` on the authenticated server). Asked before a method other than POST is
   * refused with 405, so a client that probes with GET learns where to get a token. Default: everyone.
   */
  admits?(req: Request, res: Response): boolean;
}

/** A JSON-RPC error response for failures before the protocol layer runs. */
export function rpcError(res: Response, status: number, code: number, message: string, id: string | number | null = null, data?: unknown): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message, ...(data !== undefined && { data }) }, id });
}

/** The id of a single JSON-RPC request body, to echo in an error; null for batches and bodies without one. */
function rpcIdOf(body: unknown): string | number | null {
  const id = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * A request header as the SDK transport reads it (fetch's `Headers.get` over the raw headers):
 * repeated headers joined with ", ". Node instead keeps only the first of some, e.g. Content-Type.
 */
function header(req: Request, name: string): string | undefined {
  let value: string | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/** The router of one MCP endpoint, mounted at its path. */
export function mcpRoute(options: McpRouteOptions): Router {
  const router = Router();
  router.use(cors(options.policy, 'POST, OPTIONS'));
  router.use((req, res, next) => {
    // DNS rebinding: a page on another site that resolves to this server must not reach it.
    if (!options.policy.allowsHost(req.get('host'))) return rpcError(res, 403, -32000, 'Forbidden: unexpected Host header.');
    if (!options.policy.allowsOrigin(req.get('origin'), req.get('host')))
      return rpcError(res, 403, -32000, 'Forbidden: this Origin may not call the MCP server.');
    next();
  });
  router.post('/', express.json({ limit: MCP_BODY_LIMIT, type: () => true }), options.limit, async (req, res) => {
    const context = options.contextFor(req, res);
    if (!context) return;
    try {
      const post = {
        accept: header(req, 'accept'),
        contentType: header(req, 'content-type'),
        protocolVersion: header(req, 'mcp-protocol-version'),
        body: req.body as unknown,
      };
      const answer = await handleMcpPost(options.toolset, post, context);
      res.status(answer.status);
      if (answer.body === undefined) return void res.end();
      res.setHeader('Content-Type', 'application/json');
      res.end(answer.body);
    } catch (error) {
      options.logger.error('mcp request failed', { requestId: requestIdOf(res), error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error.');
    }
  });
  router.all('/', options.limit, (req, res) => {
    if (options.admits && !options.admits(req, res)) return;
    res.set('Allow', 'POST, OPTIONS');
    rpcError(res, 405, -32000, 'Method not allowed: this stateless server takes POST only.');
  });
  // Errors of the body parser (bad JSON, too large) and of the rate limits as JSON-RPC errors.
  router.use((error: { type?: string }, req: Request, res: Response, _next: () => void) => {
    if (error instanceof RateLimitExceededError) return rpcError(res, 429, -32000, error.message, rpcIdOf(req.body), { retryAfter: error.retryAfterSeconds });
    if (error instanceof RateLimiterUnavailableError)
      return void rpcError(res.set('Retry-After', '5'), 503, -32000, 'The rate limiter is unavailable; retry shortly.', rpcIdOf(req.body));
    if (error.type === 'entity.too.large') return rpcError(res, 413, -32600, `Request body larger than ${MCP_BODY_LIMIT}.`);
    if (error.type === 'entity.parse.failed') return rpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
    // Other client faults body-parser finds (unsupported charset or encoding, a body shorter than its length) keep their 4xx.
    const { status } = error as { status?: number };
    if (status !== undefined && status >= 400 && status < 500) return rpcError(res, status, -32600, `Invalid request: ${(error as Error).message}`);
    options.logger.error('mcp request failed', { requestId: requestIdOf(res), error: String(error) });
    rpcError(res, 500, -32603, 'Internal error.');
  });
  return router;
}
