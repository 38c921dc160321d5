// Two `docsite serve` processes on one PostgreSQL and one Redis behave as one site: shared limits, revocations seen at once, every write exported once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { deleteKeys, redisUnreachable, TEST_REDIS_URL, uniquePrefix } from '../helpers/redis.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';
import { describeWhenReachable } from '../helpers/services.js';
import { postgresTarget, postgresUnreachable } from '../store/targets.js';
import { stateArgs } from './cli-state.js';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const problem = (await postgresUnreachable()) ?? (await redisUnreachable());

describeWhenReachable('two docsite serve processes sharing PostgreSQL and Redis', problem, () => {
  const target = postgresTarget();
  const prefix = uniquePrefix();
  let state: string[];
  let site: string;
  let a: ServeProcess;
  let b: ServeProcess;

  /** Runs a CLI command on the shared state and returns what it printed. */
  const cli = (args: string[]): string => {
    const result = runCli([...args, ...state]);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };
  const cliJson = <T>(args: string[]): T => JSON.parse(cli(args)) as T;
  const post = (server: ServeProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });
  const tool = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

  beforeAll(async () => {
    state = await stateArgs(await target.fresh());
    site = copyExample();
    expect(runCli(['build', site]).code).toBe(0);
    // The runtime config lives outside the docs folder, with its session secret beside it.
    const configDir = mkdtempSync(join(tmpdir(), 'docsite-config-'));
    writeFileSync(join(configDir, 'session-secret'), 'a-session-secret-both-instances-share-0123456789');
    // Behind one load balancer both have one public URL: tokens issued by one are for the other too.
    writeFileSync(
      join(configDir, 'docsite.config.json'),
      JSON.stringify({
        siteUrl: 'https://docs.acme.test',
        authentication: { provider: { type: 'local' }, session: { secret: { file: 'session-secret' } } },
        rateLimits: { mcpPerUser: 6, search: 3, redisKeyPrefix: prefix },
      }),
    );
    const args = [...state, '--redis-url', TEST_REDIS_URL, '--config', join(configDir, 'docsite.config.json'), '--trust-proxy', '1'];
    [a, b] = await Promise.all([startServe(join(site, 'dist'), args), startServe(join(site, 'dist'), args)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await target.dispose();
    await deleteKeys(prefix);
  });

  it('counts limits across both: requests split over the two hit 429 at the combined limit', async () => {
    const user = { 'X-Forwarded-For': '192.0.2.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(i % 2 ? b : a, '/mcp', { jsonrpc: '2.0', id: i, method: 'ping' }, user)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // The site's search quota: every user's calls, on either instance.
    const searches: number[] = [];
    for (let i = 0; i < 4; i++)
      searches.push((await post(i % 2 ? a : b, '/mcp', tool(i, 'search_acme', { query: 'webhooks' }), { 'X-Forwarded-For': `192.0.2.${10 + i}` })).status);
    expect(searches).toEqual([200, 200, 200, 429]);
  });

  it('refuses an API key and a client credential revoked through the CLI on both at once, and a token revoked through one on the other', async () => {
    const { key, id } = cliJson<{ key: string; id: string }>(['keys', 'create', '--kind', 'admin', '--json']);
    const list = (server: ServeProcess) =>
      fetch(`${server.url}/v1/analytics/acme/feedback`, { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.status);
    expect([await list(a), await list(b)]).toEqual([200, 200]);
    cli(['keys', 'revoke', id]);
    expect([await list(a), await list(b)]).toEqual([401, 401]);

    const { clientId, clientSecret } = cliJson<{ clientId: string; clientSecret: string }>(['credentials', 'create', '--label', 'ci', '--json']);
    const token = async (server: ServeProcess) => {
      const response = await fetch(`${server.url}/authed/mcp/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const ping = (server: ServeProcess, accessToken: string) =>
      post(server, '/authed/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, { Authorization: `Bearer ${accessToken}`, 'X-Forwarded-For': '192.0.2.50' }).then(
        (r) => r.status,
      );
    // A token issued by A, revoked (RFC 7009) through A: B refuses it at once.
    const first = await token(a);
    expect(await ping(b, first)).toBe(200);
    const revoked = await fetch(`${a.url}/authed/mcp/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: first, client_id: clientId, client_secret: clientSecret }),
    });
    expect(revoked.status).toBe(200);
    expect(await ping(b, first)).toBe(401);
    // The credential deleted with the CLI: its tokens die on both.
    const second = await token(b);
    expect([await ping(a, second), await ping(b, second)]).toEqual([200, 200]);
    cli(['credentials', 'delete', clientId]);
    expect([await ping(a, second), await ping(b, second)]).toEqual([401, 401]);
  });

  it('exports conversations and feedback written through either exactly once', async () => {
    const assistant = cliJson<{ key: string }>(['keys', 'create', '--kind', 'assistant', '--json']).key;
    const admin = cliJson<{ key: string }>(['keys', 'create', '--kind', 'admin', '--json']).key;
    const asked: string[] = [];
    const comments: string[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 ? b : a;
      const answer = await post(server, '/v1/assistant/acme/message', { query: `How do webhooks work? (${i})` }, { Authorization: `Bearer ${assistant}` });
      expect(answer.status).toBe(200);
      asked.push(((await answer.json()) as { id: string }).id);
      comments.push(`typo on the page (${i})`);
      // With authentication on, /mcp readers are anonymous: they see the public pages.
      const sent = await post(server, '/mcp', tool(i, 'submit_feedback', { path: '/enterprise/overview', feedback: comments[i] }), {
        'X-Forwarded-For': `192.0.2.${100 + i}`,
      });
      expect(((await sent.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
    }
    const exported = cli(['analytics', 'export', site, '--project', 'acme'])
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(exported.sort()).toEqual([...asked].sort());
    // The analytics API of either instance pages through the same rows once each.
    for (const server of [a, b]) {
      const seen: string[] = [];
      let cursor = '';
      for (;;) {
        const page = (await (
          await fetch(`${server.url}/v1/analytics/acme/feedback?limit=4${cursor}`, { headers: { Authorization: `Bearer ${admin}` } })
        ).json()) as { feedback: { comment: string }[]; hasMore: boolean; nextCursor: string };
        seen.push(...page.feedback.map((row) => row.comment));
        if (!page.hasMore) break;
        cursor = `&cursor=${page.nextCursor}`;
      }
      expect(seen.sort()).toEqual([...comments].sort());
    }
  });
});
