// GET /v1/analytics/{projectId}/assistant: exact keyset paging over 2,500 conversations, and date bounds at the boundary instant.
import { ulid } from 'ulid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Conversation, ImportedConversation } from '../../src/store/index.js';
import { newestFirst } from '../store/fixtures.js';
import { forEachEngine } from './engines.js';
import { startApi, type ApiServer } from './api-server.js';

const LIST = '/v1/analytics/acme/assistant';
const BASE = Date.parse('2025-03-01T00:00:00.000Z');

function row(at: number, overrides: Partial<ImportedConversation> = {}): ImportedConversation {
  return {
    projectId: 'acme',
    id: ulid(at),
    timestamp: new Date(at).toISOString(),
    query: `question at ${at}`,
    response: 'answer',
    sources: [{ title: 'Webhooks', url: 'https://docs.acme.test/guides/webhooks' }],
    queryCategory: 'Guides',
    pageUrl: null,
    resolutionStatus: 'answered',
    ...overrides,
  };
}

forEachEngine('Analytics export paging', (target) => {
  let api: ApiServer;
  let admin: string;
  let assistant: string;
  let all: ImportedConversation[];

  /** Follows nextCursor to the end; checks every page's invariants on the way. */
  async function pages(query: string, between?: () => Promise<void>): Promise<{ ids: string[]; count: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let count = 0;
    const limit = Number(new URLSearchParams(query).get('limit') ?? 100);
    do {
      const response = await api.get(`${LIST}?${query}${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(response.status).toBe(200);
      const page = response.body as { conversations: Conversation[]; nextCursor: string | null; hasMore: boolean };
      count += 1;
      expect(page.hasMore).toBe(page.nextCursor !== null);
      if (page.hasMore) {
        expect(page.conversations.length).toBe(limit);
        expect(page.nextCursor).toBe(page.conversations.at(-1)!.id);
      } else expect(page.conversations.length).toBeLessThanOrEqual(limit);
      ids.push(...page.conversations.map((c) => c.id));
      cursor = page.nextCursor;
      if (cursor) await between?.();
    } while (cursor);
    return { ids, count };
  }

  beforeAll(async () => {
    api = await startApi(target);
    admin = (await api.store.createApiKey({ kind: 'admin' })).key;
    assistant = (await api.store.createApiKey({ kind: 'assistant' })).key;
    // 2,500 conversations over 900 distinct milliseconds: most instants hold several rows (ties by id).
    all = Array.from({ length: 2500 }, (_, i) => row(BASE + ((i * 7) % 900)));
    await api.store.importConversations(all);
    // Another project's rows never show up.
    await api.store.importConversations([row(BASE + 5, { projectId: 'other' })]);
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it.each([1000, 999, 100, 37])('returns each of 2,500 conversations exactly once, newest first, at limit %i', async (limit) => {
    const expected = newestFirst(all).map((c) => c.id);
    const { ids, count } = await pages(`limit=${limit}`);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(2500);
    expect(count).toBe(Math.ceil(2500 / limit));
  });

  it('pages 100 at a time by default', async () => {
    const first = await api.get(LIST, admin);
    expect(first.body.conversations.length).toBe(100);
    expect(first.body.hasMore).toBe(true);
  });

  it('neither skips nor repeats while the assistant records new conversations between pages', async () => {
    const before = newestFirst(all).map((c) => c.id);
    const { ids } = await pages('limit=250', async () => {
      const response = await api.request('POST', '/v1/assistant/acme/message', { key: assistant, body: { query: 'webhooks' } });
      expect(response.status).toBe(200);
    });
    expect(ids).toEqual(before);
    const newest = await api.get(`${LIST}?limit=5`, admin);
    expect(newest.body.conversations[0].query).toBe('webhooks');
  });

  it('applies dateFrom inclusively and dateTo exclusively at the boundary instant, in every accepted format', async () => {
    const boundary = Date.parse('2025-04-10T12:00:00.000Z');
    const edge = [boundary - 1, boundary, boundary + 1].map((at) => row(at, { query: `edge ${at - boundary}` }));
    const midnight = Date.parse('2025-04-11T00:00:00.000Z');
    const day = [midnight - 1, midnight].map((at) => row(at, { query: `day ${at - midnight}` }));
    await api.store.importConversations([...edge, ...day]);
    const queries = async (params: string) => ((await api.get(`${LIST}?${params}`, admin)).body.conversations as Conversation[]).map((c) => c.query);

    expect(await queries('dateFrom=2025-04-10T12:00:00.000Z&dateTo=2025-04-10T12:00:00.002Z')).toEqual(['edge 1', 'edge 0']);
    expect(await queries('dateFrom=2025-04-10T11:00:00Z&dateTo=2025-04-10T12:00:00Z')).toEqual(['edge -1']);
    // The same instant written with an offset, without a zone (UTC), and with a finer fraction.
    expect(await queries('dateFrom=2025-04-10T13:00:00%2B01:00&dateTo=2025-04-10T12:00:00.001')).toEqual(['edge 0']);
    expect(await queries('dateFrom=2025-04-10T11:59:59.9995Z&dateTo=2025-04-10T12:00:00.0001Z')).toEqual(['edge 0']);
    // YYYY-MM-DD is midnight UTC: the day's last millisecond is before it, midnight itself is on it.
    expect(await queries('dateFrom=2025-04-10T23:00:00Z&dateTo=2025-04-11')).toEqual(['day -1']);
    expect(await queries('dateFrom=2025-04-11&dateTo=2025-04-12')).toEqual(['day 0']);
    // The other ISO 8601 forms: basic dates and times, ordinal and week dates (2025-W15-5 is April 11, day 102 April 12).
    expect(await queries('dateFrom=20250410T2300Z&dateTo=20250411')).toEqual(['day -1']);
    expect(await queries('dateFrom=2025-W15-5&dateTo=2025102')).toEqual(['day 0']);
    expect(await queries('dateFrom=2025-W15&dateTo=2025-W15-5')).toEqual(['day -1', 'edge 1', 'edge 0', 'edge -1']);
    // Equal bounds: nothing, and no error.
    expect(await queries('dateFrom=2025-04-10T12:00:00Z&dateTo=2025-04-10T12:00:00Z')).toEqual([]);
  });

  it('pages within a date range and ends with nextCursor null and hasMore false', async () => {
    const from = BASE + 100;
    const to = BASE + 200;
    const expected = newestFirst(all.filter((c) => Date.parse(c.timestamp) >= from && Date.parse(c.timestamp) < to)).map((c) => c.id);
    const { ids } = await pages(`limit=10&dateFrom=${new Date(from).toISOString()}&dateTo=${new Date(to).toISOString()}`);
    expect(ids).toEqual(expected);
    const empty = await api.get(`${LIST}?dateFrom=2030-01-01`, admin);
    expect(empty.body).toEqual({ conversations: [], nextCursor: null, hasMore: false });
  });
});
