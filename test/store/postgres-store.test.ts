/**
 * The shared store suite on PostgreSQL, plus what only PostgreSQL has:
 * schemas, concurrent migration by many processes, connection errors.
 * Needs DATABASE_URL (see test/queue/test-services.ts); every run works in
 * its own fresh schema, dropped at the end, so runs may overlap.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { StoreError } from '../../src/spec/errors.js';
import { migrations } from '../../src/store/migrations/migrations.js';
import { openStore } from '../../src/store/open-store.js';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.js';
import { parsePostgresLocation } from '../../src/store/postgres/postgres-location.js';
import { cachedCompletion, runRecord, unitResult } from '../../src/testing/trace-fixtures.js';
import { requireServices, testSchema } from '../queue/test-services.js';
import { runStoreSuite } from '../../src/testing/trace-store-suite.js';

describe('postgres location', () => {
  it('takes quorum parameters out of the URL and never shows the password', () => {
    const parsed = parsePostgresLocation('postgres://ann:s3cret@db.example:5433/runs?schema=study_a&pool=20&sslmode=require');
    assert.equal(parsed.schema, 'study_a');
    assert.equal(parsed.poolSize, 20);
    assert.match(parsed.connectionString, /sslmode=require/);
    assert.doesNotMatch(parsed.connectionString, /schema=|pool=/);
    assert.doesNotMatch(parsed.display, /s3cret/);
    assert.match(parsed.display, /ann:\*\*\*@db\.example:5433\/runs/);
  });

  it('refuses schema names that are not plain identifiers, without echoing secrets', () => {
    for (const schema of ['Public', 'a-b', 'x;drop', '1abc', '"q"']) {
      assert.throws(
        () => parsePostgresLocation(`postgres://ann:s3cret@h/db?schema=${encodeURIComponent(schema)}`),
        (error: unknown) => error instanceof Error && /schema/.test(error.message) && !/s3cret/.test(error.message),
      );
    }
    assert.throws(() => parsePostgresLocation('postgres://h/db?pool=1'), /pool/);
  });

  it('reports an unreachable server as a StoreError with a hint and without the password', async () => {
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    await assert.rejects(openStore('postgres://ann:s3cret@127.0.0.1:1/quorum'), (error: unknown) => {
      assert.ok(error instanceof StoreError);
      assert.match(error.message, /PostgreSQL/);
      assert.match(error.hint ?? '', /start PostgreSQL|reachable/);
      assert.doesNotMatch(`${error.message} ${error.hint}`, /s3cret/);
      return true;
    });
  });
});

const services = requireServices('DATABASE_URL');
if (services !== undefined) {
  const databaseUrl = services.DATABASE_URL;
  const suiteSchema = testSchema(databaseUrl, 'suite');
  runStoreSuite('PostgresTraceStore (fresh schema)', () => openPostgresStore(suiteSchema.url), () => suiteSchema.drop());

  describe('PostgreSQL store', () => {
    const schemas = [suiteSchema];
    const fresh = (label: string) => {
      const schema = testSchema(databaseUrl, label);
      schemas.push(schema);
      return schema;
    };
    after(async () => {
      for (const schema of schemas) await schema.drop();
    });

    it('is what openStore gives for postgres:// and postgresql:// locations', async () => {
      const schema = fresh('open');
      for (const location of [schema.url, schema.url.replace(/^postgres(ql)?:/, 'postgresql:')]) {
        const store = await openStore(location);
        assert.equal(store.kind, 'postgres');
        await store.close();
      }
    });

    it('creates its schema, records every migration, and keeps its tables out of other schemas', async () => {
      const schema = fresh('schema');
      const store = await openPostgresStore(schema.url);
      await store.createRun(runRecord('only-here'));
      await store.close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const tables = await client.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1 order by table_name', [schema.name]);
        assert.ok(tables.rows.some((row) => row.table_name === 'units'));
        const applied = await client.query<{ name: string }>(`select name from "${schema.name}".kysely_migration order by name`);
        assert.deepEqual(
          applied.rows.map((row) => row.name),
          Object.keys(migrations).sort(),
        );
      } finally {
        await client.end();
      }
      const other = await openPostgresStore(fresh('other').url);
      assert.equal(await other.getRun('only-here'), undefined);
      await other.close();
    });

    // Separate pools are separate sessions, exactly as separate worker processes are.
    it('migrates a new schema once when many stores open it at the same time', async () => {
      const schema = fresh('race');
      const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresStore(schema.url, { poolSize: 2 })));
      await stores[0]!.createRun(runRecord('shared'));
      assert.equal((await stores[5]!.getRun('shared'))?.id, 'shared');
      await Promise.all(stores.map((store) => store.close()));
    });

    it('opens read-only: reads work, writes are refused, an empty schema is not a store', async () => {
      const schema = fresh('readonly');
      const writer = await openPostgresStore(schema.url);
      await writer.createRun(runRecord('r'));
      await writer.putCompletion('k', cachedCompletion());
      await writer.close();
      const reader = await openStore(schema.url, { readonly: true });
      assert.equal((await reader.getRun('r'))?.id, 'r');
      assert.equal((await reader.getCompletion('k'))?.text, 'Final answer: B');
      await assert.rejects(reader.createRun(runRecord('r2')), /read-only/);
      await assert.rejects(reader.putCompletion('k2', cachedCompletion()), StoreError);
      await reader.close();
      await assert.rejects(openPostgresStore(fresh('absent').url, { readonly: true }), /holds no quorum store/);
    });

    it('refuses a store written by a newer quorum', async () => {
      const schema = fresh('future');
      await (await openPostgresStore(schema.url)).close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`insert into "${schema.name}".kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01')`);
      await client.end();
      await assert.rejects(openPostgresStore(schema.url), /9999-from-the-future/);
      await assert.rejects(openPostgresStore(schema.url, { readonly: true }), /9999-from-the-future/);
    });

    it('stores a unit exactly once when two stores (two pools) race on it', async () => {
      const schema = fresh('pools');
      const [first, second] = await Promise.all([openPostgresStore(schema.url), openPostgresStore(schema.url)]);
      await first!.createRun(runRecord('race'));
      const keys = Array.from({ length: 30 }, (_, index) => ({ questionId: `q${index}`, protocol: 'du', seed: 1 }));
      const [ids] = await Promise.all([first!.addUnits('race', keys), second!.addUnits('race', keys)]);
      const outcomes = await Promise.all(ids.flatMap((id) => [first!.completeUnit(id, unitResult()), second!.completeUnit(id, unitResult({ status: 'failed' }))]));
      assert.equal(outcomes.filter(Boolean).length, 30);
      assert.equal((await first!.countUnits('race')).total, 30);
      for (const id of ids) assert.equal((await second!.getEvents(id)).length, unitResult().events.length);
      await Promise.all([first!.close(), second!.close()]);
    });
  });
}
