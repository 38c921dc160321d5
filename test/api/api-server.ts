// The example site's runtime on a store of a given engine, with a client that checks every answer against the OpenAPI document.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, silentLogger, type AppOptions } from '../../src/runtime/index.js';
import { openStore, type OpenStoreOptions, type Store } from '../../src/store/index.js';
import type { StoreTarget } from '../store/contract/context.js';
import { exampleBundle } from '../helpers/runtime.js';
import { checkResponse } from './openapi-check.js';

/** An answer of the API, its body parsed. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** JSON-encoded unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiServer {
  url: string;
  store: Store;
  /** Where `store` is, to open another store on the same database. */
  storeOptions: OpenStoreOptions;
  /** A request; every JSON answer of a documented path is checked against schemas/api.openapi.json. */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, key?: string): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** Serves the example bundle on a fresh database of `target` (or `store` when given). */
export async function startApi(
  target: StoreTarget,
  options: Partial<AppOptions> & { store?: Store; storeOptions?: OpenStoreOptions } = {},
): Promise<ApiServer> {
  const storeOptions = options.storeOptions ?? (await target.fresh());
  const store = options.store ?? (await openStore(storeOptions));
  const app = createApp({ bundle: await exampleBundle(), logger: silentLogger, loopbackOnly: true, ...options, store });
  const server: Server = createServer(app);
  // Tests block the event loop with spawnSync (CLI runs); a short keep-alive would then close
  // the idle connection just as fetch reuses it (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request<T>(method: string, path: string, { key, body, headers = {} }: RequestOptions = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(key !== undefined ? { Authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed: unknown = response.headers.get('content-type')?.startsWith('application/json') && text ? JSON.parse(text) : text;
    checkResponse(method, new URL(path, url).pathname, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  return {
    url,
    store,
    storeOptions,
    request,
    get: (path, key) => request('GET', path, key === undefined ? {} : { key }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    },
  };
}

/** A logger that keeps every line it is given, to check what reaches the logs. */
export function recordingLogger(): { logger: AppOptions['logger']; text(): string } {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ level, message, ...fields }));
  return { logger: { info: write('info'), warn: write('warn'), error: write('error') }, text: () => lines.join('\n') };
}
