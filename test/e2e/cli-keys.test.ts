// `docsite keys` as an operator runs it, against a server using the same database: create, list, revoke.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine } from '../api/engines.js';
import { startApi, type ApiServer } from '../api/api-server.js';
import { runCli } from '../helpers/cli.js';
import { writeSite } from '../helpers/site.js';
import { stateArgs } from './cli-state.js';

const LIST = '/v1/analytics/acme/assistant';

describe('docsite keys: usage', () => {
  it('has help for every subcommand', () => {
    for (const args of [
      ['keys', '--help'],
      ['keys', 'create', '--help'],
      ['keys', 'list', '--help'],
      ['keys', 'revoke', '--help'],
    ]) {
      const result = runCli(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toContain('Usage: docsite keys');
    }
    expect(runCli(['keys', 'create', '--help']).stdout).toMatch(
      /--kind <kind>[\s\S]*--label <label>[\s\S]*--json[\s\S]*--data-dir <dir>[\s\S]*--database-url <url>/,
    );
  });

  it('refuses bad input with a clear message and exit code 2', () => {
    const site = writeSite({ 'docs.json': { name: 'My Docs', navigation: { pages: ['index'] } } });
    const cases: [string[], RegExp][] = [
      [['keys', 'create', site], /required option '--kind <kind>' not specified/],
      [['keys', 'create', site, '--kind', 'root'], /Allowed choices are admin, assistant/],
      [['keys', 'revoke', '01ARZ3NDEKTSV4RRFFQ69G5FAV', site], /There is no API key with id 01ARZ3NDEKTSV4RRFFQ69G5FAV/],
      [['keys', 'revoke', site], /There is no API key with id/],
      [['keys', 'list', site, '--database-url', 'mysql://db/x'], /expected a postgres:\/\/ URL/],
      [['keys', 'list', join(site, 'nowhere')], /There is no folder/],
    ];
    for (const [args, message] of cases) {
      const result = runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(existsSync(join(site, 'nowhere'))).toBe(false);
  });

  it('reports an unreachable database without its password', () => {
    const result = runCli(['keys', 'list', '.', '--database-url', 'postgres://docsite:s3cret-pw@127.0.0.1:1/nowhere']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unavailable/i);
    expect(result.stderr).not.toContain('s3cret-pw');
  });

  it('keeps its state in <dir>/.docsite by default', () => {
    const site = writeSite({ 'docs.json': { name: 'My Docs', navigation: { pages: ['index'] } } });
    const created = runCli(['keys', 'create', site, '--kind', 'admin', '--json']);
    expect(created.code).toBe(0);
    expect(existsSync(join(site, '.docsite', 'docsite.db'))).toBe(true);
    expect(JSON.parse(runCli(['keys', 'list', site, '--json']).stdout).keys).toHaveLength(1);
  });
});

forEachEngine('docsite keys with a running server', (target) => {
  let api: ApiServer;
  let state: string[];
  beforeAll(async () => {
    const options = await target.fresh();
    state = await stateArgs(options);
    api = await startApi(target, { storeOptions: options });
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it('creates a key that works at once, lists it without the key, and revokes it at once', async () => {
    const created = runCli(['keys', 'create', '--kind', 'admin', '--label', 'reporting', '--json', ...state]);
    expect(created.code).toBe(0);
    const printed = JSON.parse(created.stdout) as { id: string; key: string; kind: string };
    expect(Object.keys(printed)).toEqual(['id', 'key', 'kind']);
    expect(printed.kind).toBe('admin');
    expect(printed.key).toMatch(/^docsite_[0-9A-Za-z]{43,}$/);
    expect((await api.get(LIST, printed.key)).status).toBe(200);

    const text = runCli(['keys', 'create', '--kind', 'assistant', ...state]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Created assistant key [0-9A-Z]{26}:\n\n {2}docsite_\S+\n\n.*shown again/);
    const assistantKey = /docsite_\S+/.exec(text.stdout)![0];
    expect((await api.get(LIST, assistantKey)).status).toBe(403);

    const list = runCli(['keys', 'list', ...state]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+KIND\s+LABEL\s+CREATED\s+LAST USED\n/);
    expect(list.stdout).toMatch(new RegExp(`${printed.id}\\s+admin\\s+reporting\\s+\\d{4}-\\d{2}-\\d{2}T\\S+Z\\s+\\d{4}-\\d{2}-\\d{2}T\\S+Z\\n`));
    // Used once (for the 403 above), so it has a last-used time too.
    expect(list.stdout).toMatch(/assistant\s+-\s+\S+Z\s+\S+Z\n/);
    const json = runCli(['keys', 'list', '--json', ...state]);
    expect(JSON.parse(json.stdout).keys.map((k: { kind: string }) => k.kind)).toEqual(['admin', 'assistant']);
    for (const output of [list.stdout, json.stdout]) {
      expect(output).not.toContain(printed.key);
      expect(output).not.toContain(assistantKey);
    }

    const revoked = runCli(['keys', 'revoke', printed.id.toLowerCase(), ...state]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe(`Revoked key ${printed.id}.\n`);
    expect((await api.get(LIST, printed.key)).status).toBe(401);
    expect(JSON.parse(runCli(['keys', 'list', '--json', ...state]).stdout).keys).toHaveLength(1);
    expect(runCli(['keys', 'revoke', printed.id, ...state]).code).toBe(2);
  });
});
