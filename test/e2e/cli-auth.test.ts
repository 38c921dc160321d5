// `docsite users`, `docsite credentials` and `docsite serve --config` as an operator runs them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { rpc } from '../helpers/mcp-rpc.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

function docsite(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, NO_COLOR: '1', SESSION_SECRET: 'cli-test-session-secret-32-characters-long' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let site: string;
let state: string[];

beforeAll(() => {
  site = copyExample();
  state = ['--data-dir', mkdtempSync(join(tmpdir(), 'docsite-cli-auth-'))];
});

describe('docsite users', () => {
  it('adds a user with the password from stdin, lists and removes them', () => {
    const added = docsite(['users', 'add', 'Ann', site, ...state, '--group', 'enterprise', '--group', 'admins', '--password-stdin'], 'ann-password\n');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('Added user ann in enterprise, admins.\n');
    const listed = docsite(['users', 'list', site, ...state, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual({ users: [{ username: 'ann', groups: ['enterprise', 'admins'], owner: false, createdAt: expect.any(String) }] });
    expect(docsite(['users', 'list', site, ...state]).stdout).toMatch(/^USERNAME\s+GROUPS\s+OWNER\s+CREATED\nann\s+enterprise,admins\s+no\s+\d{4}-/);
    const again = docsite(['users', 'add', 'ann', site, ...state, '--password-stdin'], 'x\n');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('There is already a user ann.');
    expect(docsite(['users', 'remove', 'ANN', site, ...state]).code).toBe(0);
    expect(docsite(['users', 'remove', 'ann', site, ...state]).code).toBe(2);
  });

  it('never takes a password from arguments unless --password is given, and asks a terminal otherwise', () => {
    const noTerminal = docsite(['users', 'add', 'bob', site, ...state], '');
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('There is no terminal to ask for the password.');
    expect(docsite(['users', 'add', 'bob', site, ...state, '--password', 'bob-password']).code).toBe(0);
  });
});

describe('docsite credentials and serve --config', () => {
  let server: ServeProcess;
  let authedMcp: string;

  beforeAll(async () => {
    const secret = join(mkdtempSync(join(tmpdir(), 'docsite-secret-')), 'session-secret');
    writeFileSync(secret, 'a-session-secret-kept-outside-the-docs-folder\n');
    writeFileSync(
      join(site, 'docsite.config.json'),
      JSON.stringify({ authentication: { provider: { type: 'local' }, session: { secret: { file: secret } } } }),
    );
    server = await startServe(site, state);
    authedMcp = /Authenticated MCP server: (\S+)/.exec(server.output())![1]!;
  }, 120_000);
  afterAll(() => server?.stop());

  it("serves /authed/mcp from the docs folder's docsite.config.json, and never publishes that file", async () => {
    expect(authedMcp).toBe(`${server.url}/authed/mcp`);
    expect((await rpc(authedMcp, 'tools/list', {})).status).toBe(401);
    expect((await fetch(`${server.url}/docsite.config.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/quickstart`)).status).toBe(404);
  });

  it('creates a credential shown once, whose token searches, and deleting it revokes the token at once', async () => {
    const created = docsite(['credentials', 'create', site, ...state, '--label', 'CI checker', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const { clientId, clientSecret } = JSON.parse(created.stdout) as { clientId: string; clientSecret: string };
    expect(Object.keys(JSON.parse(created.stdout))).toEqual(['clientId', 'clientSecret']);
    const listed = docsite(['credentials', 'list', site, ...state]);
    expect(listed.stdout).toContain(clientId);
    expect(listed.stdout).toContain('CI checker');
    expect(listed.stdout).not.toContain(clientSecret);

    const response = await fetch(`${server.url}/authed/mcp/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    const tokens = (await response.json()) as { access_token: string };
    expect((await rpc(authedMcp, 'tools/list', {}, tokens.access_token)).status).toBe(200);

    const deleted = docsite(['credentials', 'delete', clientId, site, ...state]);
    expect(deleted.code).toBe(0);
    expect((await rpc(authedMcp, 'tools/list', {}, tokens.access_token)).status).toBe(401);
    expect(docsite(['credentials', 'delete', clientId, site, ...state]).code).toBe(2);
  });

  it('prints the human-readable credential with a warning that the secret is shown once', () => {
    const created = docsite(['credentials', 'create', site, ...state, '--label', 'laptop']);
    expect(created.stdout).toMatch(/Client ID: +\S+\n +Client secret: +docsite_cs_\S+/);
    expect(created.stdout).toContain('cannot be shown again');
  });
});

describe('serve with a broken runtime config', () => {
  it('prints each problem with its file, line and column, and exits 2 before listening', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsite-bad-config-'));
    const file = join(dir, 'runtime.json');
    writeFileSync(
      file,
      '{\n  "authentication": {\n    "provider": {"type": "oidc", "issuer": "https://id.acme.test", "clientId": "docs", "clientSecret": "inline-secret"}\n  },\n  "mcp": {"enabeld": true}\n}\n',
    );
    const result = docsite(['serve', site, ...state, '--port', '0', '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:3:`);
    expect(result.stderr).toContain('runtime-config/inline-secret');
    expect(result.stderr).toContain(`${file}:5:11  error  Unknown key "enabeld" in "mcp".`);
    expect(result.stderr).not.toContain('inline-secret"');
    expect(result.stderr).toContain('has errors; fix them to serve the site');
  });

  it('exits 2 when --config names a missing file', () => {
    const result = docsite(['serve', site, ...state, '--port', '0', '--config', join(site, 'nope.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('There is no runtime config file');
  });
});
