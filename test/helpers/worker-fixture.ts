/**
 * The services a queue-worker test starts before its tests and closes
 * after them: a fresh PostgreSQL schema and the store on it, the
 * deterministic fake server, optionally an in-memory SQLite store for the
 * local run to compare with, and the queues the tests open (emptied and
 * closed at the end). One place for this scaffolding, so each worker test
 * file says only what it checks.
 */
import { after, before } from 'node:test';
import { openUnitQueue, type UnitQueue } from '../../src/queue/unit-queue.js';
import type { TraceStore } from '../../src/spec/store.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.js';
import { comparableEvent, startDeterministicServer } from '../queue/queue-fixtures.js';
import { testQueueName, testSchema, type TestSchema } from '../queue/test-services.js';
import type { FakeOpenAiServer } from './fake-openai-server.js';

/** What the hooks open; read the fields inside tests (they are set in `before`). */
export interface WorkerFixture {
  schema: TestSchema;
  /** The shared PostgreSQL store on `schema`. */
  store: TraceStore;
  server: FakeOpenAiServer;
  /** An in-memory SQLite store for the local run; only with `{ local: true }`. */
  local: TraceStore;
  /** Opens a queue with a fresh name on the Redis server; emptied and closed after the tests. */
  newQueue(): { url: string; queue: UnitQueue };
}

export interface WorkerFixtureOptions {
  /** Also open the in-memory SQLite store `local`. */
  local?: boolean;
  /** The fake server's delay per reply (none by default). */
  latencyMs?: number;
}

/**
 * Registers the `before` and `after` hooks in the current suite and returns
 * the fixture they fill. `label` names the schema and the queues, so
 * parallel test files never share either.
 */
export function useWorkerFixture(services: { DATABASE_URL: string; REDIS_URL: string }, label: string, options: WorkerFixtureOptions = {}): WorkerFixture {
  const queues: UnitQueue[] = [];
  let local: TraceStore | undefined;
  const fixture = {
    newQueue() {
      const url = new URL(services.REDIS_URL);
      url.searchParams.set('queue', testQueueName(label));
      const queue = openUnitQueue(url.href);
      queues.push(queue);
      return { url: url.href, queue };
    },
  } as WorkerFixture;

  before(async () => {
    fixture.schema = testSchema(services.DATABASE_URL, label);
    fixture.store = await openPostgresStore(fixture.schema.url);
    if (options.local === true) fixture.local = local = await openSqliteStore(':memory:');
    fixture.server = await startDeterministicServer(options.latencyMs);
  });
  after(async () => {
    for (const queue of queues) {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
    await fixture.store.close();
    await local?.close();
    await fixture.server.close();
    await fixture.schema.drop();
  });
  return fixture;
}

/** Every unit of a run with its comparable trace (timings and cache fields left out), in the store's unit order. */
export async function comparableTraces(from: TraceStore, runId: string) {
  const units = await from.listUnits(runId);
  return Promise.all(units.map(async (unit) => ({ question: unit.questionId, seed: unit.seed, status: unit.status, events: (await from.getEvents(unit.id)).map(comparableEvent) })));
}
