// Benchmark `dashboard-pages`: every page an owner uses at /_docsite/admin, as full HTTP GETs of
// `docsite serve` (the compiled package, its own process) signed in as an owner, over the 1,000,000
// conversations the `dashboard` benchmark fills and keeps (SQLite and PostgreSQL). `/healthz` of the
// same server is the floor measured in the same run: on a loaded machine a miss shows against it.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/store/index.js';
import { benchQuotas } from './bench-quotas.js';
import { dashboardEngines, type Engine, fill, ms, PROJECT, range, spreadIds, TARGET_P99_MS } from './dashboard-queries.js';
import { percentile } from './measure.js';
import type { Benchmark, BenchmarkReport, Check } from './report.js';
import { BIN } from './serve-process.js';

const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS) || 100;
const EXAMPLE = join(import.meta.dirname, '..', 'examples', 'acme');
const OWNER = { username: 'bench-owner', password: 'bench-owner-password' };
const SESSION_SECRET = 'bench-session-secret-of-at-least-32-characters';

/** The site as an authenticated one (local accounts, so the MCP page exists) under the filled project, quotas raised. */
function runtimeConfig(file: string): string {
  const config = {
    projectId: PROJECT,
    authentication: { provider: { type: 'local' }, session: { secret: { env: 'SESSION_SECRET' } }, ownersGroup: 'owners' },
    rateLimits: benchQuotas(),
  };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** `docsite serve` of `site` on the engine's database; resolves once it listens. */
async function serve(site: string, engine: Engine, config: string): Promise<Served> {
  const storeArgs = 'databaseUrl' in engine.options ? ['--database-url', engine.options.databaseUrl!] : ['--data-dir', engine.options.dataDir!];
  const args = [BIN, 'serve', site, '--port', '0', '--log-level', 'warn', '--config', config, ...storeArgs];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SESSION_SECRET } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      printed += chunk.toString('utf8');
      const match = /serving .* at (\S+)\n/.exec(printed);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`docsite serve exited before listening:\n${printed}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A browser's cookies on one site: enough to sign in and stay signed in. */
class Owner {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(new URL(path, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** GETs `path` and reads the whole answer; refuses anything but 200. */
  async page(path: string): Promise<string> {
    const response = await this.request(path);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return text;
  }

  async signIn(): Promise<void> {
    const form = await this.page('/_docsite/login?return_to=%2F_docsite%2Fadmin');
    const fields = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
    );
    const signedIn = await this.request('/_docsite/login', { method: 'POST', body: new URLSearchParams({ ...fields, ...OWNER }) });
    if (signedIn.status !== 303) throw new Error(`signing in answered ${signedIn.status}`);
  }
}

const query = (values: Record<string, string>): string => new URLSearchParams(values).toString();

/** The path of each page for round `i`: ranges, conversations and cursors move with the round so caches do not flatter it. */
interface PagePaths {
  name: string;
  path(i: number): string;
}

/** Every page an owner uses; `cursors` are page-2 links of the unanswered list, `ids` conversations spread over the filled months. */
function pages(ids: readonly string[], cursors: readonly string[]): PagePaths[] {
  const analytics = (days: number) => (i: number) => {
    const { from, to } = range(days, i);
    return `/_docsite/admin/analytics?${query({ from, to })}`;
  };
  return [
    { name: 'floor: /healthz', path: () => '/healthz' },
    { name: 'overview', path: () => '/_docsite/admin' },
    { name: 'API keys', path: () => '/_docsite/admin/keys' },
    { name: 'Security & access → MCP', path: () => '/_docsite/admin/mcp' },
    { name: 'assistant analytics, 30 days', path: analytics(30) },
    { name: 'assistant analytics, 365 days', path: analytics(365) },
    { name: 'a conversation', path: (i) => `/_docsite/admin/analytics/conversations/${ids[i % ids.length]}` },
    { name: 'unanswered, page 2 (keyset cursor)', path: (i) => cursors[i % cursors.length]! },
    { name: 'feedback', path: () => '/_docsite/admin/feedback' },
    {
      name: 'export, one day as CSV (~2,500 rows)',
      path: (i) => {
        const { from } = range(1, i);
        return `/_docsite/admin/analytics/export?${query({ format: 'csv', from, to: from })}`;
      },
    },
  ];
}

interface Timing {
  page: string;
  p50: number;
  p99: number;
}

async function measure(engine: Engine, site: string, config: string): Promise<Timing[]> {
  const store = await openStore(engine.options);
  let ids: string[];
  try {
    if (!(await store.verifyUser(OWNER.username, OWNER.password))) await store.addUser({ ...OWNER, groups: ['owners'] });
    // A few keys so the keys page lists something, as a real site's does.
    if ((await store.listApiKeys()).length < 5)
      for (let i = 0; i < 5; i++) await store.createApiKey({ kind: i % 2 ? 'admin' : 'assistant', label: `bench ${i}` });
    ids = await spreadIds(store);
  } finally {
    await store.close();
  }
  const server = await serve(site, engine, config);
  try {
    const owner = new Owner(server.url);
    await owner.signIn();
    // Page 2 of the unanswered list of 20 ranges, as an owner reaches it: the link on page 1.
    const cursors: string[] = [];
    for (let i = 0; i < 20; i++) {
      const html = await owner.page(pages([], [])[4]!.path(i));
      const older = /href="([^"]+after=[^"]+)#unanswered"/.exec(html)?.[1];
      if (older) cursors.push(older.replace(/&amp;/g, '&'));
    }
    if (cursors.length === 0) throw new Error('no analytics page linked to older unanswered conversations');
    const timings: Timing[] = [];
    for (const page of pages(ids, cursors)) {
      for (let i = 0; i < 5; i++) await owner.page(page.path(i));
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        await owner.page(page.path(i));
        times.push(performance.now() - start);
      }
      timings.push({ page: page.name, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
    }
    return timings;
  } finally {
    await server.stop();
  }
}

export const dashboardPagesBenchmark: Benchmark = {
  name: 'dashboard-pages',
  title: `owner's dashboard pages over HTTP (docsite serve, signed in as an owner) at the dashboard benchmark's conversations, p99 target ${TARGET_P99_MS} ms`,
  async run(): Promise<BenchmarkReport> {
    const dir = mkdtempSync(join(tmpdir(), 'docsite-bench-dashboard-pages-'));
    const rows: string[][] = [];
    const checks: Check[] = [];
    const notes = [
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}; ${ROUNDS} GETs per page, one keep-alive client`,
    ];
    try {
      const site = join(dir, 'site');
      cpSync(EXAMPLE, site, { recursive: true });
      const config = runtimeConfig(join(dir, 'docsite.config.json'));
      for (const engine of dashboardEngines()) {
        const fillSeconds = await fill(engine);
        notes.push(`${engine.name}: ${fillSeconds === 0 ? 'reused the filled database of the dashboard benchmark' : `filled in ${fillSeconds.toFixed(1)} s`}`);
        const timings = await measure(engine, site, config);
        const floor = timings[0]!;
        for (const timing of timings) {
          rows.push([engine.name, timing.page, ms(timing.p50), ms(timing.p99), `${(timing.p50 / floor.p50).toFixed(1)} x`]);
          if (timing !== floor)
            checks.push({
              label: `${engine.name} ${timing.page} p99`,
              actual: ms(timing.p99),
              target: `< ${TARGET_P99_MS} ms`,
              pass: timing.p99 < TARGET_P99_MS,
            });
        }
        notes.push(
          `load average after ${engine.name}: ${loadavg()
            .map((l) => l.toFixed(2))
            .join(', ')}`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return { table: { columns: ['engine', 'page', 'p50', 'p99', 'p50 / floor'], rows }, checks, notes };
  },
};
