// Serves the example site with site authentication in-process, and a cookie-keeping browser for its forms.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSiteAuth, type SiteAuthOptions } from '../../src/auth/index.js';
import type { LoadedBundle } from '../../src/bundle/index.js';
import { parseRuntimeConfig, type RuntimeConfig } from '../../src/config/index.js';
import { createApp, silentLogger, type AppOptions } from '../../src/runtime/index.js';
import { liveSettings } from '../../src/settings/index.js';
import { openStore, type OpenStoreOptions, type Store } from '../../src/store/index.js';
import { exampleBundle } from './runtime.js';

export interface AuthRuntime {
  url: string;
  store: Store;
  /** The SQLite data folder ('' when the store is PostgreSQL). */
  dataDir: string;
  config: RuntimeConfig;
  /** Moves the store's clock forward (token and code expiry). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The runtime config a JSON object describes, through the real loader; throws on diagnostics. */
export function runtimeConfig(json: object, env: Record<string, string> = {}): RuntimeConfig {
  const result = parseRuntimeConfig(JSON.stringify(json), 'docsite.config.json', { env, baseDir: tmpdir() });
  if (!result.config) throw new Error(`invalid test config: ${JSON.stringify(result.diagnostics)}`);
  return result.config;
}

/** A local-provider config with a fixed session secret, merged with `extra` at the top level. */
export function localConfig(extra: object = {}): object {
  return { authentication: { provider: { type: 'local' }, session: { secret: { env: 'SESSION_SECRET' } } }, ...extra };
}

export const SESSION_ENV = { SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' };

/** What else an auth runtime may be given: another instance's database, settings of site authentication. */
export interface AuthRuntimeOptions {
  /** The database to open (e.g. the one another instance uses); default a fresh SQLite folder. */
  store?: OpenStoreOptions;
  /** Options passed on to `createSiteAuth` (e.g. a rate limiter shared with another instance). */
  siteAuth?: Partial<SiteAuthOptions>;
  /** Options passed on to `createApp` (e.g. `trustProxy`, so tests can speak from several addresses). */
  app?: Partial<AppOptions>;
}

/** Serves the example bundle (or `bundle`) on a free loopback port with a fresh SQLite store and the given runtime config. */
export async function startAuthRuntime(
  json: object = localConfig(),
  env: Record<string, string> = SESSION_ENV,
  bundle?: LoadedBundle,
  options: AuthRuntimeOptions = {},
): Promise<AuthRuntime> {
  const config = runtimeConfig(json, env);
  const storeOptions = options.store ?? { dataDir: mkdtempSync(join(tmpdir(), 'docsite-auth-')) };
  const dataDir = 'dataDir' in storeOptions ? storeOptions.dataDir : '';
  let offset = 0;
  const store = await openStore({ ...storeOptions, clock: () => Date.now() + offset });
  bundle ??= await exampleBundle();
  const auth = config.authentication
    ? createSiteAuth({
        authentication: config.authentication,
        oauth: config.oauth,
        settings: liveSettings({ store, config }),
        store,
        siteName: bundle.manifest.site.name,
        logger: silentLogger,
        siteUrlOf: (req) => `${req.protocol}://${req.get('host')}`,
        ...options.siteAuth,
      })
    : undefined;
  const app = createApp({ bundle, store, logger: silentLogger, loopbackOnly: true, ...(auth ? { auth } : {}), ...options.app });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    dataDir,
    config,
    advance: (ms) => void (offset += ms),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    },
  };
}

/** The values of the hidden inputs of the first form in `html`. */
export function hiddenFields(html: string): Record<string, string> {
  const unescapeHtml = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [unescapeHtml(m[1]!), unescapeHtml(m[2]!)]));
}

/** fetch with a cookie jar (per origin) and no automatic redirects, for protocol-level tests; flows a person performs run in Chromium (test/browser/). */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(private readonly base: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.base);
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attributes.some((a) => /^(max-age=0|expires=thu, 01 jan 1970)/i.test(a.trim()))) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** The Cookie header this browser sends to its site: what a thief who copied its cookies would replay. */
  cookieHeader(): string {
    return [...(this.jars.get(new URL(this.base).origin) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { headers });
  }

  /**
   * Posts a form with only the headers given: no `Origin` or `Sec-Fetch-Site` unless a test says
   * which (what a script or an old browser sends). What Chromium sends is tested in test/browser/.
   */
  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { method: 'POST', body: new URLSearchParams(fields), headers });
  }

  /** Signs in through the local provider's form; returns the final response of the POST. */
  async signIn(username: string, password: string, returnTo = '/'): Promise<Response> {
    const form = await this.get(`/_docsite/login?return_to=${encodeURIComponent(returnTo)}`);
    const fields = hiddenFields(await form.text());
    return this.post('/_docsite/login', { ...fields, username, password });
  }
}

/** The documents every reader may fetch whatever the site holds: agent files and discovery documents, where a leak would show. */
export const SITE_DOCUMENTS = [
  '/llms.txt',
  '/llms-full.txt',
  '/sitemap.xml',
  '/robots.txt',
  '/skill.md',
  '/.well-known/mcp',
  '/.well-known/mcp/server-cards.json',
  '/.well-known/ai-catalog.json',
  '/mcp/server-card',
  '/authed/mcp/server-card',
] as const;
