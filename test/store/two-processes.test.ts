import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, it } from 'node:test';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { runRecord, unitEvents } from '../../src/testing/trace-fixtures.js';

const here = dirname(fileURLToPath(import.meta.url));
const repository = join(here, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'quorum-two-processes-'));
after(() => rmSync(root, { recursive: true, force: true }));

interface Worker {
  child: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
}

function startWorker(file: string, runId: string, units: number, label: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'complete-units-worker.ts'), file, runId, String(units), label], {
    cwd: repository,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.on('exit', (code) => {
    if (code !== 0) console.error(`worker ${label} exited with ${code}:\n${errors}`);
  });
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
}

async function nextLine(worker: Worker): Promise<string> {
  const { value, done } = await worker.lines.next();
  if (done === true) throw new Error('worker ended early');
  return value;
}

it('two processes completing the same units on one file store each unit exactly once', async () => {
  const file = join(root, 'shared.db');
  const units = 200;
  const setup = await openSqliteStore(file);
  await setup.createRun(runRecord('shared-run'));
  await setup.close();

  const workers = [startWorker(file, 'shared-run', units, 'A'), startWorker(file, 'shared-run', units, 'B')];
  // Both have planned the units (concurrently) and wait: start them together.
  for (const worker of workers) assert.equal(await nextLine(worker), 'ready');
  for (const worker of workers) worker.child.stdin.end('go\n');
  const started = Date.now();
  const [a, b] = await Promise.all(workers.map(async (worker) => (JSON.parse(await nextLine(worker)) as { won: string[] }).won));

  const store = await openSqliteStore(file);
  const all = (await store.listUnits('shared-run')).map((unit) => unit.id);
  assert.equal(all.length, units);
  const wonByA = new Set(a);
  assert.equal(b!.filter((id) => wonByA.has(id)).length, 0, 'a unit was stored by both processes');
  assert.deepEqual([...a!, ...b!].sort(), [...all].sort());
  assert.deepEqual(await store.countUnits('shared-run'), { pending: 0, done: units, failed: 0, total: units });
  for (const id of all) {
    const label = wonByA.has(id) ? 'A' : 'B';
    assert.equal(JSON.stringify(await store.getEvents(id)), JSON.stringify(unitEvents({ label: `${label}:${id}` })));
  }
  await store.close();
  console.log(`# process A stored ${a!.length} units, process B ${b!.length}, in ${Date.now() - started} ms`);
});
