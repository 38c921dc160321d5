// Contract: the dashboard's assistant analytics agree with the conversations stored, however they arrived.
import { describe, expect, it } from 'vitest';
import { StoreInputError, type ImportedConversation, type Store } from '../../../src/store/index.js';
import { allPages, importedConversation, newConversation, newestFirst } from '../fixtures.js';
import type { ContractContext } from './context.js';

const DAY = 86_400_000;
const START = Date.parse('2025-03-01T00:00:00.000Z');
const QUESTIONS = ['How do I deploy?', '  how do I   DEPLOY? ', 'How do I\tdeploy?\n', 'What is MCP?', 'Where are API keys?', 'what is mcp?'];
const CATEGORIES = ['Guides', 'API', null];
const PAGES = ['https://docs.example.com/a', 'https://docs.example.com/b', null];

/** 600 conversations over ten days (day 3 empty), questions written several ways, a few per category, page and status. */
function sample(projectId: string): ImportedConversation[] {
  return Array.from({ length: 600 }, (_, i) => {
    let day = i % 10;
    if (day === 3) day = 4;
    return importedConversation(projectId, START + day * DAY + (i % 997) * 60_000, {
      query: QUESTIONS[i % QUESTIONS.length]!,
      queryCategory: CATEGORIES[i % 3]!,
      pageUrl: PAGES[(i >> 1) % 3]!,
      resolutionStatus: i % 4 === 0 ? 'unanswered' : 'answered',
    });
  });
}

function tally<T>(rows: readonly ImportedConversation[], keyOf: (row: ImportedConversation) => T): Map<T, number> {
  const counts = new Map<T, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
}

function inRange(rows: readonly ImportedConversation[], fromDay: number, toDay: number): ImportedConversation[] {
  return rows.filter((row) => {
    const ms = Date.parse(row.timestamp);
    return ms >= START + fromDay * DAY && ms < START + (toDay + 1) * DAY;
  });
}

const RANGE = { projectId: 'acme', from: '2025-03-02', to: '2025-03-08' };

/** Everything the analytics reads say for RANGE, to compare stores. */
async function snapshot(store: Store) {
  const top = { ...RANGE, limit: 100 };
  return {
    perDay: await store.conversationsPerDay(RANGE),
    questions: await store.topQuestions(top),
    gaps: await store.topQuestions({ ...top, unanswered: true }),
    categories: await store.conversationsByCategory(top),
    pages: await store.conversationsByPage(top),
  };
}

export function analyticsContract(ctx: ContractContext): void {
  describe('assistant analytics', () => {
    it('counts per day (empty days as 0), top questions after normalising, gaps, categories and pages', async () => {
      const { store } = await ctx.fresh();
      const rows = sample('acme');
      await store.importConversations(rows.slice(0, 400));
      for (const row of rows.slice(400, 430)) await store.importConversations([row]);
      await store.importConversations(rows.slice(430));
      await store.importConversations(sample('other'));
      const inside = inRange(rows, 1, 7);

      const perDay = await store.conversationsPerDay(RANGE);
      expect(perDay.map((d) => d.day)).toEqual(['2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08']);
      expect(perDay[2]).toEqual({ day: '2025-03-04', conversations: 0, unanswered: 0 });
      for (const [i, day] of perDay.entries()) {
        const ofDay = inRange(rows, i + 1, i + 1);
        expect(day).toEqual({ day: day.day, conversations: ofDay.length, unanswered: ofDay.filter((r) => r.resolutionStatus === 'unanswered').length });
      }

      const { questions, gaps, categories, pages } = await snapshot(store);
      const normal = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');
      expect(questions.map((q) => q.question)).toEqual(['how do i deploy?', 'what is mcp?', 'where are api keys?']);
      expect(questions[0]!.conversations).toBe(tally(inside, (r) => normal(r.query)).get('how do i deploy?'));
      expect(questions.reduce((n, q) => n + q.conversations, 0)).toBe(inside.length);
      const unanswered = inside.filter((r) => r.resolutionStatus === 'unanswered');
      expect(new Map(gaps.map((g) => [g.question, g.conversations]))).toEqual(tally(unanswered, (r) => normal(r.query)));
      expect(new Map(categories.map((c) => [c.key, c.conversations]))).toEqual(tally(inside, (r) => r.queryCategory));
      expect(new Map(pages.map((p) => [p.key, p.conversations]))).toEqual(tally(inside, (r) => r.pageUrl));
      expect(categories.map((c) => c.conversations)).toEqual([...categories.map((c) => c.conversations)].sort((a, b) => b - a));
      expect(await store.conversationsByPage({ ...RANGE, limit: 1 })).toEqual(pages.slice(0, 1));
    });

    it('counts a conversation recorded now on today', async () => {
      const { store } = await ctx.fresh();
      await store.addConversation(newConversation('acme', { query: 'Hello  World', resolutionStatus: 'unanswered' }));
      const today = new Date().toISOString().slice(0, 10);
      const range = { projectId: 'acme', from: today, to: today };
      expect(await store.conversationsPerDay(range)).toEqual([{ day: today, conversations: 1, unanswered: 1 }]);
      expect(await store.topQuestions({ ...range, limit: 5, unanswered: true })).toEqual([{ question: 'hello world', conversations: 1 }]);
    });

    it('keeps the counts exact under concurrent writers of the same keys', async () => {
      const { store } = await ctx.fresh();
      const same = { query: 'Same question', queryCategory: 'Guides', pageUrl: 'https://docs.example.com/a' } as const;
      await Promise.all(Array.from({ length: 40 }, () => store.addConversation(newConversation('acme', { ...same, resolutionStatus: 'answered' }))));
      const today = new Date().toISOString().slice(0, 10);
      const range = { projectId: 'acme', from: today, to: today, limit: 10 };
      expect(await store.topQuestions(range)).toEqual([{ question: 'same question', conversations: 40 }]);
      expect(await store.conversationsByCategory(range)).toEqual([{ key: 'Guides', conversations: 40 }]);
    });

    it('pages unanswered conversations newest first and opens one conversation by id', async () => {
      const { store } = await ctx.fresh();
      const rows = sample('acme');
      await store.importConversations(rows);
      const expected = newestFirst(rows.filter((r) => r.resolutionStatus === 'unanswered').map(({ projectId: _, ...row }) => row));
      const { rows: listed } = await allPages(store, { projectId: 'acme', limit: 7, resolutionStatus: 'unanswered' });
      expect(listed).toEqual(expected);
      const one = expected[3]!;
      expect(await store.getConversation({ projectId: 'acme', id: one.id.toLowerCase() })).toEqual(one);
      expect(await store.getConversation({ projectId: 'other', id: one.id })).toBeNull();
      expect(await store.getConversation({ projectId: 'acme', id: 'nope' })).toBeNull();
    });

    it('fills the rollups from conversations stored before they existed when migrating', async () => {
      const { store, options } = await ctx.fresh();
      await store.importConversations(sample('acme'));
      const before = await snapshot(store);
      await store.close();
      for (const sql of [
        'DROP TABLE conversation_days',
        'DROP TABLE conversation_page_days',
        'DROP TABLE question_days',
        'DROP INDEX conversations_by_status',
        'DROP INDEX feedback_by_path',
        'DELETE FROM schema_migrations WHERE version = 5',
      ])
        await ctx.target.sql(options, sql);
      const migrated = await ctx.open(options);
      expect(await snapshot(migrated)).toEqual(before);
      expect(before.questions.length).toBe(3);
    });

    it('counts top questions and gaps exactly over ranges of whole weeks and edge days (weekly and daily rollups together)', async () => {
      const { store } = await ctx.fresh();
      // 45 days from Saturday 2025-03-01, a conversation every 3 hours, questions and statuses cycling.
      const rows = Array.from({ length: 360 }, (_, i) =>
        importedConversation('acme', START + i * 3 * 3_600_000, { query: QUESTIONS[i % 5]!, resolutionStatus: i % 3 === 0 ? 'unanswered' : 'answered' }),
      );
      await store.importConversations(rows.slice(0, 300));
      for (const row of rows.slice(300)) await store.importConversations([row]);
      const day = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);
      const expected = (fromDay: number, toDay: number, unanswered: boolean) => {
        const counts = tally(
          inRange(rows, fromDay, toDay).filter((row) => !unanswered || row.resolutionStatus === 'unanswered'),
          (row) => row.query.trim().toLowerCase().replace(/\s+/g, ' '),
        );
        return [...counts].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1)).map(([question, conversations]) => ({ question, conversations }));
      };
      for (const [fromDay, toDay] of [
        [0, 44],
        [1, 1],
        [2, 8],
        [2, 15],
        [3, 30],
        [0, 13],
        [9, 23],
        [5, 40],
      ] as const) {
        for (const unanswered of [false, true]) {
          const range = { projectId: 'acme', from: day(fromDay), to: day(toDay), limit: 100, unanswered };
          expect(await store.topQuestions(range), `${range.from}..${range.to}${unanswered ? ' gaps' : ''}`).toEqual(expected(fromDay, toDay, unanswered));
        }
      }
    });

    it('refuses malformed days, reversed or over-long ranges, and limits outside 1–1000', async () => {
      const { store } = await ctx.fresh();
      const bad = [
        { projectId: 'acme', from: '2025-02-30', to: '2025-03-01' },
        { projectId: 'acme', from: '2025-3-1', to: '2025-03-01' },
        { projectId: 'acme', from: '2025-03-02', to: '2025-03-01' },
        { projectId: 'acme', from: '2024-01-01', to: '2025-03-01' },
      ];
      for (const range of bad) await expect(store.conversationsPerDay(range)).rejects.toBeInstanceOf(StoreInputError);
      for (const limit of [0, 1001, 2.5]) await expect(store.topQuestions({ ...RANGE, limit })).rejects.toBeInstanceOf(StoreInputError);
    });
  });
}
