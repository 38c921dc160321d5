// Contract: analytics over ranges that cross month edges (read from monthly, weekly and daily rollups together) equal a direct count of the conversations.
import { describe, expect, it } from 'vitest';
import type { ImportedConversation, Store } from '../../../src/store/index.js';
import { importedConversation } from '../fixtures.js';
import type { ContractContext } from './context.js';

const START = Date.parse('2024-12-20T00:00:00.000Z');
const QUESTIONS = [
  'How do I deploy?',
  '  how do I   DEPLOY? ',
  'What is MCP?',
  'Where are API keys?',
  'what is mcp?',
  'How do I theme it?',
  'Can I self-host?',
];
const CATEGORIES = ['Guides', 'API', null];
const PAGES = ['https://docs.example.com/a', 'https://docs.example.com/b', 'https://docs.example.com/c', null];

/**
 * 112 days from Friday 2024-12-20 (past a year's end and three month ends), a conversation every
 * 7 hours; and one on 2025-01-05 alone with its question, category and page, which a range that
 * reads January less its first days takes out again.
 */
function sample(projectId: string): ImportedConversation[] {
  const once = importedConversation(projectId, Date.parse('2025-01-05T10:00:00.000Z'), {
    query: 'Asked only once?',
    queryCategory: 'Once',
    pageUrl: 'https://docs.example.com/once',
    resolutionStatus: 'unanswered',
  });
  return [
    ...Array.from({ length: 384 }, (_, i) =>
      importedConversation(projectId, START + i * 7 * 3_600_000, {
        query: QUESTIONS[(i % 11) % QUESTIONS.length]!,
        queryCategory: CATEGORIES[i % 3]!,
        pageUrl: PAGES[(i >> 1) % 4]!,
        resolutionStatus: i % 3 === 0 || i % 7 === 0 ? 'unanswered' : 'answered',
      }),
    ),
    once,
  ];
}

/** Ranges with whole months and partial ones at either end, or none; a month exactly; a year's end. */
const RANGES = [
  ['2024-12-20', '2025-04-10'],
  ['2024-12-31', '2025-02-01'],
  ['2025-01-01', '2025-01-31'],
  ['2025-01-01', '2025-02-28'],
  ['2024-12-25', '2025-03-03'],
  ['2025-01-15', '2025-02-14'],
  ['2025-01-27', '2025-04-06'],
  ['2025-02-28', '2025-03-01'],
] as const;

const normal = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ');

/** Counts per key, most first, ties by key, as the store ranks them. */
function ranked<K extends string | null>(rows: readonly ImportedConversation[], keyOf: (row: ImportedConversation) => K): [K, number][] {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return [...counts].sort(([a, n], [b, m]) => m - n || ((a ?? '') < (b ?? '') ? -1 : 1));
}

/** What every top list should say for the range, counted from the conversations themselves. */
function direct(rows: readonly ImportedConversation[], from: string, to: string) {
  const inside = rows.filter((row) => row.timestamp.slice(0, 10) >= from && row.timestamp.slice(0, 10) <= to);
  const unanswered = inside.filter((row) => row.resolutionStatus === 'unanswered');
  return {
    total: inside.length,
    questions: ranked(inside, (row) => normal(row.query)).map(([question, conversations]) => ({ question, conversations })),
    gaps: ranked(unanswered, (row) => normal(row.query)).map(([question, conversations]) => ({ question, conversations })),
    categories: new Map(ranked(inside, (row) => row.queryCategory)),
    pages: new Map(ranked(inside, (row) => row.pageUrl)),
  };
}

/** What the store says for the range. */
async function read(store: Store, from: string, to: string) {
  const range = { projectId: 'acme', from, to, limit: 100 };
  const perDay = await store.conversationsPerDay(range);
  return {
    total: perDay.reduce((n, day) => n + day.conversations, 0),
    questions: await store.topQuestions(range),
    gaps: await store.topQuestions({ ...range, unanswered: true }),
    categories: new Map((await store.conversationsByCategory(range)).map((c) => [c.key, c.conversations])),
    pages: new Map((await store.conversationsByPage(range)).map((p) => [p.key, p.conversations])),
  };
}

async function expectExact(store: Store, rows: readonly ImportedConversation[]): Promise<void> {
  for (const [from, to] of RANGES) expect(await read(store, from, to), `${from}..${to}`).toEqual(direct(rows, from, to));
}

export function analyticsMonthsContract(ctx: ContractContext): void {
  describe('assistant analytics across month edges', () => {
    it('counts top questions, gaps, categories and pages exactly over ranges of whole and partial months, imported in batches or one by one', async () => {
      const { store } = await ctx.fresh();
      const rows = sample('acme');
      await store.importConversations(rows.slice(0, 250));
      for (const row of rows.slice(250, 300)) await store.importConversations([row]);
      await store.importConversations(rows.slice(300));
      await store.importConversations(sample('other').slice(0, 100));
      await expectExact(store, rows);
      expect((await read(store, '2025-01-01', '2025-01-31')).questions.length).toBe(6);
      expect((await read(store, '2025-01-15', '2025-02-14')).pages.has('https://docs.example.com/once')).toBe(false);
    });

    it('fills the monthly rollups from the daily ones when migrating', async () => {
      const { store, options } = await ctx.fresh();
      const rows = sample('acme');
      await store.importConversations(rows);
      await store.close();
      for (const sql of ['DROP TABLE question_months', 'DROP TABLE conversation_page_months', 'DELETE FROM schema_migrations WHERE version = 10'])
        await ctx.target.sql(options, sql);
      const migrated = await ctx.open(options);
      await expectExact(migrated, rows);
      // Written after the migration: the backfilled months keep counting.
      const later = importedConversation('acme', Date.parse('2025-02-10T12:00:00.000Z'), { query: 'What is MCP?', resolutionStatus: 'unanswered' });
      await migrated.importConversations([later]);
      await expectExact(migrated, [...rows, later]);
    });
  });
}
