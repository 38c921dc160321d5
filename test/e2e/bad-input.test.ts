// A seeded fuzz test of `docsite serve` (with authentication, so every endpoint is there): malformed
// JSON-RPC, wrong types, huge and deep bodies, odd Unicode, path traversal, header injection and
// oversized URLs at every endpoint. Each gets its 4xx (with JSON where the endpoint speaks JSON),
// the process stays up with bounded memory, and nothing is written. FUZZ_SEED=<n> replays a run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { send, sendBytes, type RawAnswer } from '../helpers/raw-http.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';
import { badInputs, type FuzzTarget } from './bad-input-cases.js';

const SEED = Number(process.env.FUZZ_SEED) || 20_261_123;
/** How much the server's resident memory may grow over the whole run. */
const RSS_GROWTH_LIMIT_MB = 100;
const TABLES = ['conversations', 'feedback', 'api_keys', 'oauth_clients', 'oauth_codes', 'oauth_tokens', 'users'];
const SESSION_ENV = { SESSION_SECRET: 'fuzz-test-session-secret-of-32-characters' };

/** The server's resident set size in MB, from /proc. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function rowCounts(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, 'docsite.db'), { readonly: true });
  try {
    return Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

describe(`docsite serve under bad input (FUZZ_SEED=${SEED})`, () => {
  let server: ServeProcess;
  let dataDir: string;
  let target: FuzzTarget;

  beforeAll(async () => {
    const site = copyExample();
    dataDir = join(site, '.state');
    writeFileSync(
      join(site, 'docsite.config.json'),
      JSON.stringify({ authentication: { provider: { type: 'local' }, session: { secret: { env: 'SESSION_SECRET' } } } }),
    );
    const state = ['--data-dir', dataDir];
    const keyOf = (kind: string): string => JSON.parse(runCli(['keys', 'create', site, '--kind', kind, '--json', ...state]).stdout).key as string;
    const [assistantKey, adminKey] = [keyOf('assistant'), keyOf('admin')];
    const credential = JSON.parse(runCli(['credentials', 'create', site, '--label', 'fuzz', '--json', ...state]).stdout) as {
      clientId: string;
      clientSecret: string;
    };
    server = await startServe(site, state, SESSION_ENV);
    const token = await fetch(`${server.url}/authed/mcp/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
    });
    const accessToken = ((await token.json()) as { access_token: string }).access_token;
    target = { assistantKey, adminKey, accessToken, tools: { search: 'search_acme', filesystem: 'query_docs_filesystem_acme' } };
  }, 120_000);
  afterAll(() => server?.stop());

  it('answers every bad request with its 4xx, stays up with bounded memory, and writes nothing', async () => {
    const cases = badInputs(SEED, target);
    // A warm-up pass, so the baseline includes what the first requests allocate once (code, caches).
    for (const warm of cases.slice(0, 40)) if (warm.request) await send(server.url, warm.request);
    const rowsBefore = rowCounts(dataDir);
    const rssBefore = rssMb(server.pid);

    const problems: string[] = [];
    for (const [index, fuzz] of cases.entries()) {
      let answer: RawAnswer;
      try {
        answer = fuzz.bytes !== undefined ? await sendBytes(server.url, fuzz.bytes) : await send(server.url, fuzz.request!);
      } catch (error) {
        problems.push(`#${index} ${fuzz.label}: ${(error as Error).message}`);
        continue;
      }
      const problem = fuzz.check(answer);
      if (problem) problems.push(`#${index} ${fuzz.label}: ${problem}`);
    }

    expect(problems, `seed ${SEED}`).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(rowCounts(dataDir)).toEqual(rowsBefore);
    const growth = rssMb(server.pid) - rssBefore;
    expect(growth, `RSS ${rssBefore.toFixed(0)} MB + ${growth.toFixed(0)} MB over ${cases.length} requests`).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    // No request reached an unhandled error.
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":"error"')),
    ).toEqual([]);
  }, 300_000);
});
