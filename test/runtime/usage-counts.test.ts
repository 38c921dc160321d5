// Issue 29: the search box and the MCP tools are counted per tool and day, in batches; search texts only where the site allows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usageCounter, type UsageCounter } from '../../src/runtime/index.js';
import { openStore, type Store, type UsageBatch } from '../../src/store/index.js';
import { Browser, localConfig, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { callTool } from '../helpers/mcp-rpc.js';

const today = new Date().toISOString().slice(0, 10);

let runtime: AuthRuntime | undefined;
let counterStore: Store | undefined;
afterEach(async () => {
  await runtime?.close();
  await counterStore?.close();
  runtime = counterStore = undefined;
});

/** An auth runtime whose searches and tool calls are counted through a store of its own on the same database (as another connection). */
async function countedRuntime(config: object, storeSignedInQueries = false): Promise<{ runtime: AuthRuntime; usage: UsageCounter }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docsite-usage-'));
  counterStore = await openStore({ dataDir });
  const usage = usageCounter({ store: counterStore, projectId: 'acme', flushMs: 60_000 });
  runtime = await startAuthRuntime(config, undefined, undefined, { store: { dataDir }, app: { usage, storeSignedInQueries } });
  return { runtime, usage };
}

describe('search and tool counts', () => {
  it('counts reader searches, MCP searches and filesystem calls per tool, and searches that found nothing, after a flush', async () => {
    // Without authentication every reader and agent is anonymous and reads every page.
    const { runtime, usage } = await countedRuntime({});
    const { tools } = (await import('../helpers/runtime.js').then((m) => m.exampleBundle())).manifest;
    const reader = new Browser(runtime.url);
    expect((await reader.get('/_docsite/search?q=Install')).status).toBe(200);
    await reader.get('/_docsite/search?q=zzqxnothing');
    await callTool(`${runtime.url}/mcp`, tools.search.name, { query: 'install' });
    await callTool(`${runtime.url}/mcp`, tools.search.name, { query: 'zzqxnothing' });
    await callTool(`${runtime.url}/mcp`, tools.filesystem.name, { command: 'ls /' });
    // Nothing is written per request: the counts reach the store with the batch.
    expect(await runtime.store.toolCallsPerDay({ projectId: 'acme', from: today, to: today })).toEqual([]);
    await usage.flush();
    expect(await runtime.store.toolCallsPerDay({ projectId: 'acme', from: today, to: today })).toEqual([
      { day: today, tool: 'readerSearch', calls: 2, noResults: 1 },
      { day: today, tool: 'search', calls: 2, noResults: 1 },
      { day: today, tool: 'filesystem', calls: 1, noResults: 0 },
    ]);
    const range = { projectId: 'acme', from: today, to: today, limit: 10 };
    expect(await runtime.store.topSearches(range)).toEqual([
      { query: 'install', searches: 2, noResults: 0 },
      { query: 'zzqxnothing', searches: 2, noResults: 2 },
    ]);
    expect(await runtime.store.topSearches({ ...range, noResults: true })).toEqual([{ query: 'zzqxnothing', searches: 2, noResults: 2 }]);
  });

  it("counts a signed-in reader's searches without their text, unless analytics.storeSignedInQueries", async () => {
    for (const storeSignedInQueries of [false, true]) {
      const { runtime: signedIn, usage } = await countedRuntime(localConfig(), storeSignedInQueries);
      await signedIn.store.addUser({ username: 'ann', password: 'ann-password' });
      const ann = new Browser(signedIn.url);
      expect((await ann.signIn('ann', 'ann-password')).status).toBe(303);
      await ann.get('/_docsite/search?q=private%20plans');
      await usage.flush();
      expect(await signedIn.store.toolCallsPerDay({ projectId: 'acme', from: today, to: today })).toEqual([
        { day: today, tool: 'readerSearch', calls: 1, noResults: expect.any(Number) },
      ]);
      const texts = (await signedIn.store.topSearches({ projectId: 'acme', from: today, to: today, limit: 10 })).map((row) => row.query);
      expect(texts).toEqual(storeSignedInQueries ? ['private plans'] : []);
      await signedIn.close();
      await counterStore!.close();
      runtime = counterStore = undefined;
    }
  });
});

describe('the usage counter', () => {
  it('adds one batch per flush, and keeps a batch the store refused for the next', async () => {
    const batches: UsageBatch[] = [];
    let failing = true;
    const store = {
      async addUsageCounts(batch: UsageBatch) {
        if (failing) throw new Error('database down');
        batches.push(batch);
      },
    };
    const errors: unknown[] = [];
    const usage = usageCounter({
      store,
      projectId: 'acme',
      flushMs: 60_000,
      now: () => Date.parse('2026-03-10T12:00:00Z'),
      onFlushError: (e) => errors.push(e),
    });
    for (let i = 0; i < 100; i++) usage.record({ tool: 'search', search: { query: i % 2 ? 'Install ' : 'install', found: i % 10 ? 3 : 0 } });
    usage.record({ tool: 'filesystem' });
    await usage.flush();
    expect(errors).toHaveLength(1);
    failing = false;
    usage.record({ tool: 'search', search: { query: undefined, found: 0 } });
    await usage.close();
    const day = Date.parse('2026-03-10T00:00:00Z') / 86_400_000;
    expect(batches).toEqual([
      {
        projectId: 'acme',
        tools: [
          { day, tool: 'search', calls: 101, noResults: 11 },
          { day, tool: 'filesystem', calls: 1, noResults: 0 },
        ],
        queries: [{ day, query: 'install', searches: 100, noResults: 10 }],
      },
    ]);
    await usage.flush();
    expect(batches).toHaveLength(1);
  });
});
