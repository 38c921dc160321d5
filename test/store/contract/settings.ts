// Contract: owner settings shared by every instance, and owner accounts.
import { describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/store/index.js';
import type { ContractContext } from './context.js';

export function settingsContract(ctx: ContractContext): void {
  describe('owner settings', () => {
    it('starts with no stored setting, then stores and overwrites values seen by another connection at once', async () => {
      const { store, options } = await ctx.fresh();
      const other = await ctx.open(options);
      expect(await store.getSettings()).toEqual({});
      await store.putSetting('mcpEnabled', false, 'ada');
      await store.putSetting('redirectUris', ['https://app.example.com/cb', 'myapp://callback'], 'ada');
      expect(await other.getSettings()).toEqual({ mcpEnabled: false, redirectUris: ['https://app.example.com/cb', 'myapp://callback'] });
      await other.putSetting('mcpEnabled', true, 'bob');
      await other.putSetting('redirectUris', [], 'bob');
      expect(await store.getSettings()).toEqual({ mcpEnabled: true, redirectUris: [] });
      const [row] = await ctx.target.sql(options, "SELECT updated_by FROM settings WHERE name = 'mcpEnabled'");
      expect(row?.updated_by).toBe('bob');
    });

    it('refuses unknown settings and values of the wrong type', async () => {
      const { store } = await ctx.fresh();
      await expect(store.putSetting('mcpEnabled', 'yes' as unknown as boolean, 'ada')).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.putSetting('redirectUris', [''], 'ada')).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.putSetting('theme' as 'mcpEnabled', true, 'ada')).rejects.toBeInstanceOf(StoreInputError);
      expect(await store.getSettings()).toEqual({});
    });

    it('marks owner accounts, and only them', async () => {
      const { store } = await ctx.fresh();
      await store.addUser({ username: 'owner', password: 'pw', owner: true });
      await store.addUser({ username: 'reader', password: 'pw' });
      expect((await store.verifyUser('owner', 'pw'))?.owner).toBe(true);
      expect((await store.verifyUser('reader', 'pw'))?.owner).toBe(false);
      expect((await store.listUsers()).map((user) => [user.username, user.owner])).toEqual([
        ['owner', true],
        ['reader', false],
      ]);
    });
  });
}
