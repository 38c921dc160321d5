// Applies docs.json's api settings to a page's `api` frontmatter (SPEC.md 2.10 rules 1-3).
import type { AuthMethod, DocsConfig, PlaygroundMode } from '../config/index.js';
import type { HttpMethod, PageModel } from '../content/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { OperationAuth } from './openapi-page.js';

/** A manually documented API endpoint with the site's settings applied. */
export interface ResolvedEndpoint {
  method: HttpMethod;
  /** The full request URL: the page's full URL, or the default server + the page's path. */
  url: string;
  /** The path or URL as the page wrote it. */
  target: string;
  /** Servers the playground may send to: empty for a full URL in `api`. */
  servers: string[];
  authMethod: AuthMethod;
  /** Header name for the `key` method. */
  authName?: string;
  playground: PlaygroundMode;
  /** `api.examples.prefill`: the playground's inputs start with each parameter's default or example. */
  prefill: boolean;
  /** How the playground sends its requests (`api.playground.proxy` and `credentials`). */
  sending: PlaygroundSending;
}

/**
 * `proxy`: through `docsite serve` (`api.playground.proxy`, default true), so the API's CORS
 * policy does not matter; `browser`: straight from the reader's browser, with its cookies for
 * the API when `credentials` (`api.playground.credentials`) says so.
 */
export type PlaygroundSending = { via: 'proxy' } | { via: 'browser'; credentials: boolean };

/** The origins the playground of `endpoint` may send to: its URL's and its servers' (templated hosts have none). */
export function endpointOrigins(endpoint: ResolvedEndpoint): string[] {
  const origins = [endpoint.url, ...endpoint.servers].flatMap((url) => {
    const origin = URL.canParse(url) ? new URL(url).origin : undefined;
    return origin && /^https?:\/\//.test(origin) ? [origin] : [];
  });
  return [...new Set(origins)];
}

/** The servers of `api.mdx.server`, as a list. */
export function configuredServers(config: DocsConfig): string[] {
  const server = config.api?.mdx?.server;
  return server === undefined ? [] : Array.isArray(server) ? server : [server];
}

/**
 * Resolves a page's endpoint; undefined (with a diagnostic) when it cannot be. `specAuth` is the
 * authentication an OpenAPI operation's spec gives it: the page's `authMethod` overrides it, and it
 * overrides the site's `api.mdx.auth`.
 */
export function resolveEndpoint(page: PageModel, config: DocsConfig, diagnostics: Diagnostic[], specAuth?: OperationAuth): ResolvedEndpoint | undefined {
  const api = page.api;
  if (!api) return undefined;
  const servers = api.isFullUrl ? [] : configuredServers(config);
  if (!api.isFullUrl && servers.length === 0) {
    diagnostics.push(
      diagnostic('api/missing-server', page.file, api.at, `"api: ${api.method} ${api.target}" is a relative path, but docs.json sets no \`api.mdx.server\`.`),
    );
    return undefined;
  }
  const playground = page.frontmatter.playground ?? config.api?.playground?.display ?? 'interactive';
  const authMethod = page.frontmatter.authMethod ?? specAuth?.method ?? config.api?.mdx?.auth?.method ?? 'none';
  const authName = specAuth?.method === 'key' && authMethod === 'key' ? specAuth.name : config.api?.mdx?.auth?.name;
  // With the playground hidden nothing is sent, so no authentication needs configuring.
  if (authMethod === 'key' && !authName && playground !== 'none') {
    const at = page.frontmatterPositions.authMethod ?? api.at;
    diagnostics.push(diagnostic('api/missing-key-name', page.file, at, 'Authentication method `key` needs the header name in `api.mdx.auth.name`.'));
  }
  const url = api.isFullUrl ? api.target : joinUrl(servers[0]!, api.target);
  const settings = config.api?.playground;
  const sending: PlaygroundSending = settings?.proxy === false ? { via: 'browser', credentials: settings.credentials === true } : { via: 'proxy' };
  return {
    method: api.method,
    url,
    target: api.target,
    servers,
    authMethod,
    ...(authName && authMethod === 'key' ? { authName } : {}),
    playground,
    prefill: config.api?.examples?.prefill === true,
    sending,
  };
}

function joinUrl(server: string, path: string): string {
  return `${server.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
