// Issue 29: `docsite serve` obeys the owner settings in the store on every instance, within the settings cache period.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from '../../src/auth/paths.js';
import { changeSetting, FixedSettingError, SETTINGS_CACHE_MS } from '../../src/settings/index.js';
import type { OpenStoreOptions } from '../../src/store/index.js';
import { localConfig, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { rpc } from '../helpers/mcp-rpc.js';
import { describeWhenReachable } from '../helpers/services.js';
import { postgresTarget, postgresUnreachable, sqliteTarget } from '../store/targets.js';
import type { StoreTarget } from '../store/contract/context.js';

/** How long a change may take to reach the other instance: the cache period, and slack for a loaded machine. */
const WITHIN_MS = SETTINGS_CACHE_MS + 1500;

async function until(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > WITHIN_MS) throw new Error(`not applied within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

function register(runtime: AuthRuntime, redirectUri: string): Promise<Response> {
  return fetch(`${runtime.url}${OAUTH_PATHS.register}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
  });
}

function liveSettingsSuite(target: StoreTarget): void {
  const runtimes: AuthRuntime[] = [];
  afterEach(async () => {
    await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
  });
  afterAll(() => target.dispose());
  const twoInstances = async (json: object = localConfig()): Promise<[AuthRuntime, AuthRuntime]> => {
    const options: OpenStoreOptions = await target.fresh();
    runtimes.push(await startAuthRuntime(json, undefined, undefined, { store: options }));
    runtimes.push(await startAuthRuntime(json, undefined, undefined, { store: options }));
    return [runtimes[0]!, runtimes[1]!];
  };

  it('the MCP switch turned off through one instance turns MCP off on the other, and back on', async () => {
    const [one, other] = await twoInstances();
    expect((await rpc(`${other.url}/mcp`, 'tools/list', {})).status).toBe(200);
    await changeSetting(one.store, one.config, 'mcpEnabled', false, 'olive');
    await until(async () => (await rpc(`${other.url}/mcp`, 'tools/list', {})).status === 404);
    const off = await fetch(`${other.url}/.well-known/oauth-authorization-server/authed/mcp/oauth`);
    expect(off.status).toBe(404);
    expect(await off.json()).toMatchObject({ error: expect.stringMatching(/MCP is off on this site/) });
    expect((await register(other, 'http://127.0.0.1:5000/cb')).status).toBe(404);
    await changeSetting(one.store, one.config, 'mcpEnabled', true, 'olive');
    await until(async () => (await rpc(`${other.url}/mcp`, 'tools/list', {})).status === 200);
    expect((await rpc(`${other.url}/authed/mcp`, 'tools/list', {})).status).toBe(401);
  });

  it('a redirect URI stored through one instance is allowed at registration on the other, besides the config ones', async () => {
    const [one, other] = await twoInstances(localConfig({ oauth: { allowedRedirectUris: ['claude.ai'] } }));
    expect((await register(other, 'https://app.example.com/cb')).status).toBe(400);
    await changeSetting(one.store, one.config, 'redirectUris', ['app.example.com'], 'olive');
    await until(async () => (await register(other, 'https://app.example.com/cb')).status === 201);
    expect((await register(other, 'https://claude.ai/api/mcp/auth_callback')).status).toBe(201);
    expect((await register(other, 'https://evil.example.com/cb')).status).toBe(400);
  });

  it('a setting the runtime config fixes cannot be changed, and a stored value of it does not apply', async () => {
    const [one, other] = await twoInstances(localConfig({ mcp: { enabled: false }, settings: { fixed: ['mcpEnabled'] } }));
    await expect(changeSetting(one.store, one.config, 'mcpEnabled', true, 'olive')).rejects.toBeInstanceOf(FixedSettingError);
    // Written around the check (an older docsite, by hand): still the file's value.
    await one.store.putSetting('mcpEnabled', true, 'olive');
    await new Promise((resolve) => setTimeout(resolve, WITHIN_MS));
    expect((await rpc(`${other.url}/mcp`, 'tools/list', {})).status).toBe(404);
  });
}

describe('live owner settings on SQLite', () => liveSettingsSuite(sqliteTarget()));
describeWhenReachable('live owner settings on PostgreSQL', await postgresUnreachable(), () => liveSettingsSuite(postgresTarget()));
