/**
 * Reading a current SQLite store — the run, its units, audits and events,
 * as `quorum show` does, and the counts and audit scores of the viewer's
 * first screen — never loads kysely (its 263 files were the
 * largest part of `quorum show`'s start-up); a store that needs migrating
 * still goes through kysely, and portable queries load it on first use.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { runRecord, unitResult } from '../../src/testing/trace-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-lazy-kysely-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

/** Opens `file` in a fresh process (an ES module: `.mts`), reads as `quorum show` does, then runs `extra`; reports whether kysely was loaded after each. */
function probe(file: string, extra: string): { reads: string; loadedAfterReads: boolean; loadedAfterExtra: boolean } {
  const script = join(dir, `probe-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(
    script,
    `import { createRequire } from 'node:module';
import { openSqliteStore } from ${JSON.stringify(source('store/open-sqlite-store.ts'))};
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/kysely/'));
const store = await openSqliteStore(${JSON.stringify(file)});
const run = await store.getRun('r1');
const units = await store.listUnits('r1', { status: 'done', limit: 5 });
const audits = await store.listAudits('r1');
const events = await store.getEvents(units[0].id);
const counts = await store.countUnits('r1');
const groups = await store.countUnitGroups('r1');
const scores = await store.listAuditScores('no-audit', [units[0].id]);
const loadedAfterReads = loaded();
${extra}
const loadedAfterExtra = loaded();
await store.close();
process.stdout.write(JSON.stringify({ reads: [run.id, units.length, audits.length, events.length, counts.total, groups.length, scores.length].join(','), loadedAfterReads, loadedAfterExtra }));
`,
  );
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' })) as { reads: string; loadedAfterReads: boolean; loadedAfterExtra: boolean };
}

describe('SQLite store without kysely', () => {
  it('reads a current store natively and loads kysely only for a portable query', async () => {
    const file = join(dir, 'current.db');
    const store = await openSqliteStore(file);
    await store.createRun(runRecord('r1'));
    const ids = await store.addUnits('r1', [{ questionId: 'q1', protocol: 'du', seed: 1 }]);
    const result = unitResult();
    await store.completeUnit(ids[0]!, result);
    await store.close();
    const seen = probe(file, 'await store.listStudies();');
    // expected: the run, 1 done unit, no audit, the fixture unit's 10 events (unitResult's default), 1 unit in 1 group, no scores
    assert.equal(seen.reads, `r1,1,0,${result.events.length},1,1,0`);
    assert.equal(seen.loadedAfterReads, false, 'kysely loaded by reads of a current store');
    assert.equal(seen.loadedAfterExtra, true, 'a portable query (listStudies) loads kysely');
  });
});
