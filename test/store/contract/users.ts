// Contract: local users with scrypt-hashed passwords and groups.
import { describe, expect, it } from 'vitest';
import { StoreConflictError, StoreInputError } from '../../../src/store/index.js';
import type { ContractContext } from './context.js';

export function usersContract(ctx: ContractContext): void {
  describe('local users', () => {
    it('adds, verifies, lists and removes users', async () => {
      const { store } = await ctx.fresh();
      const ada = await store.addUser({ username: ' Ada@Example.com ', password: 'correct horse', groups: ['admin', 'admin', 'billing'] });
      expect(ada).toMatchObject({ username: 'ada@example.com', groups: ['admin', 'billing'], owner: false });
      await store.addUser({ username: 'bob', password: 'hunter2' });
      expect(await store.verifyUser('ADA@example.com', 'correct horse')).toEqual(ada);
      expect(await store.verifyUser('ada@example.com', 'Correct horse')).toBeUndefined();
      expect(await store.verifyUser('nobody', 'correct horse')).toBeUndefined();
      expect((await store.listUsers()).map((u) => u.username)).toEqual(['ada@example.com', 'bob']);
      expect(JSON.stringify(await store.listUsers())).not.toContain('scrypt');
      await expect(store.addUser({ username: 'ADA@example.com', password: 'x' })).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.addUser({ username: ' ', password: 'x' })).rejects.toBeInstanceOf(StoreInputError);
      await expect(store.addUser({ username: 'carol', password: '' })).rejects.toBeInstanceOf(StoreInputError);
      expect(await store.removeUser('bob')).toBe(true);
      expect(await store.removeUser('bob')).toBe(false);
      expect(await store.verifyUser('bob', 'hunter2')).toBeUndefined();
    });

    it('stores passwords only as salted scrypt hashes', async () => {
      const { store, options } = await ctx.fresh();
      await store.addUser({ username: 'a', password: 'same password' });
      await store.addUser({ username: 'b', password: 'same password' });
      const rows = await ctx.target.sql(options, 'SELECT * FROM users');
      expect(JSON.stringify(rows)).not.toContain('same password');
      const hashes = rows.map((row) => String(row.password_hash));
      expect(hashes.every((hash) => hash.startsWith('scrypt$'))).toBe(true);
      expect(hashes[0]).not.toBe(hashes[1]);
    });

    it('removing a user revokes their tokens', async () => {
      const { store } = await ctx.fresh();
      await store.addUser({ username: 'ada', password: 'pw' });
      const client = await store.registerClient({ redirectUris: ['http://localhost/cb'], tokenEndpointAuthMethod: 'none' });
      const tokens = await store.issueTokens({
        clientId: client.clientId,
        subject: { kind: 'user', userId: 'ada', groups: [] },
        audience: 'aud',
        scope: 'mcp:search',
        accessTtlSeconds: 60,
        refreshTtlSeconds: 60,
      });
      expect(await store.verifyAccessToken(tokens.accessToken, 'aud')).toBeDefined();
      expect(await store.removeUser('ada')).toBe(true);
      expect(await store.verifyAccessToken(tokens.accessToken, 'aud')).toBeUndefined();
    });
  });
}
