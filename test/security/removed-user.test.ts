// Finding 2.2: a removed user kept access (their session cookie still consented, minting grants with their old groups).
// Replayed on two instances sharing one database, SQLite and PostgreSQL: removal ends everything at once on both.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenStoreOptions } from '../../src/store/index.js';
import { stateArgs } from '../e2e/cli-state.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { runCli } from '../helpers/cli.js';
import { rpc } from '../helpers/mcp-rpc.js';
import { authorizePath, consent, pkce, postForm, registerClient, TEST_REDIRECT } from '../helpers/oauth-client.js';
import { describeWhenReachable } from '../helpers/services.js';
import { postgresTarget, postgresUnreachable } from '../store/targets.js';

/** Registers the replay against two instances on the database `fresh` hands out. */
function removedUserReplay(fresh: () => Promise<OpenStoreOptions>, dispose: () => Promise<void>): void {
  let a: AuthRuntime;
  let b: AuthRuntime;
  let state: string[];
  let clientId: string;
  /** What ann holds before her removal: her browser's cookies, a consent form she opened, tokens of a grant. */
  let cookie: string;
  let openForm: Record<string, string>;
  let tokens: { access_token: string; refresh_token: string };

  beforeAll(async () => {
    const options = await fresh();
    a = await startAuthRuntime(localConfig(), SESSION_ENV, undefined, { store: options });
    // Behind one load balancer both answer for one site URL (tokens and forms of one are good on the other).
    b = await startAuthRuntime(localConfig(), SESSION_ENV, undefined, { store: options, siteAuth: { siteUrlOf: () => a.url } });
    state = await stateArgs(options);
    await a.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
    ({ clientId } = await registerClient(a.url));
    const browser = new Browser(a.url);
    expect((await browser.signIn('ann', 'ann-password')).status).toBe(303);
    const { verifier, challenge } = pkce();
    const { code, fields } = await consent(browser, authorizePath(clientId, challenge));
    openForm = { ...fields, code_challenge: pkce().challenge };
    const exchanged = await postForm(`${b.url}/authed/mcp/oauth/token`, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: TEST_REDIRECT,
    });
    expect(exchanged.status).toBe(200);
    tokens = exchanged.body;
    cookie = browser.cookieHeader();
    // Both instances know her before the removal.
    for (const site of [a, b]) {
      expect((await fetch(`${site.url}${authorizePath(clientId, pkce().challenge)}`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
      expect((await rpc(`${site.url}/authed/mcp`, 'tools/list', {}, tokens.access_token)).status).toBe(200);
    }
    const removed = runCli(['users', 'remove', 'ann', mkdtempSync(join(tmpdir(), 'docsite-removed-')), ...state]);
    expect(removed.code, removed.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await dispose();
  });

  it.each(['a', 'b'] as const)('instance %s sends her old session cookie to sign in instead of showing the consent page', async (which) => {
    const site = which === 'a' ? a : b;
    const page = await fetch(`${site.url}${authorizePath(clientId, pkce().challenge)}`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/_docsite\/login\?/);
  });

  it.each(['a', 'b'] as const)('instance %s mints no code from a consent form she opened before the removal', async (which) => {
    const site = which === 'a' ? a : b;
    const answer = await fetch(`${site.url}/authed/mcp/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams(openForm),
      headers: { cookie, origin: a.url },
      redirect: 'manual',
    });
    const location = answer.headers.get('location') ?? '';
    expect(location).not.toContain('code=');
    expect(location).toMatch(/^\/_docsite\/login\?/);
  });

  it.each(['a', 'b'] as const)('instance %s refuses her access token and her refresh token', async (which) => {
    const site = which === 'a' ? a : b;
    expect((await rpc(`${site.url}/authed/mcp`, 'tools/list', {}, tokens.access_token)).status).toBe(401);
    const refreshed = await postForm(`${site.url}/authed/mcp/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it.each(['a', 'b'] as const)('instance %s treats her as signed out on pages', async (which) => {
    const site = which === 'a' ? a : b;
    const page = await fetch(`${site.url}/quickstart`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).not.toBe(200);
    expect(await page.text()).not.toContain('Before you begin');
  });
}

describe('a removed user loses access at once: two instances on one SQLite file', () => {
  removedUserReplay(
    async () => ({ dataDir: join(mkdtempSync(join(tmpdir(), 'docsite-shared-')), 'data') }),
    async () => undefined,
  );
});

const postgres = postgresTarget();
describeWhenReachable('a removed user loses access at once: two instances on one PostgreSQL schema', await postgresUnreachable(), () => {
  removedUserReplay(
    () => postgres.fresh(),
    () => postgres.dispose(),
  );
});
