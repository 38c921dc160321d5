// The official MCP conformance suite's `authorization` scenarios against the authorization server of
// `docsite serve --config` (local users): its metadata, then a full authorization code grant with
// PKCE, where this test plays the user who signs in and allows the client in the browser.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, hiddenFields } from '../helpers/auth-runtime.js';
import { runCli } from '../helpers/cli.js';
import { CONFORMANCE, NODE_22 } from '../helpers/conformance.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

let server: ServeProcess;
let issuer: string;
let resource: string;

/** A port nothing listens on now, for the suite's OAuth callback server. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface SuiteRun {
  code: number | null;
  output: string;
}

/**
 * Runs `conformance authorization …args`; when it prints the authorization URL for a user to open,
 * calls `actAsUser` with it (and the suite waits for its callback meanwhile).
 */
function runSuite(args: string[], actAsUser?: (authorizeUrl: string) => Promise<void>): Promise<SuiteRun> {
  const child = spawn(NODE_22, [CONFORMANCE, 'authorization', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  let acting: Promise<void> | undefined;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const url = /^(http\S+\/authed\/mcp\/oauth\/authorize\?\S+)$/m.exec(output)?.[1];
      if (url && actAsUser && !acting) {
        acting = actAsUser(url).catch((error: unknown) => {
          child.kill();
          reject(error as Error);
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => void Promise.resolve(acting).then(() => resolve({ code, output })));
  });
}

beforeAll(async () => {
  const site = copyExample();
  const state = ['--data-dir', mkdtempSync(join(tmpdir(), 'docsite-conformance-auth-'))];
  const secret = join(mkdtempSync(join(tmpdir(), 'docsite-secret-')), 'session-secret');
  writeFileSync(secret, 'a-session-secret-for-the-conformance-run\n');
  const config = join(site, 'docsite.config.json');
  writeFileSync(config, JSON.stringify({ authentication: { provider: { type: 'local' }, session: { secret: { file: secret } } } }));
  expect(runCli(['users', 'add', 'ann', site, ...state, '--password', 'ann-password', '--group', 'enterprise']).code).toBe(0);
  server = await startServe(site, state);
  resource = /Authenticated MCP server: (\S+)/.exec(server.output())![1]!;
  issuer = `${resource}/oauth`;
}, 120_000);
afterAll(() => server?.stop());

describe('MCP conformance suite: authorization server', () => {
  it('passes authorization-server-metadata-endpoint', async () => {
    const run = await runSuite(['--url', issuer, '--scenario', 'authorization-server-metadata-endpoint']);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/\[authorization-server-metadata\s*\] \S*SUCCESS/);
    expect(run.output).toContain('Passed: 1/1, 0 failed');
    expect(run.output).not.toMatch(/\bFAIL(ED|URE)?\b/);
  }, 60_000);

  it('passes every authorization scenario, including the authorization code grant with a registered client', async () => {
    const port = await freePort();
    const registered = await fetch(`${issuer}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'MCP conformance suite', redirect_uris: [`http://127.0.0.1:${port}/callback`], token_endpoint_auth_method: 'none' }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };

    const browser = new Browser(server.url);
    const run = await runSuite(['--url', issuer, '--client-id', clientId, '--resource', resource, '--port', String(port)], async (authorizeUrl) => {
      const toLogin = await browser.get(authorizeUrl);
      expect(toLogin.status).toBe(302);
      const returnTo = new URL(toLogin.headers.get('location')!, server.url).searchParams.get('return_to')!;
      expect((await browser.signIn('ann', 'ann-password', returnTo)).status).toBe(303);
      const consent = await browser.get(returnTo);
      expect(await consent.clone().text()).toContain('<strong>MCP conformance suite</strong>');
      const allowed = await browser.post('/authed/mcp/oauth/authorize', { ...hiddenFields(await consent.text()), decision: 'allow' });
      expect(allowed.status).toBe(303);
      const callback = allowed.headers.get('location')!;
      expect(callback.startsWith(`http://127.0.0.1:${port}/callback?`)).toBe(true);
      expect((await fetch(callback)).status).toBe(200);
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('✓ authorization-server-metadata-endpoint: 1 passed, 0 failed');
    expect(run.output).toContain('✓ authorization-code-grant: 1 passed, 0 failed');
    expect(run.output).toContain('Total: 2 passed, 0 failed');
  }, 120_000);
});
