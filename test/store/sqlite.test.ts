// Runs the Store contract against SQLite, plus what only SQLite has: a data folder on disk.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StoreUnavailableError } from '../../src/store/index.js';
import { storeContract } from './contract/index.js';
import { sqliteTarget } from './targets.js';

storeContract(sqliteTarget());

describe('SQLite store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the data folder and docsite.db in it', async () => {
    const store = await openStore({ dataDir: join(dir, 'a', 'b') });
    expect(store.engine).toBe('sqlite');
    await store.close();
  });

  it('reports a write lock held by another connection past the busy timeout as StoreUnavailableError', async () => {
    const store = await openStore({ dataDir: join(dir, 'locked') });
    const other = new Database(join(dir, 'locked', 'docsite.db'));
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(store.createApiKey({ kind: 'admin' })).rejects.toBeInstanceOf(StoreUnavailableError);
      expect((await store.listApiKeys()).length).toBe(0);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await store.close();
    }
  });

  it('reports a data folder it cannot create as StoreUnavailableError', async () => {
    writeFileSync(join(dir, 'file'), '');
    await expect(openStore({ dataDir: join(dir, 'file', 'data') })).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
