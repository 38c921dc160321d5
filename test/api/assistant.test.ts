// POST /v1/assistant/{projectId}/message: answers from the index, records one conversation, with or without a model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiChatModel } from '../../src/assistant/index.js';
import { forEachEngine } from './engines.js';
import { recordingLogger, startApi, type ApiServer } from './api-server.js';
import { startFakeModel, type FakeModel } from './fake-model.js';

const MESSAGE = '/v1/assistant/acme/message';
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

forEachEngine('The assistant endpoint', (target) => {
  let api: ApiServer;
  let key: string;
  let admin: string;
  const ask = (body: unknown, headers?: Record<string, string>) => api.request('POST', MESSAGE, { key, body, ...(headers ? { headers } : {}) });
  /** Every stored conversation, newest first. */
  const stored = async () => (await api.get('/v1/analytics/acme/assistant?limit=1000', admin)).body.conversations as any[];

  beforeAll(async () => {
    api = await startApi(target);
    key = (await api.store.createApiKey({ kind: 'assistant' })).key;
    admin = (await api.store.createApiKey({ kind: 'admin' })).key;
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it('answers from the best sections, cites them by full URL, and records the conversation it returns', async () => {
    const response = await ask({ query: '  How do I refund a payment?  ', pagePath: '/quickstart' });
    expect(response.status).toBe(200);
    const conversation = response.body;
    expect(conversation.id).toMatch(ULID);
    expect(conversation.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(conversation.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(conversation.query).toBe('How do I refund a payment?');
    expect(conversation.resolutionStatus).toBe('answered');
    expect(conversation.sources[0]).toEqual({ title: 'Refunds and credit notes › Refunds', url: `${api.url}/concepts/payments/refunds#refunds` });
    expect(conversation.sources.length).toBeGreaterThan(1);
    for (const source of conversation.sources) expect(source.url).toMatch(new RegExp(`^${api.url}/`));
    // One source per page.
    expect(new Set(conversation.sources.map((s: any) => s.url.split('#')[0])).size).toBe(conversation.sources.length);
    expect(conversation.response).toContain(`(${api.url}/concepts/payments/refunds#refunds)`);
    expect(conversation.response).toContain('Card refunds land in 5 to 10 business days');
    expect(conversation.queryCategory).toBe('Guides');
    expect(conversation.pageUrl).toBe(`${api.url}/quickstart`);
    expect((await stored()).find((c) => c.id === conversation.id)).toEqual(conversation);
  });

  it('records an unanswered conversation when the index has nothing on the question', async () => {
    const response = await ask({ query: 'zzqx qqvv' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ query: 'zzqx qqvv', sources: [], queryCategory: null, pageUrl: null, resolutionStatus: 'unanswered' });
    expect(response.body.response).toMatch(/could not find/);
    expect((await stored()).find((c) => c.id === response.body.id)).toEqual(response.body);
  });

  it('keeps a full pageUrl as given', async () => {
    const pageUrl = 'https://docs.acme.test/guides/webhooks?tab=node#verify';
    const response = await ask({ query: 'webhook signatures', pageUrl });
    expect(response.body.pageUrl).toBe(pageUrl);
  });

  it('searches the version of the page the reader is on, and files the query under its navigation tab', async () => {
    const current = await ask({ query: 'authentication' });
    expect(current.body.sources[0].url).toBe(`${api.url}/authentication`);
    expect(current.body.queryCategory).toBe('Guides');
    expect(current.body.sources.map((s: any) => s.url).join(' ')).not.toContain('/v1/');
    const legacy = await ask({ query: 'authentication', pagePath: '/v1/charges' });
    expect(legacy.body.sources[0].url).toBe(`${api.url}/v1/authentication`);
    expect(legacy.body.queryCategory).toBe('Legacy (v1)');
    const reference = await ask({ query: 'void an invoice' });
    expect(reference.body.queryCategory).toBe('API reference');
  });

  it('cites only what an anonymous reader may read (never a group-restricted page)', async () => {
    const response = await ask({ query: 'SAML single sign-on' });
    expect(JSON.stringify(response.body)).not.toContain('/enterprise/sso');
  });

  it('answers 400 with details for a bad message, 415 for a body that is not JSON, 413 for a huge one', async () => {
    const bad = [
      [{}, /query/],
      [{ query: '' }, /query/],
      [{ query: '   ' }, /query/],
      [{ query: 42 }, /query/],
      [{ query: 'x'.repeat(2001) }, /at most 2000/],
      [{ query: 'x', pageUrl: 'not a url' }, /pageUrl/],
      [{ query: 'x', pageUrl: 'javascript:alert(1)' }, /pageUrl/],
      [{ query: 'x', pagePath: 'quickstart' }, /pagePath/],
      [{ query: 'x', pagePath: '//evil.example/x' }, /pagePath/],
      [{ query: 'x', pagePath: '/a', pageUrl: 'https://docs.acme.test/a' }, /not both/],
      [{ query: 'x', conversationId: '1' }, /Unknown field "conversationId"/],
      [['query'], /JSON object/],
      ['"just a string"', /JSON object/],
    ] as const;
    for (const [body, message] of bad) {
      const response = await ask(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('Invalid message.');
      expect(response.body.details.map((d: any) => d.message).join(' ')).toMatch(message);
    }
    const malformed = await ask('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The request body is not valid JSON.' });
    const text = await api.request('POST', MESSAGE, { key, body: 'query=webhooks', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(text.status).toBe(415);
    const huge = await ask({ query: 'x', pageUrl: `https://docs.acme.test/${'a'.repeat(20_000)}` });
    expect(huge.status).toBe(413);
  });

  it('answers 404 for another project and for unknown paths, 405 for other methods', async () => {
    expect((await api.request('POST', '/v1/assistant/other/message', { key, body: { query: 'x' } })).status).toBe(404);
    expect((await api.request('POST', '/v1/assistant/acme/chat', { key, body: { query: 'x' } })).status).toBe(404);
    const get = await api.request('GET', MESSAGE, { key });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  describe('with an OpenAI-compatible model configured', () => {
    let model: FakeModel;
    let withModel: ApiServer;
    const logs = recordingLogger();
    const MODEL_KEY = 'sk-test-model-key-123';

    beforeAll(async () => {
      model = await startFakeModel();
      withModel = await startApi(target, {
        storeOptions: api.storeOptions,
        logger: logs.logger,
        siteUrl: 'https://docs.acme.test',
        assistantModel: openAiChatModel({ baseUrl: model.baseUrl, model: 'docs-model-1', apiKey: MODEL_KEY }),
      });
    });
    afterAll(async () => {
      await withModel?.close();
      await model?.close();
    });

    it('asks the model with the cited sections as context and records its answer', async () => {
      model.answerWith({
        content: 'Refund with POST /refunds; card refunds take 5 to 10 business days ([Refunds](https://docs.acme.test/concepts/payments/refunds#refunds)).',
      });
      const response = await withModel.request('POST', MESSAGE, {
        key,
        body: { query: 'How do I refund a payment?', pagePath: '/concepts/payments/overview' },
      });
      expect(response.status).toBe(200);
      expect(response.body.response).toMatch(/^Refund with POST \/refunds/);
      expect(response.body.sources[0]).toEqual({
        title: 'Refunds and credit notes › Refunds',
        url: 'https://docs.acme.test/concepts/payments/refunds#refunds',
      });
      expect(response.body.pageUrl).toBe('https://docs.acme.test/concepts/payments/overview');
      expect(response.body.resolutionStatus).toBe('answered');

      const request = model.requests.at(-1)!;
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
      expect(request.body.model).toBe('docs-model-1');
      const [system, user] = request.body.messages;
      expect(system!.role).toBe('system');
      expect(system!.content).toContain('Acme');
      expect(user!.content).toContain('Question: How do I refund a payment?');
      expect(user!.content).toContain('URL: https://docs.acme.test/concepts/payments/refunds#refunds');
      // The whole section, not only the snippet.
      expect(user!.content).toContain('SEPA and ACH refunds are sent as outbound credit transfers');
      expect((await stored()).find((c) => c.id === response.body.id)?.response).toBe(response.body.response);
    });

    it('does not ask the model when nothing matches', async () => {
      const before = model.requests.length;
      const response = await withModel.request('POST', MESSAGE, { key, body: { query: 'zzqx qqvv' } });
      expect(response.body.resolutionStatus).toBe('unanswered');
      expect(model.requests.length).toBe(before);
    });

    it('falls back to quoting the sections when the model fails, and logs that without the model key', async () => {
      model.answerWith({ status: 503 });
      const response = await withModel.request('POST', MESSAGE, { key, body: { query: 'webhooks' } });
      expect(response.status).toBe(200);
      expect(response.body.response).toMatch(/^From the Acme docs:/);
      expect(response.body.resolutionStatus).toBe('answered');
      expect(logs.text()).toContain('assistant model failed');
      expect(logs.text()).toContain('HTTP 503');
      expect(logs.text()).not.toContain(MODEL_KEY);
      expect(logs.text()).not.toContain(key);
    });
  });
});
