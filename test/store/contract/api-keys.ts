// Contract: API keys are shown once, stored only as digests, verified in constant time, revoked everywhere at once.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LAST_USED_RESOLUTION_MS } from '../../../src/store/index.js';
import { TestClock, type ContractContext } from './context.js';

export function apiKeysContract(ctx: ContractContext): void {
  describe('API keys', () => {
    it('creates a docsite_ key with at least 128 random bits and verifies it', async () => {
      const { store } = await ctx.fresh();
      const admin = await store.createApiKey({ kind: 'admin', label: 'CI export' });
      const assistant = await store.createApiKey({ kind: 'assistant' });
      expect(admin.key).toMatch(/^docsite_[0-9A-Za-z]{43}$/);
      expect(admin.key).not.toBe(assistant.key);
      expect(admin).toMatchObject({ kind: 'admin', label: 'CI export', lastUsedAt: null });
      expect(await store.verifyApiKey(admin.key)).toMatchObject({ id: admin.id, kind: 'admin', label: 'CI export' });
      expect(await store.verifyApiKey(assistant.key)).toMatchObject({ id: assistant.id, kind: 'assistant', label: null });
      const flipped = admin.key.slice(0, -1) + (admin.key.endsWith('a') ? 'b' : 'a');
      for (const wrong of [flipped, '', 'docsite_', `${admin.key}x`, admin.key.toUpperCase(), 'x'.repeat(10_000)]) {
        expect(await store.verifyApiKey(wrong)).toBeUndefined();
      }
    });

    it('lists keys without the key or its digest', async () => {
      const { store } = await ctx.fresh();
      const created = await store.createApiKey({ kind: 'admin', label: 'one' });
      const listed = await store.listApiKeys();
      expect(listed).toEqual([{ id: created.id, kind: 'admin', label: 'one', createdAt: created.createdAt, lastUsedAt: null }]);
      expect(JSON.stringify(listed)).not.toContain(created.key.slice(8));
    });

    it('never stores a key in plaintext', async () => {
      const { store, options } = await ctx.fresh();
      const { key } = await store.createApiKey({ kind: 'admin' });
      const raw = JSON.stringify(await ctx.target.sql(options, 'SELECT * FROM api_keys'));
      expect(raw).not.toContain(key.slice(8, 30));
      expect(raw).toContain(createHash('sha256').update(key).digest('hex'));
    });

    it('revokes a key at once, also for a second store on the same database', async () => {
      const { store, options } = await ctx.fresh();
      const other = await ctx.open(options);
      const keep = await store.createApiKey({ kind: 'admin' });
      const revoke = await store.createApiKey({ kind: 'admin' });
      expect(await other.verifyApiKey(revoke.key)).toBeDefined();
      expect(await store.revokeApiKey(revoke.id)).toBe(true);
      expect(await other.verifyApiKey(revoke.key)).toBeUndefined();
      expect(await store.verifyApiKey(revoke.key)).toBeUndefined();
      expect(await other.verifyApiKey(keep.key)).toBeDefined();
      expect(await other.revokeApiKey(revoke.id)).toBe(false);
      expect((await other.listApiKeys()).map((k) => k.id)).toEqual([keep.id]);
    });

    it('records lastUsedAt at most once per resolution interval', async () => {
      const clock = new TestClock();
      const { store } = await ctx.fresh(clock);
      const { key, id } = await store.createApiKey({ kind: 'assistant' });
      const first = clock.ms;
      expect((await store.verifyApiKey(key))?.lastUsedAt).toBe(new Date(first).toISOString());
      clock.advance(LAST_USED_RESOLUTION_MS / 2);
      expect((await store.verifyApiKey(key))?.lastUsedAt).toBe(new Date(first).toISOString());
      clock.advance(LAST_USED_RESOLUTION_MS);
      expect((await store.verifyApiKey(key))?.lastUsedAt).toBe(new Date(clock.ms).toISOString());
      expect((await store.listApiKeys()).find((k) => k.id === id)?.lastUsedAt).toBe(new Date(clock.ms).toISOString());
    });
  });
}
