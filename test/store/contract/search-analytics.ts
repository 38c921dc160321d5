// Contract: search and tool counts are added in batches by any instance, and read per day and as top lists over a range.
import { describe, expect, it } from 'vitest';
import { DAY_MS, StoreInputError, type CountedTool } from '../../../src/store/index.js';
import type { ContractContext } from './context.js';

const DAY = Date.parse('2026-03-10T00:00:00Z') / DAY_MS;
const range = { projectId: 'acme', from: '2026-03-10', to: '2026-03-12' };

export function searchAnalyticsContract(ctx: ContractContext): void {
  describe('search and tool counts', () => {
    it('adds batches from several instances into one count per tool and day', async () => {
      const { store, options } = await ctx.fresh();
      const other = await ctx.open(options);
      const tool = (day: number, name: CountedTool, calls: number, noResults = 0) => ({ day, tool: name, calls, noResults });
      await store.addUsageCounts({ projectId: 'acme', tools: [tool(DAY, 'search', 3, 1), tool(DAY, 'readerSearch', 2)], queries: [] });
      await other.addUsageCounts({
        projectId: 'acme',
        tools: [tool(DAY, 'search', 4, 2), tool(DAY + 2, 'filesystem', 7), tool(DAY + 5, 'search', 1)],
        queries: [],
      });
      await other.addUsageCounts({ projectId: 'other', tools: [tool(DAY, 'search', 100)], queries: [] });
      expect(await store.toolCallsPerDay(range)).toEqual([
        { day: '2026-03-10', tool: 'readerSearch', calls: 2, noResults: 0 },
        { day: '2026-03-10', tool: 'search', calls: 7, noResults: 3 },
        { day: '2026-03-12', tool: 'filesystem', calls: 7, noResults: 0 },
      ]);
      await expect(store.addUsageCounts({ projectId: 'acme', tools: [tool(DAY, 'grep' as CountedTool, 1)], queries: [] })).rejects.toBeInstanceOf(
        StoreInputError,
      );
      await expect(store.addUsageCounts({ projectId: 'acme', tools: [tool(DAY, 'search', -1)], queries: [] })).rejects.toBeInstanceOf(StoreInputError);
      // A refused batch adds nothing of itself.
      await expect(store.addUsageCounts({ projectId: 'acme', tools: [tool(DAY, 'search', 50), tool(DAY, 'search', 1.5)], queries: [] })).rejects.toBeInstanceOf(
        StoreInputError,
      );
      expect((await store.toolCallsPerDay(range)).find((row) => row.tool === 'search')?.calls).toBe(7);
    });

    it('lists the texts searched most, and the searches that found nothing, over a range', async () => {
      const { store } = await ctx.fresh();
      const query = (day: number, text: string, searches: number, noResults = 0) => ({ day, query: text, searches, noResults });
      await store.addUsageCounts({
        projectId: 'acme',
        tools: [],
        queries: [
          query(DAY, 'install', 5),
          query(DAY, 'sso', 2, 2),
          query(DAY + 1, 'install', 1),
          query(DAY + 1, 'webhooks', 6, 1),
          query(DAY + 9, 'sso', 50, 50),
        ],
      });
      await store.addUsageCounts({ projectId: 'acme', tools: [], queries: [query(DAY + 2, 'sso', 1, 1)] });
      expect(await store.topSearches({ ...range, limit: 10 })).toEqual([
        { query: 'install', searches: 6, noResults: 0 },
        { query: 'webhooks', searches: 6, noResults: 1 },
        { query: 'sso', searches: 3, noResults: 3 },
      ]);
      expect(await store.topSearches({ ...range, limit: 1 })).toEqual([{ query: 'install', searches: 6, noResults: 0 }]);
      expect(await store.topSearches({ ...range, limit: 10, noResults: true })).toEqual([
        { query: 'sso', searches: 3, noResults: 3 },
        { query: 'webhooks', searches: 6, noResults: 1 },
      ]);
      expect(await store.topSearches({ ...range, projectId: 'other', limit: 10 })).toEqual([]);
      await expect(store.topSearches({ ...range, to: '2026-03-09', limit: 10 })).rejects.toBeInstanceOf(StoreInputError);
    });
  });
}
