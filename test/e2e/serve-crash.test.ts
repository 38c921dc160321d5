// `docsite serve` killed with SIGKILL while the assistant endpoint is under write load: after a
// restart on the same store, every conversation the server acknowledged is there, and the store is whole.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachEngine } from '../api/engines.js';
import { runCli } from '../helpers/cli.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';
import { stateArgs } from './cli-state.js';

/** Concurrent writers: enough that requests are in flight at every stage (parsed, searching, committing) when the kill lands. */
const WRITERS = 12;
/** Acknowledged writes before the kill, so it lands well inside the load rather than at its start. */
const ACKED_BEFORE_KILL = 120;

interface Conversation {
  id: string;
  timestamp: string;
  query: string;
  response: string;
  sources: { title: string; url: string }[];
  resolutionStatus: string;
}

function createKey(kind: 'admin' | 'assistant', state: string[]): string {
  const result = runCli(['keys', 'create', '--kind', kind, '--json', ...state]);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { key: string }).key;
}

/** Every conversation of the export, page by page through `nextCursor`. */
async function exportAll(server: ServeProcess, adminKey: string): Promise<Conversation[]> {
  const rows: Conversation[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '97', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${server.url}/v1/analytics/acme/assistant?${query}`, { headers: { Authorization: `Bearer ${adminKey}` } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { conversations: Conversation[]; nextCursor: string | null; hasMore: boolean };
    rows.push(...page.conversations);
    expect(page.hasMore).toBe(page.nextCursor !== null);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

forEachEngine('docsite serve killed with SIGKILL under assistant write load', (target) => {
  let site: string;
  let state: string[];
  let server: ServeProcess | undefined;
  let storeOptions: Awaited<ReturnType<typeof target.fresh>>;

  beforeAll(async () => {
    site = copyExample();
    storeOptions = await target.fresh();
    state = await stateArgs(storeOptions);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await target.dispose();
  });

  it('keeps every acknowledged conversation and a consistent store after a restart', async () => {
    const assistantKey = createKey('assistant', state);
    const adminKey = createKey('admin', state);
    server = await startServe(site, state);
    const url = `${server.url}/v1/assistant/acme/message`;

    /** Query text → id the server answered with; only 2xx answers count. */
    const acknowledged = new Map<string, string>();
    let sent = 0;
    let failedAfterKill = 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    const crashed = server;

    async function writer(n: number): Promise<void> {
      for (let i = 0; !killed; i++) {
        const query = `crash probe ${n}-${i}: how do I verify webhook signatures?`;
        sent++;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { Authorization: `Bearer ${assistantKey}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ query, pagePath: '/guides/webhooks' }),
          });
          const body = (await response.json()) as Conversation;
          if (response.ok) {
            expect(body.query).toBe(query);
            acknowledged.set(query, body.id);
          } else {
            throw new Error(`the assistant answered ${response.status} before the kill: ${JSON.stringify(body)}`);
          }
        } catch (error) {
          // Connection reset or refused, or a body cut short: the kill. Anything earlier is a failure.
          if (!killed && !killing) throw error;
          failedAfterKill++;
          return;
        }
        if (acknowledged.size >= ACKED_BEFORE_KILL && !killing) {
          killing = crashed.kill().then(() => {
            killed = true;
          });
        }
      }
    }
    await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    // The kill interrupted requests in flight: it landed inside the load.
    expect(failedAfterKill).toBeGreaterThan(0);

    server = await startServe(site, state);
    const rows = await exportAll(server, adminKey);

    // Every row exactly once, in export order (newest first, ties by id).
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = rows.map((row) => `${row.timestamp} ${row.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    // Every acknowledged conversation, under the id the server answered with.
    const byQuery = new Map(rows.map((row) => [row.query, row]));
    for (const [query, id] of acknowledged) expect(byQuery.get(query)?.id, query).toBe(id);
    // Nothing beyond what was sent, and no partial row: each one complete, as the assistant wrote it.
    expect(rows.length).toBeLessThanOrEqual(sent);
    for (const row of rows) {
      expect(row.query).toMatch(/^crash probe \d+-\d+: how do I verify webhook signatures\?$/);
      expect(row.response.length).toBeGreaterThan(0);
      expect(row.resolutionStatus).toBe('answered');
      expect(row.sources.length).toBeGreaterThan(0);
    }
    // The database agrees with the export.
    const [counted] = await target.sql(storeOptions, 'SELECT COUNT(*) AS n FROM conversations');
    expect(Number(counted!.n)).toBe(rows.length);
    if (target.name === 'SQLite') {
      expect(await target.sql(storeOptions, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
    // The restarted server takes writes again.
    const after = await fetch(url.replace(crashed.url, server.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${assistantKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'after the restart: webhooks?' }),
    });
    expect(after.status).toBe(200);
  }, 180_000);
});
