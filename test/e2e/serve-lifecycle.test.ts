// `docsite serve` as an operator runs it: one JSON log line per request under a request id, no
// secrets in the logs, graceful shutdown on SIGTERM within its bound, a clear failure to start.
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModel, type FakeModel } from '../api/fake-model.js';
import { runCli } from '../helpers/cli.js';
import { sendBytes } from '../helpers/raw-http.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

interface LogLine {
  time: string;
  level: string;
  message: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
}

/** The JSON lines a server wrote (its banner lines are plain text). */
function logLines(server: ServeProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a new TCP connection to `url` is refused. */
function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('docsite serve: logs, request ids, shutdown and startup failures', () => {
  let bundleDir: string;
  let dataDir: string;
  let model: FakeModel;
  let adminKey: string;
  let assistantKey: string;
  const modelEnv = (): Record<string, string> => ({ DOCSITE_ASSISTANT_URL: model.baseUrl, DOCSITE_ASSISTANT_MODEL: 'docs-small' });
  const ask = (server: ServeProcess): Promise<Response> =>
    fetch(`${server.url}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${assistantKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'How do I verify webhook signatures?' }),
    });

  beforeAll(async () => {
    const site = copyExample();
    bundleDir = join(site, 'dist');
    expect(runCli(['build', site]).code).toBe(0);
    dataDir = mkdtempSync(join(tmpdir(), 'docsite-data-'));
    adminKey = JSON.parse(runCli(['keys', 'create', '--kind', 'admin', '--json', '--data-dir', dataDir]).stdout).key as string;
    assistantKey = JSON.parse(runCli(['keys', 'create', '--kind', 'assistant', '--json', '--data-dir', dataDir]).stdout).key as string;
    model = await startFakeModel();
    model.answerWith({ content: 'Verify the signature header.' });
  }, 120_000);
  afterAll(async () => {
    await model?.close();
  });

  it('logs one JSON line per request with its id, echoes the id, and never logs a secret', async () => {
    const server = await startServe(bundleDir, ['--data-dir', dataDir]);
    try {
      const secrets = ['query-secret-1', 'query-secret-2', 'cookie-secret-3', 'pass-secret-4', adminKey, assistantKey];
      const exported = await fetch(`${server.url}/v1/analytics/acme/feedback?limit=5&access_token=query-secret-1&api_key=query-secret-2`, {
        headers: { Authorization: `Bearer ${adminKey}`, Cookie: 'docsite_session=cookie-secret-3' },
      });
      // The analytics API refuses parameters it does not know, after checking the key.
      expect(exported.status).toBe(400);
      const asked = await ask(server);
      expect(asked.status).toBe(200);
      const traced = await fetch(`${server.url}/quickstart?password=pass-secret-4`, { headers: { 'X-Request-Id': 'trace-42.a' } });
      expect(traced.status).toBe(200);
      expect(traced.headers.get('x-request-id')).toBe('trace-42.a');
      const odd = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': `not sane ${'x'.repeat(200)}` } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const refused = await fetch(`${server.url}/v1/analytics/acme/feedback`, { headers: { Authorization: 'Bearer docsite_admin_not-a-real-key' } });
      expect(refused.status).toBe(401);
      const broken = await sendBytes(server.url, `GET /quickstart?token=query-secret-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a\rcookie-secret-3\r\n\r\n`);
      expect(broken.status).toBe(400);

      await until(() => logLines(server).filter((line) => line.message === 'request').length >= 5);
      const requests = logLines(server).filter((line) => line.message === 'request');
      for (const line of requests) {
        expect(line.level).toBe('info');
        expect(Date.parse(line.time)).not.toBeNaN();
        expect(typeof line.durationMs).toBe('number');
        expect(line.path).not.toContain('?');
      }
      const byId = new Map(requests.map((line) => [line.requestId, line]));
      expect(byId.get('trace-42.a')).toMatchObject({ method: 'GET', path: '/quickstart', status: 200 });
      expect(byId.get(odd.headers.get('x-request-id')!)).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
      expect(byId.get(exported.headers.get('x-request-id')!)).toMatchObject({ method: 'GET', path: '/v1/analytics/acme/feedback', status: 400 });
      expect(byId.get(asked.headers.get('x-request-id')!)).toMatchObject({ method: 'POST', path: '/v1/assistant/acme/message', status: 200 });
      expect(byId.get(refused.headers.get('x-request-id')!)).toMatchObject({ status: 401 });
      expect(logLines(server).find((line) => line.message === 'request refused by the HTTP parser')).toMatchObject({ level: 'info', status: 400 });
      for (const secret of secrets) expect(server.output()).not.toContain(secret);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('writes no request lines at --log-level warn', async () => {
    const server = await startServe(bundleDir, ['--data-dir', dataDir], { DOCSITE_LOG_LEVEL: 'warn' });
    try {
      expect((await fetch(`${server.url}/quickstart`)).status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(logLines(server)).toEqual([]);
  }, 60_000);

  it("keeps an idle keep-alive connection open past Node's 5 s default, so a proxy in front can reuse it", async () => {
    const server = await startServe(bundleDir, ['--data-dir', dataDir]);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (): Promise<{ status: number; reused: boolean }> =>
      new Promise((resolve, reject) => {
        const req = request(`${server.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await server.stop();
    }
  }, 20_000);

  it('on SIGTERM refuses new connections, finishes the request in flight, closes and exits 0', async () => {
    const server = await startServe(bundleDir, ['--data-dir', dataDir], modelEnv());
    model.delayAnswers(1500);
    try {
      const seen = model.requests.length;
      const pending = ask(server);
      await until(() => model.requests.length > seen);
      const stoppedAt = Date.now();
      process.kill(server.pid, 'SIGTERM');
      await until(() => server.output().includes('shutting down'));
      expect(await refusesConnections(server.url)).toBe(true);
      const answer = await pending;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { response: string }).response).toBe('Verify the signature header.');
      expect(await server.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(5000);
      expect(logLines(server).map((line) => line.message)).toContain('stopped');
    } finally {
      model.delayAnswers(0);
      await server.stop();
    }
  }, 60_000);

  it('closes requests still open at --shutdown-timeout and exits 0', async () => {
    const server = await startServe(bundleDir, ['--data-dir', dataDir, '--shutdown-timeout', '1'], modelEnv());
    model.delayAnswers(60_000);
    try {
      const seen = model.requests.length;
      const pending = ask(server).then(
        (response) => response.status,
        () => 'connection closed',
      );
      await until(() => model.requests.length > seen);
      const stoppedAt = Date.now();
      process.kill(server.pid, 'SIGTERM');
      expect(await server.exited).toBe(0);
      const took = Date.now() - stoppedAt;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(4000);
      expect(await pending).toBe('connection closed');
    } finally {
      model.delayAnswers(0);
      await server.stop();
    }
  }, 60_000);

  it('fails to start with a clear message and exit code 2 when the database cannot be reached', () => {
    const result = runCli(['serve', bundleDir, '--port', '0', '--database-url', 'postgres://postgres@127.0.0.1:1/docsite']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^docsite: The database is unavailable/m);
    expect(result.stderr).toContain('hint: check --data-dir or --database-url');
  }, 60_000);
});
