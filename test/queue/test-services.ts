/**
 * The PostgreSQL and Redis servers of the integration tests. `.ci/run`
 * starts private ones and exports DATABASE_URL and REDIS_URL. Without them
 * the tests that need a server skip with a message — except under CI,
 * where a missing server is a broken CI setup and fails, not passes.
 */
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import pg from 'pg';

const SERVICES = {
  DATABASE_URL: 'a PostgreSQL server with a database the tests may create schemas in',
  REDIS_URL: 'a Redis server',
} as const;

/** True when the CI variable says this is a CI run. */
function underCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/**
 * The URLs of the named services, or undefined after registering one test
 * that says why the file's tests do not run: skipped locally, failed under CI.
 */
export function requireServices<Name extends keyof typeof SERVICES>(...names: Name[]): Record<Name, string> | undefined {
  const missing = names.filter((name) => (process.env[name] ?? '') === '');
  if (missing.length === 0) return Object.fromEntries(names.map((name) => [name, process.env[name]!])) as Record<Name, string>;
  const listed = missing.join(' and ');
  const what = missing.map((name) => SERVICES[name]).join(' and ');
  if (underCi()) {
    it(`needs ${listed}`, () => {
      throw new Error(`${listed} not set although CI is: .ci/run must start ${what} and export ${listed}`);
    });
  } else {
    it(`needs ${listed}`, { skip: `${listed} not set: start ${what}, export ${listed} (as .ci/run does) to run these tests` }, () => undefined);
  }
  return undefined;
}

/** A fresh schema in the test database, so parallel test files never see each other's rows. */
export interface TestSchema {
  name: string;
  /** The database URL with `?schema=<name>` (quorum creates the schema on first open). */
  url: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/** Reserves a schema name `quorum_<label>_<random>` in the database of `databaseUrl`. */
export function testSchema(databaseUrl: string, label = 'test'): TestSchema {
  const name = `quorum_${label}_${randomBytes(5).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('schema', name);
  return {
    name,
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${name}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A fresh queue name, so parallel test files never take each other's jobs. */
export function testQueueName(label = 'test'): string {
  return `quorum-${label}-${randomBytes(5).toString('hex')}`;
}
