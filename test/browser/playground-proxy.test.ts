// The playground's request in a real browser through docsite serve's proxy: it reaches an API that
// allows no other origin (no CORS headers), which the browser could not read from directly.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { describeInChromium } from '../helpers/browser.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let api: Server;
let runtime: TestRuntime;
const seen: string[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization} ${body}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"created":"note_7"}');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const server = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const site = writeSite({
    'docs.json': { name: 'Notes', api: { mdx: { server, auth: { method: 'bearer' } } }, navigation: { pages: ['create'] } },
    'create.mdx': page(
      { title: 'Create a note', api: 'POST /notes/{folder}' },
      '<ParamField path="folder" type="string" required />\n\n<ParamField body="text" type="string" />',
    ),
  });
  const report = await build(site, { out: mkdtempSync(join(tmpdir(), 'docsite-proxy-browser-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  // The API listens on loopback, which the proxy refuses in production: this test lets 127.0.0.1 through.
  runtime = await startRuntime({ bundle: await readBundle(report.outDir), playgroundAddressCheck: (address) => address === '127.0.0.1' });
});
afterAll(async () => {
  await runtime?.close();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});

describeInChromium('API playground through the proxy', (browser) => {
  it("sends the form's request through /_docsite/playground and shows the API's answer", async () => {
    const context = await browser().newContext();
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => /Content.Security.Policy/i.test(message.text()) && violations.push(message.text()));
    await tab.goto(`${runtime.url}/create`);
    const form = tab.locator('form.playground');
    await form.locator('input[name="auth-token"]').fill('tok_1');
    await form.locator('input[name="path:folder"]').fill('inbox');
    await form.locator('input[name="body:text"]').fill('hello');
    const proxied = tab.waitForRequest((request) => request.url() === `${runtime.url}/_docsite/playground`);
    await form.locator('button[type="submit"]').click();
    expect((await proxied).method()).toBe('POST');
    await expect.poll(() => form.locator('output').innerText()).toContain('note_7');
    expect(await form.locator('output').innerText()).toMatch(/^200 OK/);
    expect(seen).toEqual(['POST /notes/inbox Bearer tok_1 {"text":"hello"}']);
    expect(violations).toEqual([]);
    await context.close();
  });
});
