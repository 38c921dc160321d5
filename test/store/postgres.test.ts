// Runs the Store contract against PostgreSQL; skips (saying why) when no server answers, unless CI is set.
import { describe, expect, it } from 'vitest';
import { openStore, StoreInputError, StoreUnavailableError } from '../../src/store/index.js';
import { storeContract } from './contract/index.js';
import { postgresTarget, postgresUnreachable, TEST_DATABASE_URL } from './targets.js';

const unreachable = await postgresUnreachable();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

if (unreachable && inCi) {
  describe('PostgreSQL store', () => {
    it('needs a reachable PostgreSQL server when CI is set', () => {
      throw new Error(`${unreachable}; set DOCSITE_TEST_DATABASE_URL or start the server`);
    });
  });
} else if (unreachable) {
  console.warn(`Skipping the PostgreSQL store tests: ${unreachable}`);
  describe.skip(`PostgreSQL store (skipped: ${unreachable})`, () => {
    it('needs a PostgreSQL server', () => undefined);
  });
} else {
  storeContract(postgresTarget());

  describe('PostgreSQL store', () => {
    it('reports an unreachable server as StoreUnavailableError without the URL or password', async () => {
      const error = await openStore({ databaseUrl: 'postgres://docsite:s3cret-pw@127.0.0.1:1/nowhere' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(String((error as Error).message)).not.toMatch(/s3cret|127\.0\.0\.1|nowhere/);
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(openStore({ databaseUrl: TEST_DATABASE_URL, schema: 'x; DROP TABLE y' })).rejects.toBeInstanceOf(StoreInputError);
    });
  });
}
