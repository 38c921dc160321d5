// Attack replay on the API playground's proxy (POST /_docsite/playground), an SSRF surface: it must
// reach only the servers the site declares, never this host, private networks or metadata services
// (whatever DNS says, and not by redirect), carry none of the reader's cookies, stay bounded in
// size, time and rate, and answer every refusal with a JSON error of the right status.
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/index.js';
import { memoryRateLimiter } from '../../src/ratelimit/index.js';
import { createRateLimits, silentLogger } from '../../src/runtime/index.js';
import { isPublicAddress } from '../../src/runtime/playground-proxy/public-address.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const PROXY = '/_docsite/playground';

/** The API server the site declares: records what reaches it, and answers as each path says. */
let api: Server;
let apiOrigin: string;
const received: IncomingMessage[] = [];

let bundle: LoadedBundle;
let runtime: TestRuntime;
/** The same site, with only loopback's 127.0.0.1 let through, so the allowed path can be tested against the local API. */
let loopbackRuntime: TestRuntime;

beforeAll(async () => {
  api = createServer((req, res) => {
    received.push(req);
    if (req.url?.startsWith('/redirect')) return void res.writeHead(302, { Location: `${apiOrigin}/after-redirect` }).end();
    if (req.url?.startsWith('/large')) return void res.end('x'.repeat(10_000));
    if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('late'), 2000);
    if (req.url?.startsWith('/stall')) {
      res.writeHead(200).write('started');
      return void setTimeout(() => res.end(), 2000);
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': 'api-session=1' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as AddressInfo;
  apiOrigin = `http://127.0.0.1:${port}`;
  const folder = writeSite({
    'docs.json': {
      name: 'Proxy',
      api: {
        mdx: {
          server: [
            apiOrigin,
            `http://localhost:${port}`,
            'http://169.254.169.254',
            `http://[::1]:${port}`,
            `http://[::ffff:127.0.0.1]:${port}`,
            'http://10.0.0.1',
          ],
        },
      },
      navigation: { pages: ['echo', 'list', 'hidden', 'members'] },
    },
    'echo.mdx': page({ title: 'Echo', api: 'POST /echo' }, '<ParamField body="text" type="string" />'),
    'list.mdx': page({ title: 'List', api: 'GET /echo' }),
    'hidden.mdx': page({ title: 'Hidden', api: 'POST /echo', playground: 'none' }),
    'members.mdx': page({ title: 'Members', api: 'POST /echo', playground: 'auth' }),
  });
  const report = await build(folder, { out: mkdtempSync(join(tmpdir(), 'docsite-proxy-')), jobs: 1 });
  if (!report.ok) throw new Error(JSON.stringify(report.errors));
  bundle = await readBundle(report.outDir);
  const rateLimits = createRateLimits({
    limiter: memoryRateLimiter(),
    config: { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, playgroundProxy: 1000 } },
    logger: silentLogger,
  });
  runtime = await startRuntime({ bundle, rateLimits });
  loopbackRuntime = await startRuntime({
    bundle,
    playgroundAddressCheck: (address) => address === '127.0.0.1',
    playgroundLimits: { requestBody: '2kb', responseBytes: 5000, timeoutMs: 500 },
  });
});

afterAll(async () => {
  await runtime?.close();
  await loopbackRuntime?.close();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});

async function proxy(target: TestRuntime, request: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}${PROXY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(request),
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: (await response.json()) as any };
}

/** Asks for `url` from the echo page and expects the refusal `status`, with nothing reaching the API. */
async function expectRefused(target: TestRuntime, request: object, status: number) {
  const before = received.length;
  const answer = await proxy(target, { page: '/echo', method: 'POST', ...request });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.type).toContain('application/json');
  expect(typeof answer.body.error).toBe('string');
  expect(received.length).toBe(before);
  return answer;
}

describe('the playground proxy sends to the API', () => {
  it('relays a request to a declared server and the API answer, without the reader cookies or forwarding headers', async () => {
    const answer = await proxy(
      loopbackRuntime,
      {
        page: '/echo',
        method: 'POST',
        url: `${apiOrigin}/echo?x=1`,
        headers: {
          Authorization: 'Bearer reader-token',
          'Content-Type': 'application/json',
          Cookie: 'sneaked=1',
          'X-Forwarded-For': '10.0.0.9',
          Host: 'evil.test',
        },
        body: '{"text":"hi"}',
      },
      { Cookie: 'docsite_session=secret' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(201);
    expect(answer.body.headers['set-cookie']).toBeUndefined();
    const echoed = JSON.parse(answer.body.body);
    expect(echoed).toMatchObject({ method: 'POST', url: '/echo?x=1', body: '{"text":"hi"}' });
    expect(echoed.headers.authorization).toBe('Bearer reader-token');
    expect(echoed.headers.cookie).toBeUndefined();
    expect(echoed.headers['x-forwarded-for']).toBeUndefined();
    expect(echoed.headers.host).toBe(new URL(apiOrigin).host);
  });

  it('answers a redirect as it is and does not follow it', async () => {
    const before = received.length;
    const answer = await proxy(loopbackRuntime, { page: '/echo', method: 'POST', url: `${apiOrigin}/redirect` });
    expect(answer.body.status).toBe(302);
    expect(answer.body.headers.location).toBe(`${apiOrigin}/after-redirect`);
    expect(received.slice(before).map((req) => req.url)).toEqual(['/redirect']);
  });
});

describe('the playground proxy refuses', () => {
  it('an origin the site does not declare (403)', async () => {
    await expectRefused(loopbackRuntime, { url: 'http://127.0.0.2:9/echo' }, 403);
    await expectRefused(loopbackRuntime, { url: `http://127.0.0.1:${(api.address() as AddressInfo).port + 1}/echo` }, 403);
    await expectRefused(loopbackRuntime, { url: `https://${new URL(apiOrigin).host}/echo` }, 403);
  });

  it('this host, private networks and the metadata service, even when declared: by address and after DNS (403)', async () => {
    const { port } = api.address() as AddressInfo;
    for (const url of [
      `${apiOrigin}/echo`,
      `http://localhost:${port}/echo`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/echo`,
      `http://[::ffff:127.0.0.1]:${port}/echo`,
      'http://10.0.0.1/echo',
    ])
      await expectRefused(runtime, { url }, 403);
  });

  it('schemes other than http(s), and user names or passwords in the URL (400)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1:6379/_INFO', 'not a url'])
      await expectRefused(loopbackRuntime, { url }, 400);
    await expectRefused(loopbackRuntime, { url: apiOrigin.replace('http://', 'http://user:pass@') }, 400);
  });

  it('another method than the page endpoint, and malformed headers (400)', async () => {
    await expectRefused(loopbackRuntime, { method: 'DELETE', url: `${apiOrigin}/echo` }, 400);
    await expectRefused(loopbackRuntime, { url: `${apiOrigin}/echo`, headers: { 'X-Injected': 'a\r\nHost: evil.test' } }, 400);
    await expectRefused(loopbackRuntime, { url: `${apiOrigin}/echo`, headers: { 'Bad Name': 'x' } }, 400);
  });

  it('pages without a proxied playground, and unknown pages, as if absent (404)', async () => {
    for (const pageUrl of ['/hidden', '/nowhere']) {
      const answer = await proxy(loopbackRuntime, { page: pageUrl, method: 'POST', url: `${apiOrigin}/echo` });
      expect(answer.status).toBe(404);
    }
  });

  it('an `auth` playground for a reader who is not signed in (403), and does not show it to them', async () => {
    const answer = await proxy(loopbackRuntime, { page: '/members', method: 'POST', url: `${apiOrigin}/echo` });
    expect(answer.status).toBe(403);
    const html = await (await fetch(`${loopbackRuntime.url}/members`)).text();
    expect(html).toContain('class="api-endpoint');
    expect(html).not.toContain('<form class="playground"');
    expect(await (await fetch(`${loopbackRuntime.url}/echo`)).text()).toContain('<form class="playground"');
  });

  it('a body that is not JSON (415), a request too large (413), and other methods (405)', async () => {
    const form = await fetch(`${loopbackRuntime.url}${PROXY}`, { method: 'POST', body: new URLSearchParams({ page: '/echo' }) });
    expect([form.status, ((await form.json()) as { error: string }).error]).toEqual([415, expect.any(String)]);
    await expectRefused(loopbackRuntime, { url: `${apiOrigin}/echo`, body: 'x'.repeat(4000) }, 413);
    const get = await fetch(`${loopbackRuntime.url}${PROXY}`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('a response larger than the limit (502), and an API too slow to answer or to finish its answer (504)', async () => {
    const large = await proxy(loopbackRuntime, { page: '/list', method: 'GET', url: `${apiOrigin}/large` });
    expect([large.status, large.body.error]).toEqual([502, expect.stringContaining('larger')]);
    const slow = await proxy(loopbackRuntime, { page: '/list', method: 'GET', url: `${apiOrigin}/slow` });
    expect([slow.status, slow.body.error]).toEqual([504, expect.any(String)]);
    const stalled = await proxy(loopbackRuntime, { page: '/list', method: 'GET', url: `${apiOrigin}/stall` });
    expect([stalled.status, stalled.body.error]).toEqual([504, expect.any(String)]);
  });

  it('more requests from one address than its quota (429)', async () => {
    const rateLimits = createRateLimits({
      limiter: memoryRateLimiter(),
      config: { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, playgroundProxy: 2 } },
      logger: silentLogger,
    });
    const limited = await startRuntime({ bundle, rateLimits });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await proxy(limited, { page: '/nowhere', method: 'GET', url: 'http://10.0.0.1/' })).status);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata, shared, multicast and IPv4 inside IPv6', () => {
    const refused = [
      '127.0.0.1',
      '127.255.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ];
    const refused6 = [
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:a9fe:a9fe::1',
    ];
    for (const address of [...refused, ...refused6]) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });
});
