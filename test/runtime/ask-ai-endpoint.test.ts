// POST /_docsite/assistant, the pages' Ask AI: an NDJSON stream of the answer (sources, text, done),
// recorded like the REST assistant's with the reader's page; same-site only, a quota per address,
// the reader's own access, and a runtime switch that takes it away (endpoint and button).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/index.js';
import { memoryRateLimiter } from '../../src/ratelimit/index.js';
import { createRateLimits, silentLogger } from '../../src/runtime/index.js';
import type { Conversation } from '../../src/store/index.js';
import { ASK_AI, askAi, askAiReply } from '../helpers/ask-ai.js';
import { Browser, localConfig, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

/** The conversations of the analytics export, newest first, as a site owner reads them. */
async function exported(base: string, adminKey: string): Promise<Conversation[]> {
  const response = await fetch(`${base}/v1/analytics/acme/assistant`, { headers: { Authorization: `Bearer ${adminKey}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conversations: Conversation[] }).conversations;
}

describe('Ask AI on a public site', () => {
  let runtime: TestRuntime;
  let adminKey: string;
  beforeAll(async () => {
    runtime = await startRuntime();
    adminKey = (await runtime.store.createApiKey({ kind: 'admin' })).key;
  });
  afterAll(() => runtime?.close());

  it('streams the sources, then the answer quoting them, then done; never cached or compressed', async () => {
    const reply = await askAi(runtime.url, { query: 'How do I refund a payment?', pagePath: '/quickstart' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-encoding')).toBeNull();
    const [first, ...rest] = reply.events;
    expect(first).toMatchObject({ type: 'sources' });
    const sources = first?.type === 'sources' ? first.sources : [];
    expect(sources[0]).toEqual({ title: 'Refunds and credit notes › Refunds', url: `${runtime.url}/concepts/payments/refunds#refunds` });
    expect(rest.at(-1)).toMatchObject({ type: 'done', conversationId: expect.any(String) });
    expect(rest.slice(0, -1).every((event) => event.type === 'text')).toBe(true);
    expect(reply.text).toContain(`[Refunds and credit notes › Refunds](${runtime.url}/concepts/payments/refunds#refunds)`);
    expect(reply.text).toContain('Card refunds land in 5 to 10 business days');
  });

  it('records each question with the page it was asked on, as the analytics export shows the REST assistant’s', async () => {
    const reply = await askAi(runtime.url, { query: 'webhook signatures', pagePath: '/guides/webhooks' });
    const done = reply.events.at(-1);
    const id = done?.type === 'done' ? done.conversationId : '';
    const conversation = (await exported(runtime.url, adminKey)).find((c) => c.id === id);
    expect(conversation).toMatchObject({
      query: 'webhook signatures',
      response: reply.text,
      pageUrl: `${runtime.url}/guides/webhooks`,
      queryCategory: 'Guides',
      resolutionStatus: 'answered',
    });
    expect(conversation?.sources.length).toBeGreaterThan(0);

    const unanswered = await askAi(runtime.url, { query: 'zzqx qqvv', pagePath: '/quickstart' });
    expect(unanswered.events[0]).toEqual({ type: 'sources', sources: [] });
    expect(unanswered.text).toMatch(/could not find/);
    const last = unanswered.events.at(-1);
    expect((await exported(runtime.url, adminKey)).find((c) => last?.type === 'done' && c.id === last.conversationId)).toMatchObject({
      query: 'zzqx qqvv',
      sources: [],
      queryCategory: null,
      pageUrl: `${runtime.url}/quickstart`,
      resolutionStatus: 'unanswered',
    });
  });

  it('searches the version of the reader’s page', async () => {
    const legacy = await askAi(runtime.url, { query: 'authentication', pagePath: '/v1/charges' });
    const first = legacy.events[0];
    expect(first?.type === 'sources' && first.sources[0]?.url).toBe(`${runtime.url}/v1/authentication`);
  });

  it('refuses questions from other sites with 403 JSON, and answers the site’s own pages and scripts that say nothing', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://evil.test' },
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.test' },
      { 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const refused = await askAi(runtime.url, { query: 'webhooks' }, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body?.error).toMatch(/own pages/);
    }
    const script = await fetch(`${runtime.url}${ASK_AI}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"webhooks"}' });
    expect(script.status).toBe(200);
    expect((await askAiReply(script)).events.at(-1)?.type).toBe('done');
  });

  it('answers 400, 413 and 415 with JSON for bad messages, 405 for other methods', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /query must be a non-empty string/],
      [{ query: '   ' }, /query must be a non-empty string/],
      [{ query: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ query: 'x', pagePath: 'quickstart' }, /pagePath must be a path on this site/],
      [{ query: 'x', page: '/quickstart' }, /Unknown field "page"/],
      ['"webhooks"', /must be a JSON object/],
    ];
    for (const [body, problem] of cases) {
      const reply = await askAi(runtime.url, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body?.error).toBe('Invalid message.');
      expect(reply.body?.details?.map((d) => d.message).join(' ')).toMatch(problem);
    }
    expect((await askAi(runtime.url, '{"query": ')).body).toEqual({ error: 'The request body is not valid JSON.' });
    expect((await askAi(runtime.url, { query: 'x', pageUrl: `${runtime.url}/${'a'.repeat(20_000)}` })).status).toBe(413);
    const form = await askAi(runtime.url, 'query=webhooks', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const get = await fetch(`${runtime.url}${ASK_AI}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: 'GET is not allowed here; use POST.' });
  });

  it('shows the Ask AI button on every page, the 404 page included', async () => {
    for (const path of ['/', '/guides/webhooks', '/no/such/page']) expect(await (await fetch(`${runtime.url}${path}`)).text()).toContain('data-ask-ai-open');
  });

  it('ends the stream with an error event when the answer cannot be recorded, and the server goes on serving', async () => {
    const broken = await startRuntime();
    try {
      await broken.store.close();
      const reply = await askAi(broken.url, { query: 'webhooks' });
      expect(reply.status).toBe(200);
      expect(reply.events[0]?.type).toBe('sources');
      expect(reply.events.at(-1)).toEqual({ type: 'error', error: 'The answer could not be finished. Try again in a moment.' });
      expect((await fetch(`${broken.url}/guides/webhooks`)).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('Ask AI’s quota', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, readerAssistant: 2 } };
    runtime = await startRuntime({ rateLimits: createRateLimits({ limiter: memoryRateLimiter(), config, logger: silentLogger }) });
  });
  afterAll(() => runtime?.close());

  it('answers 429 with Retry-After and a JSON body past readerAssistant questions per address; refused cross-site requests spend none', async () => {
    expect((await askAi(runtime.url, { query: 'webhooks' }, { Origin: 'https://evil.test' })).status).toBe(403);
    expect((await askAi(runtime.url, { query: 'refunds' })).status).toBe(200);
    const second = await askAi(runtime.url, { query: 'invoices' });
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-policy')).toBe('"reader-assistant";q=2;w=3600');
    const refused = await askAi(runtime.url, { query: 'payouts' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body?.error).toMatch(/rate limit/i);
  });
});

describe('Ask AI switched off in the runtime config', () => {
  let runtime: AuthRuntime;
  beforeAll(async () => {
    runtime = await startAuthRuntime({ assistant: { enabled: false } }, {}, undefined, { app: { assistantEnabled: false } });
  });
  afterAll(() => runtime?.close());

  it('reads `assistant.enabled`, default on', () => {
    expect(runtime.config.assistant).toEqual({ enabled: false });
    expect(DEFAULT_RUNTIME_CONFIG.assistant).toEqual({ enabled: true });
  });

  it('answers 404 JSON to any request of the endpoint, and serves pages without the button', async () => {
    const reply = await askAi(runtime.url, { query: 'webhooks' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Ask AI is off on this site.' });
    expect((await fetch(`${runtime.url}${ASK_AI}`)).status).toBe(404);
    for (const path of ['/', '/guides/webhooks', '/no/such/page']) {
      const html = await (await fetch(`${runtime.url}${path}`)).text();
      expect(html).toContain('search-box');
      expect(html).not.toContain('Ask AI');
    }
  });
});

describe('Ask AI on a site with authentication', () => {
  let runtime: AuthRuntime;
  let signedIn: Browser;
  beforeAll(async () => {
    runtime = await startAuthRuntime(localConfig());
    await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
    signedIn = new Browser(runtime.url);
    expect((await signedIn.signIn('ann', 'ann-password')).status).toBe(303);
  });
  afterAll(() => runtime?.close());

  const sourcesOf = (reply: Awaited<ReturnType<typeof askAiReply>>): string[] => {
    const first = reply.events[0];
    return first?.type === 'sources' ? first.sources.map((s) => s.url.replace(runtime.url, '')) : [];
  };
  const askAs = async (browser: Browser, body: object) =>
    askAiReply(
      await browser.request(ASK_AI, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: runtime.url, 'Sec-Fetch-Site': 'same-origin' },
        body: JSON.stringify(body),
      }),
    );

  it('answers anonymous readers from public pages only', async () => {
    const anonymous = await askAs(new Browser(runtime.url), { query: 'deprovision SAML single sign-on' });
    expect(anonymous.status).toBe(200);
    expect(sourcesOf(anonymous).join(' ')).not.toMatch(/enterprise\/sso|quickstart/);
    expect(anonymous.text).not.toContain('/enterprise/sso');
  });

  it('answers a signed-in reader from the pages of their groups, and never another group’s', async () => {
    expect(sourcesOf(await askAs(signedIn, { query: 'deprovision SAML single sign-on' }))).toContain('/enterprise/sso');
    expect(sourcesOf(await askAs(signedIn, { query: 'hash-chained audit' })).join(' ')).not.toContain('/enterprise/audit-logs');
  });

  it('records the page a signed-in reader asked on', async () => {
    const reply = await askAs(signedIn, { query: 'deprovision', pagePath: '/enterprise/sso' });
    const done = reply.events.at(-1);
    const stored = await runtime.store.listConversations({ projectId: 'acme', limit: 10 });
    expect(stored.conversations.find((c) => done?.type === 'done' && c.id === done.conversationId)?.pageUrl).toBe(`${runtime.url}/enterprise/sso`);
  });
});
