/**
 * Store throughput on a temp file (not part of the test run):
 *   node --import tsx test/store/store-bench.ts [units] [cacheOps]
 * Measures completeUnit (10 events per unit) and the completion cache for
 * the SQLite store and for the portable kysely-only code path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { TraceStore } from '../../src/spec/store.js';
import { encodeUnitResult } from '../../src/store/encode-unit-result.js';
import { KyselyTraceStore } from '../../src/store/kysely-trace-store.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import type { Database } from '../../src/store/schema.js';
import { cachedCompletion, runRecord, unitEvents, unitResult } from '../../src/testing/trace-fixtures.js';

const units = Number(process.argv[2] ?? 10_000);
const cacheOps = Number(process.argv[3] ?? 100_000);
const root = mkdtempSync(join(tmpdir(), 'quorum-store-bench-'));

async function kyselyOnly(file: string): Promise<TraceStore> {
  const sqlite = new Sqlite(file);
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return new KyselyTraceStore('kysely-sqlite', db);
}

function rate(count: number, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  return `${Math.round(count / seconds).toLocaleString('en')}/s (${seconds.toFixed(2)} s)`;
}

async function bench(name: string, store: TraceStore): Promise<void> {
  await store.createRun(runRecord('bench'));
  const keys = Array.from({ length: units }, (_, index) => ({ questionId: `q${index}`, protocol: 'du', seed: 1 }));
  let started = performance.now();
  const ids = await store.addUnits('bench', keys);
  console.log(`${name}: addUnits ${units} units: ${rate(units, started)}`);
  // Ten distinct event lists, so the JSON is realistic but building it is not measured.
  const results = Array.from({ length: 10 }, (_, index) => unitResult({ events: unitEvents({ label: `unit ${index}` }) }));
  started = performance.now();
  for (const [index, id] of ids.entries()) await store.completeUnit(id, results[index % 10]!);
  console.log(`${name}: completeUnit x${units} (10 events each): ${rate(units, started)}`);
  started = performance.now();
  for (const id of ids) await store.getEvents(id);
  console.log(`${name}: getEvents x${units}: ${rate(units, started)}`);

  const value = cachedCompletion('Rationale: the mechanism points to B.\nFinal answer: B'.repeat(10));
  started = performance.now();
  for (let index = 0; index < cacheOps / 4; index++) {
    // The cache middleware's pattern: a miss, then a put.
    if ((await store.getCompletion(`key-${index}`)) === undefined) await store.putCompletion(`key-${index}`, value);
  }
  const missesAndPuts = rate(cacheOps / 2, started);
  const hitsStarted = performance.now();
  for (let index = 0; index < cacheOps / 2; index++) await store.getCompletion(`key-${index % (cacheOps / 4)}`);
  const hits = rate(cacheOps / 2, hitsStarted);
  console.log(`${name}: cache ${cacheOps} ops: ${rate(cacheOps, started)} [miss+put: ${missesAndPuts}; hits: ${hits}]`);
  await store.close();
}

const results = Array.from({ length: 10 }, (_, index) => unitResult({ events: unitEvents({ label: `unit ${index}` }) }));
let started = performance.now();
for (let index = 0; index < units; index++) encodeUnitResult('u', results[index % 10]!);
console.log(`validation + encoding alone x${units}: ${rate(units, started)}`);

await bench('SqliteTraceStore', await openSqliteStore(join(root, 'sqlite.db')));
await bench('KyselyTraceStore (kysely only)', await kyselyOnly(join(root, 'kysely.db')));
rmSync(root, { recursive: true, force: true });
