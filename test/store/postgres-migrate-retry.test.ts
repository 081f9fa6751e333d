/**
 * A migration that failed only because *another* schema vanished while
 * kysely listed schemas is run again (the queue's fault matrix hit it once in
 * seven runs: one test file dropped its schema while another file migrated).
 * The 3F000 error here is PostgreSQL's own, raised by the same
 * `has_schema_privilege` call kysely makes, on a schema that does not exist.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { retryWhileOtherSchemasVanish } from '../../src/store/postgres/migrate-postgres.js';
import { requireServices } from '../queue/test-services.js';

const services = requireServices('DATABASE_URL');
if (services !== undefined) {
  describe('PostgreSQL migration, another schema dropped meanwhile', () => {
    const client = new pg.Client({ connectionString: services.DATABASE_URL });
    const connected = client.connect();
    after(() => client.end());

    /** The error PostgreSQL raises for has_schema_privilege on a schema dropped under it. */
    async function vanishedSchemaError(): Promise<unknown> {
      await connected;
      try {
        await client.query(`select has_schema_privilege('quorum_dropped_meanwhile', 'USAGE')`);
      } catch (error) {
        return error;
      }
      assert.fail('PostgreSQL accepted a schema that does not exist');
    }

    it('runs the migration again after a 3F000 and returns the successful outcome', async () => {
      const error = await vanishedSchemaError();
      assert.equal((error as { code?: string }).code, '3F000');
      const outcomes = [{ error }, { error: undefined }];
      let calls = 0;
      const outcome = await retryWhileOtherSchemasVanish(async () => outcomes[calls++]!);
      assert.equal(calls, 2);
      assert.equal(outcome.error, undefined);
    });

    it('does not repeat a migration that failed for another reason', async () => {
      await connected;
      const error = await client.query('select * from quorum_no_such_table').catch((caught: unknown) => caught);
      assert.equal((error as { code?: string }).code, '42P01');
      let calls = 0;
      const outcome = await retryWhileOtherSchemasVanish(async () => {
        calls += 1;
        return { error };
      }, 5);
      assert.equal(calls, 1);
      assert.equal(outcome.error, error);
    });

    it('gives up after the given number of attempts and returns the last error', async () => {
      const error = await vanishedSchemaError();
      let calls = 0;
      const outcome = await retryWhileOtherSchemasVanish(async () => {
        calls += 1;
        return { error };
      }, 3);
      assert.equal(calls, 3);
      assert.equal(outcome.error, error);
    });
  });
}
