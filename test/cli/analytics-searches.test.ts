// `docsite analytics searches`: the search report of the dashboard's "Search and agents" page, from the command line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, openStore } from '../../src/store/index.js';
import { runCli } from '../helpers/cli.js';

describe('docsite analytics searches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-searches-'));
  const state = ['--data-dir', join(dir, 'state'), '--project', 'acme'];
  const today = new Date().toISOString().slice(0, 10);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    const store = await openStore({ dataDir: join(dir, 'state') });
    const day = Math.floor(Date.now() / DAY_MS);
    await store.addUsageCounts({
      projectId: 'acme',
      tools: [
        { day, tool: 'readerSearch', calls: 5, noResults: 1 },
        { day, tool: 'search', calls: 3, noResults: 0 },
        { day: day - 40, tool: 'filesystem', calls: 9, noResults: 0 },
      ],
      queries: [
        { day, query: 'install', searches: 4, noResults: 0 },
        { day, query: 'sso', searches: 1, noResults: 1 },
      ],
    });
    await store.close();
  });

  it('prints calls per tool and day, top searches and searches without results of the last 30 days', () => {
    const { code, stdout } = runCli(['analytics', 'searches', ...state]);
    expect(code).toBe(0);
    expect(stdout).toContain('Calls per tool and day:\nDAY');
    expect(stdout).toMatch(new RegExp(`${today}\\s+readerSearch\\s+5\\s+1\\n${today}\\s+search\\s+3\\s+0\\n\\n`));
    expect(stdout).toMatch(/Top searches:\nSEARCHES\s+NO RESULTS\s+TEXT\n4\s+0\s+install\n1\s+1\s+sso\n/);
    expect(stdout).toMatch(/Searches that found nothing:\nSEARCHES\s+NO RESULTS\s+TEXT\n1\s+1\s+sso\n$/);
  });

  it('prints JSON for a range, and refuses a range it cannot read', () => {
    const from = new Date(Date.now() - 45 * DAY_MS).toISOString().slice(0, 10);
    const report = JSON.parse(runCli(['analytics', 'searches', ...state, '--from', from, '--to', today, '--limit', '1', '--json']).stdout);
    expect(report.tools.map((row: { tool: string }) => row.tool)).toEqual(['filesystem', 'readerSearch', 'search']);
    expect(report.top).toEqual([{ query: 'install', searches: 4, noResults: 0 }]);
    expect(report.noResults).toEqual([{ query: 'sso', searches: 1, noResults: 1 }]);
    const backwards = runCli(['analytics', 'searches', ...state, '--from', today, '--to', from]);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('to must not be before from');
    expect(runCli(['analytics', 'searches', ...state, '--from', 'yesterday']).code).not.toBe(0);
    expect(runCli(['analytics', 'searches', '--help']).stdout).toContain('Usage: docsite analytics searches');
  });
});
