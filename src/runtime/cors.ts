// CORS for the MCP and API endpoints: browsers at allowed origins may call, and read the headers they need.
import type { RequestHandler } from 'express';
import type { OriginPolicy } from './origin-policy.js';

const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
const EXPOSE_HEADERS = 'Mcp-Session-Id, WWW-Authenticate, Retry-After, RateLimit, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

/** Answers preflights and sets CORS headers for allowed origins; other origins get no CORS headers (and the route refuses them). */
export function cors(policy: OriginPolicy, methods: string): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    res.vary('Origin');
    if (origin && policy.allowsOrigin(origin, req.get('host'))) {
      res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSE_HEADERS });
      if (req.method === 'OPTIONS') {
        res.set({ 'Access-Control-Allow-Methods': methods, 'Access-Control-Allow-Headers': ALLOW_HEADERS, 'Access-Control-Max-Age': '86400' });
        return void res.status(204).end();
      }
    } else if (req.method === 'OPTIONS') {
      return void res.status(403).json({ error: 'This origin may not call this endpoint.' });
    }
    next();
  };
}

/** CORS for public, credential-free documents (discovery files, llms.txt): any origin may read them. */
export const publicCors: RequestHandler = (_req, res, next) => {
  res.set('Access-Control-Allow-Origin', '*');
  next();
};
