import { openPostgresStore } from '../src/store/postgres/open-postgres-store.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { runRecord, unitResult, cachedCompletion } from '../test/helpers/trace-fixtures.js';
import type { TraceStore } from '../src/spec/store.js';
import pLimit from 'p-limit';
async function measure(name: string, store: TraceStore) {
  await store.createRun(runRecord('r'));
  const n = 300;
  const ids = await store.addUnits('r', Array.from({ length: n }, (_, i) => ({ questionId: `q${i}`, protocol: 'du', seed: 1 })));
  const limit = pLimit(16);
  let t = performance.now();
  await Promise.all(ids.map((id, i) => limit(async () => {
    for (let k = 0; k < 9; k++) { const key = `k${i}-${k}-${Math.random()}`; await store.getCompletion(key); await store.putCompletion(key, cachedCompletion('x')); }
  })));
  const cache = performance.now() - t; t = performance.now();
  await Promise.all(ids.map((id) => limit(() => store.completeUnit(id, unitResult()))));
  const complete = performance.now() - t;
  console.log(`${name}: cache 9 get+put per unit ${(cache / n).toFixed(2)} ms/unit; completeUnit ${(complete / n).toFixed(2)} ms/unit (wall, 16 concurrent)`);
  await store.close();
}
await measure('sqlite', await openSqliteStore('/tmp/_pgbench.db'));
await measure('postgres', await openPostgresStore(process.env.DATABASE_URL + '?pool=20&schema=pgbench_' + Date.now()));
