// Contract: opening, migrating (also concurrently), health, closing and reopening.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError, type OpenStoreOptions } from '../../../src/store/index.js';
import { MIGRATIONS } from '../../../src/store/migrations.js';
import { newConversation } from '../fixtures.js';
import type { ContractContext } from './context.js';

/** schema_migrations of a database migrated by this docsite. */
const ALL_VERSIONS = MIGRATIONS.map(({ version }) => ({ version }));

/** Opens the store in a new Node process at `startAt`; resolves with what it printed. */
function openInChild(options: OpenStoreOptions, startAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../open-child.ts'), JSON.stringify(options), String(startAt)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

export function lifecycleContract(ctx: ContractContext): void {
  describe('lifecycle', () => {
    it('answers ping, and after close refuses work with StoreUnavailableError (close is idempotent)', async () => {
      const { store } = await ctx.fresh();
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await store.close();
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.listApiKeys()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.deleteClientCredential('x')).rejects.toBeInstanceOf(StoreUnavailableError);
    });

    it('keeps data across close and reopen, without migrating again', async () => {
      const { store, options } = await ctx.fresh();
      const conversation = await store.addConversation(newConversation('acme'));
      const { key } = await store.createApiKey({ kind: 'admin' });
      await store.addUser({ username: 'ada', password: 'pw' });
      const credential = await store.createClientCredential({ label: 'bot' });
      await store.close();
      const reopened = await ctx.open(options);
      expect((await reopened.listConversations({ projectId: 'acme', limit: 5 })).conversations).toEqual([conversation]);
      expect(await reopened.verifyApiKey(key)).toBeDefined();
      expect(await reopened.verifyUser('ada', 'pw')).toBeDefined();
      expect(await reopened.authenticateClient(credential.clientId, credential.clientSecret)).toBeDefined();
      expect(await ctx.target.sql(options, 'SELECT version FROM schema_migrations ORDER BY version')).toEqual(ALL_VERSIONS);
    });

    it('lets several processes open the same new database at the same instant (migration race)', async () => {
      const options = await ctx.target.fresh();
      const startAt = Date.now() + 2500;
      const outputs = await Promise.all([1, 2, 3, 4].map(() => openInChild(options, startAt)));
      expect(outputs.map((out) => JSON.parse(out) as unknown)).toEqual(Array(4).fill({ ok: true }));
      const store = await ctx.open(options);
      expect(await store.listApiKeys()).toHaveLength(4);
      expect(await ctx.target.sql(options, 'SELECT version FROM schema_migrations ORDER BY version')).toEqual(ALL_VERSIONS);
    }, 60_000);

    it('opens concurrently within one process too', async () => {
      const options = await ctx.target.fresh();
      const stores = await Promise.all([ctx.open(options), ctx.open(options), ctx.open(options)]);
      await Promise.all(stores.map((store) => store.ping()));
    });

    it('refuses a database migrated by a newer docsite', async () => {
      const { store, options } = await ctx.fresh();
      await store.close();
      await ctx.target.sql(options, "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (999, 'from the future', 0)");
      await expect(ctx.open(options)).rejects.toThrow(StoreUnavailableError);
      await expect(ctx.open(options)).rejects.toThrow(/newer/);
    });
  });
}
