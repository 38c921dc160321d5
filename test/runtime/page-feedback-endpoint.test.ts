// POST /_docsite/feedback, the "Was this page helpful?" widget's endpoint: recorded as widget feedback
// the export lists, refused from other sites, a quota per address, 400s naming each problem, 404 for a page the reader cannot read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/index.js';
import { memoryRateLimiter } from '../../src/ratelimit/index.js';
import { createRateLimits, silentLogger } from '../../src/runtime/index.js';
import type { Feedback } from '../../src/store/index.js';
import { Browser, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

interface ErrorBody {
  error: string;
  details?: { message: string }[];
}

/** What the widget sends from a page of the site at `base`: JSON, with the headers Chromium adds to a same-origin fetch. */
function sendFeedback(base: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/_docsite/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every widget row of the analytics export, newest first, read over HTTP with an admin key. */
async function exportedWidgetFeedback(runtime: TestRuntime): Promise<Feedback[]> {
  const { key } = await runtime.store.createApiKey({ kind: 'admin' });
  const response = await fetch(`${runtime.url}/v1/analytics/acme/feedback?source=widget`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { feedback: Feedback[] }).feedback;
}

describe('the page feedback endpoint', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime();
  });
  afterAll(() => runtime?.close());

  it('records a Yes and a No with its comment as widget feedback that the analytics export lists', async () => {
    const yes = await sendFeedback(runtime.url, { path: '/quickstart', helpful: true });
    expect(yes.status).toBe(201);
    expect(yes.headers.get('cache-control')).toBe('no-store');
    expect(await yes.json()).toMatchObject({ path: '/quickstart', helpful: true, comment: '', source: 'widget', status: 'open' });
    const no = await sendFeedback(runtime.url, { path: '/guides/webhooks', helpful: false, comment: '  The signature example fails.\n' });
    expect(no.status).toBe(201);
    const exported = await exportedWidgetFeedback(runtime);
    expect(exported.map(({ path, helpful, comment, source }) => ({ path, helpful, comment, source }))).toEqual([
      { path: '/guides/webhooks', helpful: false, comment: 'The signature example fails.', source: 'widget' },
      { path: '/quickstart', helpful: true, comment: '', source: 'widget' },
    ]);
  });

  it('refuses what another site’s page makes a browser send, and records none of it', async () => {
    const before = (await exportedWidgetFeedback(runtime)).length;
    const forged: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const response = await sendFeedback(runtime.url, { path: '/quickstart', helpful: false, comment: 'spam' }, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(((await response.json()) as ErrorBody).error).toBe('Feedback is taken only from pages of this site.');
    }
    // A form post (no preflight) is refused too, even from the site itself.
    const form = await fetch(`${runtime.url}/_docsite/feedback`, {
      method: 'POST',
      headers: { origin: runtime.url, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ path: '/quickstart', helpful: 'true' }),
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as ErrorBody).error).toMatch(/JSON/);
    expect((await exportedWidgetFeedback(runtime)).length).toBe(before);
  });

  it('answers 400 naming every problem with the answer', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['path is required', 'helpful is required']],
      [{ path: 'quickstart', helpful: 'yes' }, ['path is required', 'helpful is required']],
      [{ path: '/quickstart', helpful: true, comment: 'x'.repeat(2001) }, ['comment must be at most 2000 characters']],
      [{ path: '/quickstart', helpful: false, comment: 42 }, ['comment must be a string']],
      [{ path: '/quickstart', helpful: false, comment: 'a\u0000b' }, ['comment must not contain NUL']],
      [{ path: `/${'a'.repeat(2048)}`, helpful: true }, ['path must be at most 2048 characters']],
      [[{ path: '/quickstart', helpful: true }], ['must be a JSON object']],
    ];
    for (const [body, problems] of cases) {
      const response = await sendFeedback(runtime.url, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await response.json()) as ErrorBody;
      expect(answer.error).toBe('Invalid feedback.');
      expect(answer.details).toHaveLength(problems.length);
      for (const [i, problem] of problems.entries()) expect(answer.details![i]!.message).toContain(problem);
    }
    const longest = await sendFeedback(runtime.url, { path: '/quickstart', helpful: false, comment: 'é'.repeat(2000) });
    expect(longest.status).toBe(201);
    const noComment = await sendFeedback(runtime.url, { path: '/quickstart', helpful: true, comment: null });
    expect(noComment.status).toBe(201);
    expect(((await noComment.json()) as Feedback).comment).toBe('');
  });

  it('answers malformed and oversized bodies and other methods with JSON, and keeps serving', async () => {
    const malformed = await sendFeedback(runtime.url, '{"path": "/quickstart",');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const huge = await sendFeedback(runtime.url, { path: '/quickstart', helpful: true, comment: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'The request body is too large.' });
    const get = await fetch(`${runtime.url}/_docsite/feedback`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await sendFeedback(runtime.url, { path: '/quickstart', helpful: true })).status).toBe(201);
  });

  it('adds the comment a reader writes after answering to that answer, once, and from this site only', async () => {
    const answer = (await (await sendFeedback(runtime.url, { path: '/quickstart', helpful: false })).json()) as Feedback;
    const comment = (body: unknown, headers: Record<string, string> = {}, id = answer.id): Promise<Response> =>
      fetch(`${runtime.url}/_docsite/feedback/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: runtime.url, 'sec-fetch-site': 'same-origin', ...headers },
        body: JSON.stringify(body),
      });
    expect((await comment({ comment: 'spam' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const empty = await comment({ comment: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Invalid feedback.', details: [{ message: 'comment must not be empty.' }] });
    expect((await comment({ helpful: true })).status).toBe(400);
    const added = await comment({ comment: ' Step 2 is missing. ' });
    expect(added.status).toBe(204);
    // A second comment would overwrite the reader's; an id that is no answer is the same 404.
    for (const [body, id] of [
      [{ comment: 'spam' }, answer.id],
      [{ comment: 'spam' }, '01JJ2V8M3Q1ZK5Y8E4WQ6T0B7C'],
      [{ comment: 'spam' }, 'not-an-id'],
    ] as const) {
      const refused = await comment(body, {}, id);
      expect(refused.status, id).toBe(404);
      expect(((await refused.json()) as ErrorBody).error).toBe('No answer of the last 30 minutes without a comment has this id.');
    }
    const row = (await exportedWidgetFeedback(runtime)).find(({ id }) => id === answer.id);
    expect(row).toMatchObject({ path: '/quickstart', helpful: false, comment: 'Step 2 is missing.' });
    // An id that is not valid percent-encoding is the client's mistake, not the server's.
    const malformed = await comment({ comment: 'x' }, {}, '%F0%9F');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'The URL holds a malformed percent-encoding.' });
    const get = await fetch(`${runtime.url}/_docsite/feedback/${answer.id}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('PATCH');
  });

  it('answers 404 for a path that is no page', async () => {
    for (const path of ['/no-such-page', '/quickstart.md', '/_docsite/docsite.css']) {
      const response = await sendFeedback(runtime.url, { path, helpful: false });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: `No page at ${JSON.stringify(path)}.` });
    }
  });
});

describe('the page feedback endpoint’s quota', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, readerFeedback: 2 } };
    runtime = await startRuntime({ rateLimits: createRateLimits({ limiter: memoryRateLimiter(), config, logger: silentLogger }) });
  });
  afterAll(() => runtime?.close());

  it('answers 429 with Retry-After and a JSON body past readerFeedback answers per address; refused cross-site requests spend none', async () => {
    expect((await sendFeedback(runtime.url, { path: '/quickstart', helpful: true }, { origin: 'https://evil.example' })).status).toBe(403);
    const first = await sendFeedback(runtime.url, { path: '/quickstart', helpful: true });
    expect(first.status).toBe(201);
    expect(first.headers.get('ratelimit-policy')).toBe('"reader-feedback";q=2;w=3600');
    expect((await sendFeedback(runtime.url, { path: '/guides/webhooks', helpful: false })).status).toBe(201);
    const refused = await sendFeedback(runtime.url, { path: '/quickstart', helpful: false });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorBody).error).toMatch(/rate limit/i);
    expect((await runtime.store.listFeedback({ projectId: 'acme', limit: 10 })).feedback).toHaveLength(2);
  });
});

describe('the page feedback endpoint on a site with authentication', () => {
  let runtime: AuthRuntime;
  let member: Browser;
  beforeAll(async () => {
    runtime = await startAuthRuntime();
    await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
    member = new Browser(runtime.url);
    expect((await member.signIn('ann', 'ann-password')).status).toBe(303);
  });
  afterAll(() => runtime?.close());

  const send = (browser: Browser, path: string): Promise<Response> =>
    browser.request('/_docsite/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: runtime.url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ path, helpful: false, comment: 'unclear' }),
    });

  it('answers a page the reader may not read as a page that does not exist', async () => {
    const visitor = new Browser(runtime.url);
    const restricted = await send(visitor, '/enterprise/sso');
    const missing = await send(visitor, '/enterprise/nope');
    expect([restricted.status, missing.status]).toEqual([404, 404]);
    expect(await restricted.json()).toEqual({ error: 'No page at "/enterprise/sso".' });
    expect(await missing.json()).toEqual({ error: 'No page at "/enterprise/nope".' });
    expect((await send(visitor, '/enterprise/overview')).status).toBe(201);
  });

  it('records feedback on a page of the signed-in reader’s group', async () => {
    expect((await send(member, '/enterprise/sso')).status).toBe(201);
    const rows = (await runtime.store.listFeedback({ projectId: 'acme', limit: 10 })).feedback;
    expect(rows[0]).toMatchObject({ path: '/enterprise/sso', source: 'widget', helpful: false, comment: 'unclear' });
  });
});
