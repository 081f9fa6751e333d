/**
 * A child process for the two-process test: opens a SQLite store, plans
 * the same units as its sibling, waits for "go" on stdin, then tries to
 * complete every unit and prints the ids it won as JSON.
 *
 * Usage: node --import tsx complete-units-worker.ts <file> <run-id> <units> <label>
 */
import { createInterface } from 'node:readline';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { unitEvents, unitResult } from '../../src/testing/trace-fixtures.js';

const [file, runId, count, label] = process.argv.slice(2);
if (file === undefined || runId === undefined || count === undefined || label === undefined) {
  throw new Error('usage: complete-units-worker.ts <file> <run-id> <units> <label>');
}
const store = await openSqliteStore(file);
const keys = Array.from({ length: Number(count) }, (_, index) => ({ questionId: `q${index}`, protocol: 'du', seed: 1 }));
const ids = await store.addUnits(runId, keys);
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) if (line === 'go') break;
const won: string[] = [];
for (const id of ids) {
  if (await store.completeUnit(id, unitResult({ events: unitEvents({ label: `${label}:${id}` }) }))) won.push(id);
}
await store.close();
process.stdout.write(`${JSON.stringify({ won })}\n`);
