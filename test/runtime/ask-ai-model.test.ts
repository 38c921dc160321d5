// Ask AI with an OpenAI-compatible model: its words streamed to the page as they come
// (`stream: true`), and the quoted sections instead when it fails, before or partway.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiChatModel } from '../../src/assistant/index.js';
import { recordingLogger } from '../api/api-server.js';
import { startFakeModel, type FakeModel } from '../api/fake-model.js';
import { ASK_AI, askAi } from '../helpers/ask-ai.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

const ANSWER =
  'Refund a payment with POST /refunds; card refunds take 5 to 10 business days ([Refunds](https://docs.acme.test/concepts/payments/refunds#refunds)).';
const QUESTION = { query: 'How do I refund a payment?', pagePath: '/concepts/payments/overview' };

describe('Ask AI with a model', () => {
  let model: FakeModel;
  let runtime: TestRuntime;
  const logs = recordingLogger();
  beforeAll(async () => {
    model = await startFakeModel();
    runtime = await startRuntime({
      logger: logs.logger,
      assistantModel: openAiChatModel({ baseUrl: model.baseUrl, model: 'docs-model-1', apiKey: 'sk-model' }),
    });
  });
  afterAll(async () => {
    await runtime?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.answerWith({ content: ANSWER });
    model.streamAnswers({});
  });
  const recorded = async (id: string | undefined) =>
    (await runtime.store.listConversations({ projectId: 'acme', limit: 50 })).conversations.find((c) => c.id === id);

  it('streams the model’s words one by one after the sources, asked with stream: true, and records the whole answer', async () => {
    const reply = await askAi(runtime.url, QUESTION);
    expect(model.requests.at(-1)?.body.stream).toBe(true);
    expect(model.requests.at(-1)?.headers.authorization).toBe('Bearer sk-model');
    expect(reply.events[0]).toMatchObject({ type: 'sources' });
    const texts = reply.events.filter((event) => event.type === 'text');
    expect(texts.length).toBe(ANSWER.split(' ').length);
    expect(reply.text).toBe(ANSWER);
    const done = reply.events.at(-1);
    expect(done?.type).toBe('done');
    expect(await recorded(done?.type === 'done' ? done.conversationId : undefined)).toMatchObject({
      response: ANSWER,
      pageUrl: `${runtime.url}/concepts/payments/overview`,
      resolutionStatus: 'answered',
      queryCategory: 'Guides',
    });
  });

  it('sends each word as the model writes it, not the answer at the end', async () => {
    model.streamAnswers({ chunkDelayMs: 60 });
    const started = Date.now();
    const response = await fetch(`${runtime.url}${ASK_AI}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(QUESTION),
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let firstText: number | undefined;
    let seen = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      seen += chunk.value;
      if (firstText === undefined && seen.includes('"type":"text"')) firstText = Date.now() - started;
    }
    const total = Date.now() - started;
    // About 20 words 60 ms apart: the first arrives more than half a second before the last.
    expect(total - firstText!).toBeGreaterThan(500);
  });

  it('quotes the sections when the model fails before writing, and logs it', async () => {
    model.answerWith({ status: 503 });
    const reply = await askAi(runtime.url, QUESTION);
    expect(reply.events.map((event) => event.type)).toEqual(['sources', 'text', 'done']);
    expect(reply.text).toMatch(/^From the Acme docs:/);
    expect(logs.text()).toContain('HTTP 503');
    expect(logs.text()).not.toContain('sk-model');
  });

  it('restarts with the quoted sections when the model fails partway, and records those', async () => {
    model.streamAnswers({ breakAfter: 3, chunkDelayMs: 20 });
    const reply = await askAi(runtime.url, QUESTION);
    const types = reply.events.map((event) => event.type);
    // The model's first words, as many as reached the server before the connection dropped, then the quote in their place.
    const restart = types.indexOf('restart');
    expect(restart).toBeGreaterThan(1);
    expect(types.slice(0, restart)).toEqual(['sources', ...Array(restart - 1).fill('text')]);
    expect(types.slice(restart)).toEqual(['restart', 'text', 'done']);
    expect(reply.text).toMatch(/^From the Acme docs:/);
    const done = reply.events.at(-1);
    expect((await recorded(done?.type === 'done' ? done.conversationId : undefined))?.response).toBe(reply.text);
  });

  it('stops the model when the reader leaves, and still records the question', async () => {
    model.streamAnswers({ chunkDelayMs: 100 });
    const failures = (): number => logs.text().split('assistant model failed').length;
    const before = failures();
    const query = 'How do I refund a payment? (left early)';
    const leave = new AbortController();
    const response = await fetch(`${runtime.url}${ASK_AI}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...QUESTION, query }),
      signal: leave.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let seen = ''; !seen.includes('"type":"text"'); ) seen += (await reader.read()).value ?? '';
    leave.abort();
    await expect
      .poll(async () => (await runtime.store.listConversations({ projectId: 'acme', limit: 50 })).conversations.find((c) => c.query === query)?.response)
      .toMatch(/^From the Acme docs:/);
    // Leaving is no failure of the model's.
    expect(failures()).toBe(before);
  });
});
