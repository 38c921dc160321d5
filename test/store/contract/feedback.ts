// Contract: feedback is recorded, filtered, paged like conversations, and triaged.
import { describe, expect, it } from 'vitest';
import { StoreInputError, type Feedback, type ListFeedbackOptions, type Store } from '../../../src/store/index.js';
import { TestClock, type ContractContext } from './context.js';

async function allFeedback(store: Store, options: Omit<ListFeedbackOptions, 'cursor'>): Promise<Feedback[]> {
  const rows: Feedback[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listFeedback({ ...options, cursor });
    rows.push(...page.feedback);
    cursor = page.nextCursor ?? undefined;
    expect(page.hasMore).toBe(cursor !== undefined);
  } while (cursor);
  return rows;
}

export function feedbackContract(ctx: ContractContext): void {
  describe('feedback', () => {
    it('records feedback as open by default, with the REFERENCE.md fields and whether the page helped', async () => {
      const { store } = await ctx.fresh();
      const saved = await store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: 'Step 3 is outdated', source: 'agent', helpful: false });
      expect(Object.keys(saved).sort()).toEqual(['comment', 'createdAt', 'helpful', 'id', 'path', 'source', 'status']);
      expect(saved).toMatchObject({ path: '/quickstart', comment: 'Step 3 is outdated', source: 'agent', status: 'open', helpful: false });
      expect((await store.listFeedback({ projectId: 'acme', limit: 10 })).feedback).toEqual([saved]);
      expect((await store.listFeedback({ projectId: 'other', limit: 10 })).feedback).toEqual([]);
    });

    it('keeps a reader’s Yes and No apart, with or without a comment', async () => {
      const { store } = await ctx.fresh();
      const yes = await store.addFeedback({ projectId: 'acme', path: '/a', comment: '', source: 'widget', helpful: true });
      const no = await store.addFeedback({ projectId: 'acme', path: '/a', comment: 'The example fails', source: 'widget', helpful: false });
      expect(yes.helpful).toBe(true);
      expect((await store.listFeedback({ projectId: 'acme', limit: 10, source: 'widget' })).feedback).toEqual([no, yes]);
    });

    it('adds a reader’s comment to their answer once, only to recent widget feedback that has none', async () => {
      const clock = new TestClock();
      const { store } = await ctx.fresh(clock);
      const since = new Date(clock.ms);
      const answer = await store.addFeedback({ projectId: 'acme', path: '/a', comment: '', source: 'widget', helpful: false });
      const agent = await store.addFeedback({ projectId: 'acme', path: '/a', comment: '', source: 'agent', helpful: false });
      expect(await store.addFeedbackComment({ projectId: 'other', id: answer.id, comment: 'x', since })).toBe(false);
      expect(await store.addFeedbackComment({ projectId: 'acme', id: agent.id, comment: 'x', since })).toBe(false);
      expect(await store.addFeedbackComment({ projectId: 'acme', id: 'not-an-id', comment: 'x', since })).toBe(false);
      expect(await store.addFeedbackComment({ projectId: 'acme', id: answer.id, comment: 'Step 2 fails', since })).toBe(true);
      // A second comment would replace the reader's words.
      expect(await store.addFeedbackComment({ projectId: 'acme', id: answer.id, comment: 'spam', since })).toBe(false);
      const late = await store.addFeedback({ projectId: 'acme', path: '/b', comment: '', source: 'widget', helpful: true });
      clock.advance(60_000);
      expect(await store.addFeedbackComment({ projectId: 'acme', id: late.id, comment: 'x', since: new Date(clock.ms) })).toBe(false);
      const rows = (await store.listFeedback({ projectId: 'acme', limit: 10 })).feedback;
      expect(rows.map(({ path, source, comment }) => ({ path, source, comment }))).toEqual([
        { path: '/b', source: 'widget', comment: '' },
        { path: '/a', source: 'agent', comment: '' },
        { path: '/a', source: 'widget', comment: 'Step 2 fails' },
      ]);
    });

    it('migrates feedback recorded before it said whether the page helped as unhelpful (it came from agents)', async () => {
      const { store, options } = await ctx.fresh();
      await store.close();
      // The database as schema version 2 left it: no helpful column, one row of agent feedback.
      await ctx.target.sql(options, 'ALTER TABLE feedback DROP COLUMN helpful');
      await ctx.target.sql(options, 'DELETE FROM schema_migrations WHERE version = 3');
      await ctx.target.sql(
        options,
        "INSERT INTO feedback (project_id, id, created_ms, path, comment, source, status) VALUES ('acme', '01JJ2V8M3Q1ZK5Y8E4WQ6T0B7C', 1737000000000, '/old', 'Outdated', 'agent', 'resolved')",
      );
      const migrated = await ctx.open(options);
      expect((await migrated.listFeedback({ projectId: 'acme', limit: 10 })).feedback).toEqual([
        {
          id: '01JJ2V8M3Q1ZK5Y8E4WQ6T0B7C',
          path: '/old',
          comment: 'Outdated',
          createdAt: '2025-01-16T04:00:00.000Z',
          source: 'agent',
          status: 'resolved',
          helpful: false,
        },
      ]);
      const added = await migrated.addFeedback({ projectId: 'acme', path: '/new', comment: '', source: 'widget', helpful: true });
      expect((await migrated.listFeedback({ projectId: 'acme', limit: 1 })).feedback).toEqual([added]);
    });

    it('filters by source and status and pages newest first without repeats', async () => {
      const { store } = await ctx.fresh();
      const saved: Feedback[] = [];
      for (let i = 0; i < 40; i++) {
        saved.push(
          await store.addFeedback({
            projectId: 'acme',
            path: `/p${i}`,
            comment: `c${i}`,
            source: i % 2 ? 'widget' : 'agent',
            helpful: i % 3 === 0,
            status: i % 4 === 3 ? 'resolved' : undefined,
          }),
        );
      }
      const newest = [...saved].reverse();
      expect(await allFeedback(store, { projectId: 'acme', limit: 3 })).toEqual(newest);
      expect(await allFeedback(store, { projectId: 'acme', limit: 4, source: 'widget' })).toEqual(newest.filter((f) => f.source === 'widget'));
      expect(await allFeedback(store, { projectId: 'acme', limit: 5, status: 'resolved' })).toEqual(newest.filter((f) => f.status === 'resolved'));
      expect(await allFeedback(store, { projectId: 'acme', limit: 1000, source: 'agent', status: 'resolved' })).toEqual([]);
      const middle = Date.parse(saved[20]!.createdAt);
      const bounded = await allFeedback(store, { projectId: 'acme', limit: 7, dateFrom: new Date(middle), dateTo: new Date(middle + 1) });
      expect(bounded.every((f) => f.createdAt === saved[20]!.createdAt)).toBe(true);
      expect(bounded.map((f) => f.id)).toContain(saved[20]!.id);
      await expect(store.listFeedback({ projectId: 'acme', limit: 0 })).rejects.toBeInstanceOf(StoreInputError);
    });

    it('lists the feedback of one page and counts Yes, No and agent reports per page, most first', async () => {
      const { store } = await ctx.fresh();
      const add = (path: string, source: 'agent' | 'widget', helpful: boolean) => store.addFeedback({ projectId: 'acme', path, comment: '', source, helpful });
      const before = Date.now() - 1;
      for (const [path, source, helpful] of [
        ['/a', 'widget', true],
        ['/a', 'widget', false],
        ['/a', 'agent', false],
        ['/b', 'widget', true],
        ['/a', 'widget', true],
      ] as const)
        await add(path, source, helpful);
      await store.addFeedback({ projectId: 'other', path: '/a', comment: '', source: 'agent', helpful: false });
      const range = { projectId: 'acme', dateFrom: new Date(before), dateTo: new Date(Date.now() + 1000), limit: 10 };
      expect(await store.feedbackByPage(range)).toEqual([
        { path: '/a', helpful: 2, notHelpful: 1, agent: 1 },
        { path: '/b', helpful: 1, notHelpful: 0, agent: 0 },
      ]);
      expect(await store.feedbackByPage({ ...range, dateFrom: new Date(Date.now() + 1000) })).toEqual([]);
      const ofA = await allFeedback(store, { projectId: 'acme', limit: 3, path: '/a' });
      expect(ofA.map((f) => f.path)).toEqual(['/a', '/a', '/a', '/a']);
      await expect(store.feedbackByPage({ ...range, limit: 0 })).rejects.toBeInstanceOf(StoreInputError);
    });

    it('moves feedback to another status, recording who did and when', async () => {
      const clock = new TestClock();
      const { store, options } = await ctx.fresh(clock);
      const saved = await store.addFeedback({ projectId: 'acme', path: '/a', comment: 'typo', source: 'widget', helpful: false });
      expect(await store.feedbackStatusChange({ projectId: 'acme', id: saved.id })).toBeUndefined();
      clock.advance(5000);
      expect(await store.setFeedbackStatus({ projectId: 'acme', id: saved.id, status: 'resolved', changedBy: 'olive' })).toBe(true);
      expect(await store.setFeedbackStatus({ projectId: 'other', id: saved.id, status: 'dismissed', changedBy: 'olive' })).toBe(false);
      expect(await store.setFeedbackStatus({ projectId: 'acme', id: 'nope', status: 'dismissed', changedBy: 'olive' })).toBe(false);
      await expect(store.setFeedbackStatus({ projectId: 'acme', id: saved.id, status: 'done' as 'open', changedBy: 'olive' })).rejects.toBeInstanceOf(
        StoreInputError,
      );
      expect((await store.listFeedback({ projectId: 'acme', limit: 1, status: 'resolved' })).feedback).toEqual([{ ...saved, status: 'resolved' }]);
      // Seen from another process too.
      const other = await ctx.open(options);
      expect(await other.feedbackStatusChange({ projectId: 'acme', id: saved.id })).toEqual({
        status: 'resolved',
        changedBy: 'olive',
        changedAt: new Date(clock.ms).toISOString(),
      });
      expect(await other.feedbackStatusChange({ projectId: 'other', id: saved.id })).toBeUndefined();
    });

    it('lists one status of one source of one page, newest first, paged', async () => {
      const { store } = await ctx.fresh();
      const saved: Feedback[] = [];
      for (let i = 0; i < 24; i++)
        saved.push(
          await store.addFeedback({ projectId: 'acme', path: i % 2 ? '/a' : '/b', comment: `c${i}`, source: i % 3 ? 'widget' : 'agent', helpful: false }),
        );
      for (const row of saved.filter((_, i) => i % 4 === 0))
        await store.setFeedbackStatus({ projectId: 'acme', id: row.id, status: 'dismissed', changedBy: 'olive' });
      const newest = [...saved].reverse().map((row, i, all) => ({ ...row, status: (all.length - 1 - i) % 4 === 0 ? 'dismissed' : 'open' }));
      const open = newest.filter((row) => row.status === 'open');
      expect(await allFeedback(store, { projectId: 'acme', limit: 2, status: 'open' })).toEqual(open);
      expect(await allFeedback(store, { projectId: 'acme', limit: 2, status: 'open', source: 'widget', path: '/a' })).toEqual(
        open.filter((row) => row.source === 'widget' && row.path === '/a'),
      );
      expect(await allFeedback(store, { projectId: 'acme', limit: 3, status: 'dismissed', source: 'agent' })).toEqual(
        newest.filter((row) => row.status === 'dismissed' && row.source === 'agent'),
      );
    });
  });
}
