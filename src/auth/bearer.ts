// Bearer tokens at `/authed/mcp` (RFC 6750): resolves the token to a principal, or answers 401 with where to get one.
import type { Request, RequestHandler, Response } from 'express';
import type { Principal } from '../site/index.js';
import type { OAuthTokenStore } from '../store/index.js';
import { MCP_SCOPE } from './paths.js';

/** What bearer authentication needs: where tokens are verified and what they must be for. */
export interface BearerOptions {
  tokens: Pick<OAuthTokenStore, 'verifyAccessToken'>;
  /** The audience tokens must be bound to: `<site>/authed/mcp`. */
  resourceOf(req: Request): string;
  /** The protected resource metadata URL, for `WWW-Authenticate`. */
  metadataUrlOf(req: Request): string;
}

/** Resolves the bearer token of a request, then lets the endpoint ask who it is. */
export interface BearerAuth {
  /** Looks the token up (asynchronously, once per request); never answers by itself. */
  resolve: RequestHandler;
  /** The principal of the token; or undefined after answering 401 (no or bad token) or 403 (wrong scope). */
  principalOf(req: Request, res: Response): Principal | undefined;
}

type Outcome = { principal: Principal } | { status: 401 | 403; error?: string; description?: string };

/** A docsite API key (`docsite_` + base62): valid for the REST API, never for an MCP server (SPEC.md 5.1). */
export function isApiKey(token: string): boolean {
  return /^docsite_[0-9A-Za-z]+$/.test(token);
}

/** The bearer token of the Authorization header, or undefined. */
export function bearerTokenOf(req: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '')}"`;
}

/** Bearer authentication for `/authed/mcp`: opaque tokens checked against the Store (audience, expiry, revocation, scope). */
export function bearerAuth(options: BearerOptions): BearerAuth {
  const outcomes = new WeakMap<Request, Outcome>();
  const check = async (req: Request): Promise<Outcome> => {
    const token = bearerTokenOf(req);
    if (!token) return { status: 401 };
    if (isApiKey(token))
      return { status: 401, error: 'invalid_token', description: 'API keys cannot authenticate to an MCP server; use an OAuth access token.' };
    const info = await options.tokens.verifyAccessToken(token, options.resourceOf(req));
    if (!info) return { status: 401, error: 'invalid_token', description: 'The access token is invalid, expired, revoked or not for this server.' };
    if (!info.scope.split(' ').includes(MCP_SCOPE))
      return { status: 403, error: 'insufficient_scope', description: `The access token lacks the ${MCP_SCOPE} scope.` };
    const { subject } = info;
    return {
      principal: subject.kind === 'user' ? { kind: 'user', id: subject.userId, groups: subject.groups } : { kind: 'client-credential', id: subject.clientId },
    };
  };
  return {
    async resolve(req, _res, next) {
      if (req.method === 'OPTIONS') return next();
      outcomes.set(req, await check(req));
      next();
    },
    principalOf(req, res) {
      const outcome = outcomes.get(req) ?? { status: 401 };
      if ('principal' in outcome) return outcome.principal;
      const params = [`resource_metadata=${quoted(options.metadataUrlOf(req))}`, `scope=${quoted(MCP_SCOPE)}`];
      if (outcome.error) params.unshift(`error=${quoted(outcome.error)}`, `error_description=${quoted(outcome.description ?? '')}`);
      res
        .status(outcome.status)
        .set({ 'WWW-Authenticate': `Bearer ${params.join(', ')}`, 'Cache-Control': 'no-store' })
        .json({
          error: outcome.error ?? 'invalid_token',
          error_description: outcome.description ?? 'An OAuth access token is required; see WWW-Authenticate for where to get one.',
        });
      return undefined;
    },
  };
}
