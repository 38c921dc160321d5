// Contract: the dashboard's audit log records who did what and when, newest first, across connections.
import { describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/store/index.js';
import { TestClock, type ContractContext } from './context.js';

export function adminActionsContract(ctx: ContractContext): void {
  describe('dashboard audit log', () => {
    it('records actions with their actor and time, and lists them newest first from another connection', async () => {
      const clock = new TestClock();
      const { store, options } = await ctx.fresh(clock);
      const first = await store.recordAdminAction({ actor: 'ada', action: 'api-key.create', detail: '01KEY' });
      clock.advance(1000);
      await store.recordAdminAction({ actor: 'bob', action: 'setting.mcpEnabled', detail: 'off' });
      expect(first).toMatchObject({ actor: 'ada', action: 'api-key.create', detail: '01KEY', at: new Date(first.at).toISOString() });
      const other = await ctx.open(options);
      const listed = await other.listAdminActions(10);
      expect(listed.map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
        ['bob', 'setting.mcpEnabled', 'off'],
        ['ada', 'api-key.create', '01KEY'],
      ]);
      expect(Date.parse(listed[0]!.at) - Date.parse(listed[1]!.at)).toBe(1000);
      expect(await other.listAdminActions(1)).toHaveLength(1);
    });

    it('refuses an action without actor or name, and a limit out of range', async () => {
      const { store } = await ctx.fresh();
      await expect(store.recordAdminAction({ actor: '', action: 'x' })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.recordAdminAction({ actor: 'ada', action: '' })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.listAdminActions(0)).rejects.toBeInstanceOf(StoreInputError);
      expect(await store.listAdminActions(5)).toEqual([]);
    });
  });
}
