// Contract: conversations are recorded, imported all-or-nothing, and paged exactly once, in order.
import { describe, expect, it } from 'vitest';
import { StoreConflictError, StoreInputError, type Conversation, type ImportedConversation, type Store } from '../../../src/store/index.js';
import { allPages, importedConversation, newConversation, newestFirst } from '../fixtures.js';
import type { ContractContext } from './context.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

function ids(rows: readonly { id: string }[]): string[] {
  return rows.map((row) => row.id);
}

/** 2,500 conversations: 1,500 imported onto 40 shared instants with random ids, 1,000 recorded now. */
async function seed2500(store: Store, projectId: string): Promise<Conversation[]> {
  const base = Date.parse('2025-06-01T00:00:00.000Z');
  const imported = Array.from({ length: 1500 }, (_, i) => importedConversation(projectId, base + (i % 40) * 60_000));
  await store.importConversations(imported);
  const recorded: Conversation[] = [];
  for (let i = 0; i < 1000; i++) recorded.push(await store.addConversation(newConversation(projectId)));
  const { projectId: _, ...shape } = imported[0]!;
  expect(Object.keys(shape).sort()).toEqual(Object.keys(recorded[0]!).sort());
  return newestFirst([...imported.map(({ projectId: __, ...row }) => row), ...recorded]);
}

export function conversationsContract(ctx: ContractContext): void {
  describe('conversations', () => {
    it('records a conversation with a ULID, a UTC millisecond timestamp and every field', async () => {
      const { store } = await ctx.fresh();
      const input = newConversation('acme', { queryCategory: null, pageUrl: 'https://docs.example.com/a', resolutionStatus: 'unanswered' });
      const before = Date.now();
      const saved = await store.addConversation(input);
      expect(saved.id).toMatch(ULID);
      expect(saved.timestamp).toMatch(ISO_MS);
      expect(Date.parse(saved.timestamp)).toBeGreaterThanOrEqual(before - 5);
      expect(saved).toMatchObject({
        query: input.query,
        response: input.response,
        sources: input.sources,
        queryCategory: null,
        pageUrl: 'https://docs.example.com/a',
        resolutionStatus: 'unanswered',
      });
      expect(await store.listConversations({ projectId: 'acme', limit: 10 })).toEqual({ conversations: [saved], nextCursor: null, hasMore: false });
    });

    it('gives conversations recorded in a row increasing ids and non-decreasing timestamps', async () => {
      const { store } = await ctx.fresh();
      const saved: Conversation[] = [];
      for (let i = 0; i < 50; i++) saved.push(await store.addConversation(newConversation('acme')));
      for (let i = 1; i < saved.length; i++) {
        expect(saved[i]!.id > saved[i - 1]!.id).toBe(true);
        expect(Date.parse(saved[i]!.timestamp)).toBeGreaterThanOrEqual(Date.parse(saved[i - 1]!.timestamp));
      }
    });

    it('pages over 2,500 conversations at limits 1, 7, 100 and 1000, each exactly once, newest first, ties by id', async () => {
      const { store } = await ctx.fresh();
      const expected = await seed2500(store, 'acme');
      await store.addConversation(newConversation('other-project'));
      for (const limit of [1, 7, 100, 1000]) {
        const { rows, pages } = await allPages(store, { projectId: 'acme', limit });
        expect(pages).toBe(Math.ceil(2500 / limit));
        expect(ids(rows)).toEqual(ids(expected));
        expect(rows).toEqual(expected);
      }
    }, 120_000);

    it('pages through the keyset index right after a bulk import, without sorting the project', async () => {
      const { store, options } = await ctx.fresh();
      const start = Date.parse('2025-01-01T00:00:00.000Z');
      await store.importConversations(Array.from({ length: 20_000 }, (_, i) => importedConversation('acme', start + i * 1000)));
      const cursorKey = `${start + 10_000 * 1000}, 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'`;
      const page = `SELECT id, created_ms, query FROM conversations WHERE project_id = 'acme' AND (created_ms, id) < (${cursorKey}) ORDER BY created_ms DESC, id DESC LIMIT 1001`;
      const explain = ctx.target.name === 'SQLite' ? `EXPLAIN QUERY PLAN ${page}` : `EXPLAIN ${page}`;
      const plan = (await ctx.target.sql(options, explain)).map((row) => Object.values(row).join(' ')).join('\n');
      expect(plan).toMatch(/conversations_page/);
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/i);
    }, 60_000);

    it('never skips or repeats a row while conversations are written between and during page reads', async () => {
      const { store } = await ctx.fresh();
      const start = Date.parse('2025-01-01T00:00:00.000Z');
      await store.importConversations(Array.from({ length: 300 }, (_, i) => importedConversation('acme', start + (i % 30) * 1000)));
      for (let i = 0; i < 200; i++) await store.addConversation(newConversation('acme'));
      const existing = new Set(ids((await allPages(store, { projectId: 'acme', limit: 1000 })).rows));
      const newer = new Set<string>();
      const olderBelowCursor = new Set<string>();
      let cursor: string | undefined;
      const seen: Conversation[] = [];
      for (;;) {
        // After the first page, new conversations are written while each page is being read.
        const [page] = await Promise.all([
          store.listConversations({ projectId: 'acme', limit: 23, cursor }),
          (async () => {
            for (let i = 0; cursor && i < 3; i++) newer.add((await store.addConversation(newConversation('acme'))).id);
          })(),
        ]);
        seen.push(...page.conversations);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
        // Between pages, an import lands below the cursor: it must still be read, once.
        const last = Date.parse(page.conversations.at(-1)!.timestamp);
        if (last > start) {
          const row = importedConversation('acme', start + Math.floor(Math.random() * (last - start)));
          await store.importConversations([row]);
          olderBelowCursor.add(row.id);
        }
      }
      const seenIds = ids(seen);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seen).toEqual(newestFirst(seen));
      for (const id of existing) expect(seenIds).toContain(id);
      for (const id of olderBelowCursor) expect(seenIds).toContain(id);
      expect(olderBelowCursor.size).toBeGreaterThan(5);
      for (const id of newer) expect(seenIds).not.toContain(id);
    }, 60_000);

    it('takes dateFrom as inclusive and dateTo as exclusive, at the exact boundary instant', async () => {
      const { store } = await ctx.fresh();
      const from = Date.parse('2024-03-01T00:00:00.000Z');
      const to = Date.parse('2024-03-02T00:00:00.000Z');
      const at = [from - 1, from, from, from + 1, to - 1, to - 1, to, to + 1];
      const rows = at.map((ms) => importedConversation('acme', ms));
      await store.importConversations(rows);
      const inside = newestFirst(rows.filter((_, i) => at[i]! >= from && at[i]! < to));
      expect(inside).toHaveLength(5);
      for (const limit of [1, 2, 1000]) {
        const { rows: listed } = await allPages(store, { projectId: 'acme', limit, dateFrom: new Date(from), dateTo: new Date(to) });
        expect(ids(listed)).toEqual(ids(inside));
      }
      const fromOnly = await store.listConversations({ projectId: 'acme', limit: 100, dateFrom: new Date(to) });
      expect(fromOnly.conversations.map((c) => Date.parse(c.timestamp))).toEqual([to + 1, to]);
      const toOnly = await store.listConversations({ projectId: 'acme', limit: 100, dateTo: new Date(from) });
      expect(toOnly.conversations.map((c) => Date.parse(c.timestamp))).toEqual([from - 1]);
      expect((await store.listConversations({ projectId: 'acme', limit: 100, dateFrom: new Date(to), dateTo: new Date(from) })).conversations).toEqual([]);
    });

    it('refuses a limit outside 1–1000, a malformed cursor and a cursor of no row of the project', async () => {
      const { store } = await ctx.fresh();
      const saved = await store.addConversation(newConversation('acme'));
      await store.addConversation(newConversation('acme'));
      for (const limit of [0, 1001, 1.5, Number.NaN])
        await expect(store.listConversations({ projectId: 'acme', limit })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.listConversations({ projectId: 'acme', limit: 10, cursor: 'not-a-ulid' })).rejects.toThrow(/cursor/);
      await expect(store.listConversations({ projectId: 'acme', limit: 10, cursor: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.listConversations({ projectId: 'other', limit: 10, cursor: saved.id })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.listConversations({ projectId: 'acme', limit: 10, dateFrom: new Date(Number.NaN) })).rejects.toBeInstanceOf(StoreInputError);
      const page = await store.listConversations({ projectId: 'acme', limit: 1 });
      const lower = await store.listConversations({ projectId: 'acme', limit: 1, cursor: page.nextCursor!.toLowerCase() });
      expect(ids(lower.conversations)).toEqual([saved.id]);
    });

    it('imports rows with their own ids and timestamps, normalised to UTC milliseconds', async () => {
      const { store } = await ctx.fresh();
      const row = importedConversation('acme', 0, { id: '01arz3ndektsv4rrffq69g5fav', timestamp: '2024-05-01T12:00:00.5+02:00', sources: [] });
      expect(await store.importConversations([row])).toBe(1);
      const [listed] = (await store.listConversations({ projectId: 'acme', limit: 1 })).conversations;
      expect(listed).toMatchObject({ id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', timestamp: '2024-05-01T10:00:00.500Z', sources: [] });
      expect(await store.importConversations([])).toBe(0);
    });

    it('imports all or nothing: one invalid row, or one id already stored, stores nothing', async () => {
      const { store } = await ctx.fresh();
      const existing = importedConversation('acme', Date.parse('2024-01-01T00:00:00Z'));
      await store.importConversations([existing]);
      const batch = (): ImportedConversation[] => Array.from({ length: 1200 }, (_, i) => importedConversation('acme', Date.parse('2024-02-01T00:00:00Z') + i));
      const count = async () => (await allPages(store, { projectId: 'acme', limit: 1000 })).rows.length;

      const invalid: [string, (row: ImportedConversation) => unknown][] = [
        ['id', (row) => ({ ...row, id: 'nope' })],
        ['timestamp', (row) => ({ ...row, timestamp: '2024-02-01 10:00' })],
        ['sources', (row) => ({ ...row, sources: [{ title: 'x' }] })],
        ['resolutionStatus', (row) => ({ ...row, resolutionStatus: 'maybe' })],
        ['query', (row) => ({ ...row, query: undefined })],
      ];
      for (const [field, spoil] of invalid) {
        const rows = batch();
        rows[700] = spoil(rows[700]!) as ImportedConversation;
        await expect(store.importConversations(rows)).rejects.toThrow(new RegExp(`row 701: ${field}`));
        expect(await count()).toBe(1);
      }
      const repeated = batch();
      repeated[900] = { ...repeated[900]!, id: repeated[3]!.id };
      await expect(store.importConversations(repeated)).rejects.toBeInstanceOf(StoreInputError);
      // The clash is found by the database on the third INSERT, after 1,000 rows went in: all roll back.
      const clashing = batch();
      clashing[1100] = { ...clashing[1100]!, id: existing.id };
      await expect(store.importConversations(clashing)).rejects.toBeInstanceOf(StoreConflictError);
      expect(await count()).toBe(1);
    });
  });
}
