// The server side of the MCP benchmark, in a process of its own so the load generator (autocannon, in
// the parent) and the server each get a core instead of sharing one event loop.
//   mcp <bundle dir>: `docsite serve` as createApp builds it (loopback, SQLite state in a temp folder).
//   echo:             a bare express endpoint that answers a POSTed JSON body with itself, and a GET's
//                     query with itself as JSON (the ceiling, the floor of GET endpoints).
// With --timed it keeps how long each request took inside the server, from its arrival at express
// to its last byte handed to the socket: the server's time, without the client's or the round trip's.
// Talks to the parent over IPC: sends `ready` once listening; answers `memory` and `timings`; exits on `stop`.
import express from 'express';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as BundleModule from '../src/bundle/index.js';
import { DEFAULT_RUNTIME_CONFIG } from '../src/config/index.js';
import type * as RateLimitModule from '../src/ratelimit/index.js';
import type * as RuntimeModule from '../src/runtime/index.js';
import type * as StoreModule from '../src/store/index.js';
import { benchQuotas } from './bench-quotas.js';

// The server runs the compiled package (dist/, which `npm run bench` builds first), as `docsite
// serve` does: through tsx, src/ carries its helpers and served about a tenth fewer calls a second.
const fromDist = <T>(path: string): Promise<T> => import(new URL(`../dist/${path}`, import.meta.url).href) as Promise<T>;
const { readBundle } = await fromDist<typeof BundleModule>('bundle/index.js');
const { memoryRateLimiter } = await fromDist<typeof RateLimitModule>('ratelimit/index.js');
const { createApp, createRateLimits, listen, silentLogger } = await fromDist<typeof RuntimeModule>('runtime/index.js');
const { openStore } = await fromDist<typeof StoreModule>('store/index.js');

export type ChildMode = 'mcp' | 'echo';

/** Messages from the child. */
export type ChildMessage =
  | { type: 'ready'; port: number; memory: Memory; loadSeconds?: number; pages?: number; tools?: { search: string; filesystem: string } }
  | { type: 'memory'; memory: Memory }
  /** Milliseconds each request took in the server since the last `timings` (with --timed). */
  | { type: 'timings'; ms: number[] };

/** Messages to the child. */
export type ParentMessage = { type: 'memory' } | { type: 'timings' } | { type: 'stop' };

export interface Memory {
  /** Resident set size, after a full garbage collection when the process runs with --expose-gc (the parent's default). */
  rssMb: number;
  /** The V8 heap in use at the same moment: what the server really keeps. */
  heapUsedMb: number;
  /** Whether a full GC ran just before the reading. */
  afterGc: boolean;
}

function memory(): Memory {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMb: rss / 2 ** 20, heapUsedMb: heapUsed / 2 ** 20, afterGc: gc !== undefined };
}

/** An app that times each request `app` answers, into `timings`. */
function timed(app: express.Express, timings: number[]): express.Express {
  const outer = express();
  outer.disable('x-powered-by');
  outer.use((_req, res, next) => {
    const start = performance.now();
    res.once('finish', () => timings.push(performance.now() - start));
    next();
  });
  outer.use(app);
  return outer;
}

async function main(mode: ChildMode, dir: string | undefined, timeRequests: boolean): Promise<void> {
  let app: express.Express;
  let store: StoreModule.Store | undefined;
  let stateDir: string | undefined;
  let ready: Omit<Extract<ChildMessage, { type: 'ready' }>, 'type' | 'port' | 'memory'> = {};
  if (mode === 'echo') {
    app = express();
    app.post('/echo', express.json(), (req, res) => void res.json(req.body));
    app.get('/echo', (req, res) => void res.json(req.query));
  } else {
    if (!dir) throw new Error('mcp mode needs the bundle folder');
    const start = performance.now();
    const bundle = await readBundle(dir);
    const loadSeconds = (performance.now() - start) / 1000;
    stateDir = mkdtempSync(join(tmpdir(), 'docsite-bench-state-'));
    store = await openStore({ dataDir: stateDir });
    app = createApp({ bundle, store, logger: silentLogger, loopbackOnly: true, rateLimits: benchRateLimits() });
    ready = {
      loadSeconds,
      pages: bundle.manifest.pages.length,
      tools: { search: bundle.manifest.tools.search.name, filesystem: bundle.manifest.tools.filesystem.name },
    };
  }
  const timings: number[] = [];
  // The HTTP server `docsite serve` runs (its keep-alive and parser settings), for the ceiling too.
  const listening = await listen(timeRequests ? timed(app, timings) : app, '127.0.0.1', 0);
  const { port } = listening.server.address() as AddressInfo;
  const send = (message: ChildMessage): void => void process.send!(message);
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'memory') send({ type: 'memory', memory: memory() });
    if (message.type === 'timings') send({ type: 'timings', ms: timings.splice(0) });
    if (message.type === 'stop') {
      void listening
        .close(0)
        .then(() => store?.close())
        .finally(() => {
          if (stateDir) rmSync(stateDir, { recursive: true, force: true });
          process.exit(0);
        });
    }
  });
  send({ type: 'ready', port, memory: memory(), ...ready });
}

const [mode, ...rest] = process.argv.slice(2);
await main(
  mode as ChildMode,
  rest.find((arg) => arg !== '--timed'),
  rest.includes('--timed'),
);

/** The rate limits of `docsite serve` with quotas no run reaches (see bench-quotas.ts): the limiter's cost is still measured. */
function benchRateLimits() {
  return createRateLimits({ limiter: memoryRateLimiter(), config: { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: benchQuotas() }, logger: silentLogger });
}
