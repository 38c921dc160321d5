// Contract: feedback is recorded, filtered, paged like conversations, and triaged.
import { describe, expect, it } from 'vitest';
import { StoreInputError, type Feedback, type ListFeedbackOptions, type Store } from '../../../src/store/index.js';
import type { ContractContext } from './context.js';

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
    it('records feedback as open by default, with the REFERENCE.md fields', async () => {
      const { store } = await ctx.fresh();
      const saved = await store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: 'Step 3 is outdated', source: 'agent' });
      expect(Object.keys(saved).sort()).toEqual(['comment', 'createdAt', 'id', 'path', 'source', 'status']);
      expect(saved).toMatchObject({ path: '/quickstart', comment: 'Step 3 is outdated', source: 'agent', status: 'open' });
      expect((await store.listFeedback({ projectId: 'acme', limit: 10 })).feedback).toEqual([saved]);
      expect((await store.listFeedback({ projectId: 'other', limit: 10 })).feedback).toEqual([]);
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

    it('moves feedback to another status', async () => {
      const { store } = await ctx.fresh();
      const saved = await store.addFeedback({ projectId: 'acme', path: '/a', comment: 'typo', source: 'widget' });
      expect(await store.setFeedbackStatus({ projectId: 'acme', id: saved.id, status: 'resolved' })).toBe(true);
      expect(await store.setFeedbackStatus({ projectId: 'other', id: saved.id, status: 'dismissed' })).toBe(false);
      expect(await store.setFeedbackStatus({ projectId: 'acme', id: 'nope', status: 'dismissed' })).toBe(false);
      expect((await store.listFeedback({ projectId: 'acme', limit: 1, status: 'resolved' })).feedback).toEqual([{ ...saved, status: 'resolved' }]);
    });
  });
}
