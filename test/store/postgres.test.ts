// Runs the Store contract against PostgreSQL; skips (saying why) when no server answers, unless CI is set.
import { describe, expect, it } from 'vitest';
import { openStore, StoreInputError, StoreUnavailableError } from '../../src/store/index.js';
import { describeWhenReachable } from '../helpers/services.js';
import { storeContract } from './contract/index.js';
import { postgresTarget, postgresUnreachable, TEST_DATABASE_URL } from './targets.js';

describeWhenReachable('PostgreSQL store', await postgresUnreachable(), () => {
  storeContract(postgresTarget());

  describe('connections and schemas', () => {
    it('reports an unreachable server as StoreUnavailableError without the URL or password', async () => {
      const error = await openStore({ databaseUrl: 'postgres://docsite:s3cret-pw@127.0.0.1:1/nowhere' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(String((error as Error).message)).not.toMatch(/s3cret|127\.0\.0\.1|nowhere/);
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(openStore({ databaseUrl: TEST_DATABASE_URL, schema: 'x; DROP TABLE y' })).rejects.toBeInstanceOf(StoreInputError);
    });
  });
});
