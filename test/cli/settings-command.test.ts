// `docsite settings` and `docsite users add --owner` write the store every server reads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { runCli } from '../helpers/cli.js';

describe('docsite settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns MCP off and on, and the store holds what was set', async () => {
    expect(runCli(['settings', 'list', dir]).stdout).toContain('MCP: not set (the runtime config applies)');
    expect(runCli(['settings', 'mcp', 'off', dir])).toMatchObject({ code: 0, stdout: 'MCP is now off.\n' });
    expect(JSON.parse(runCli(['settings', 'list', dir, '--json']).stdout)).toEqual({ mcpEnabled: false });
    expect(runCli(['settings', 'mcp', 'maybe', dir]).code).toBe(2);
    runCli(['settings', 'mcp', 'on', dir]);
    const store = await openStore({ dataDir: join(dir, '.docsite') });
    expect((await store.getSettings()).mcpEnabled).toBe(true);
    await store.close();
  });

  it('adds and removes redirect URIs by the SPEC 5.4 rules', () => {
    expect(runCli(['settings', 'redirect-uris', 'add', 'app.example.com', dir]).stdout).toBe('Allowed app.example.com.\n');
    expect(runCli(['settings', 'redirect-uris', 'add', 'myapp://callback', dir]).code).toBe(0);
    const refused = runCli(['settings', 'redirect-uris', 'add', 'javascript:alert(1)', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('javascript: redirect URIs are never allowed');
    expect(runCli(['settings', 'redirect-uris', 'list', dir]).stdout).toBe('app.example.com\nmyapp://callback\n');
    expect(runCli(['settings', 'redirect-uris', 'remove', 'app.example.com', dir]).code).toBe(0);
    expect(runCli(['settings', 'redirect-uris', 'remove', 'app.example.com', dir]).code).toBe(2);
    expect(runCli(['settings', 'redirect-uris', 'list', dir]).stdout).toBe('myapp://callback\n');
  });

  it('refuses to change a setting the runtime config fixes, naming the file', () => {
    const fixedDir = mkdtempSync(join(tmpdir(), 'docsite-settings-fixed-'));
    try {
      // The session secret is an env reference this shell does not have: settings commands do not need it.
      writeFileSync(
        join(fixedDir, 'docsite.config.json'),
        JSON.stringify({ authentication: { provider: { type: 'local' }, session: { secret: { env: 'UNSET_SECRET' } } }, settings: { fixed: ['mcpEnabled'] } }),
      );
      const refused = runCli(['settings', 'mcp', 'off', fixedDir]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`mcpEnabled is fixed by the runtime config ${join(fixedDir, 'docsite.config.json')}`);
      expect(runCli(['settings', 'redirect-uris', 'add', 'app.example.com', fixedDir]).code).toBe(0);
      expect(runCli(['settings', 'list', fixedDir]).stdout).toContain('MCP: not set (the runtime config applies) (fixed by');
      const other = join(fixedDir, 'other.json');
      writeFileSync(other, JSON.stringify({ settings: { fixed: ['redirectUris'] } }));
      expect(runCli(['settings', 'mcp', 'off', fixedDir, '--config', other]).code).toBe(0);
      expect(runCli(['settings', 'redirect-uris', 'remove', 'app.example.com', fixedDir, '--config', other]).stderr).toContain('redirectUris is fixed');
    } finally {
      rmSync(fixedDir, { recursive: true, force: true });
    }
  });

  it('has --help on each command', () => {
    for (const args of [['settings'], ['settings', 'mcp'], ['settings', 'redirect-uris', 'add']]) {
      expect(runCli([...args, '--help']).stdout).toContain('Usage: docsite');
    }
  });

  it('adds owner accounts with users add --owner', () => {
    expect(runCli(['users', 'add', 'olive', dir, '--owner', '--password', 'pw']).stdout).toBe('Added owner olive.\n');
    runCli(['users', 'add', 'rita', dir, '--password', 'pw']);
    expect(JSON.parse(runCli(['users', 'list', dir, '--json']).stdout).users.map((u: { username: string; owner: boolean }) => [u.username, u.owner])).toEqual([
      ['olive', true],
      ['rita', false],
    ]);
  });
});
