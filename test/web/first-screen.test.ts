/**
 * The run page's first screen without the run's unit index: `/header` and
 * the default pages of `/units` (plan order, no filter) are answered from
 * the store's grouped counts (`countUnitGroups`) and one page of units,
 * over real HTTP on a real SQLite store. The test checks that
 *
 * - they read no more than that (a recording store);
 * - their values are right: expected counts, protocols, seeds and rows are
 *   worked out by hand from how the run below is built (its outcomes
 *   follow an arithmetic pattern), and for the audited fixture run read
 *   straight from the store file with SQL and classified here by DESIGN
 *   §6's rule (an unparsed, ambiguous or missing answer is its own
 *   outcome, never correct);
 * - they equal what the index path answers once the index is built.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { TraceStore, UnitKey } from '../../src/spec/store.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { runRecord, unitResult, unitSummary } from '../../src/testing/trace-fixtures.js';
import type { RunHeader, RunMetricsPage, UnitOutcome, UnitPage } from '../../src/web/server/api-types.js';
import { startViewer } from '../../src/web/server/start-viewer.js';
import { buildViewerDb, type ViewerDb } from './fixtures/viewer-db.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-first-screen-'));
const file = join(dir, 'first-screen.db');
let db: ViewerDb;

/** The built run: 750 units of ni with seed 2 planned first, then 750 of du with seed 1. */
const BUILT_RUN = 'run-first-screen';
const PER_PROTOCOL = 750;
/** Unit i (plan order) ends as PATTERN[i % 6]: 250 units of each outcome. */
const PATTERN: readonly UnitOutcome[] = ['correct', 'wrong', 'unparsed', 'failed', 'ungraded', 'pending'];
let builtIds: string[];

before(async () => {
  db = await buildViewerDb(file, { audit: 'fake', units: 600, pending: 3, hostile: false });
  const store = db.store;
  await store.createRun(runRecord(BUILT_RUN));
  const keys = (protocol: string, seed: number): UnitKey[] => Array.from({ length: PER_PROTOCOL }, (_, index) => ({ questionId: `q${String(index).padStart(4, '0')}`, protocol, seed }));
  builtIds = await store.addUnits(BUILT_RUN, [...keys('ni', 2), ...keys('du', 1)]);
  for (const [index, id] of builtIds.entries()) {
    const outcome = PATTERN[index % PATTERN.length]!;
    if (outcome === 'correct') await store.completeUnit(id, unitResult());
    if (outcome === 'wrong') await store.completeUnit(id, unitResult({ summary: unitSummary({ answer: 'C', correct: false, unanimous: false }) }));
    if (outcome === 'unparsed') await store.completeUnit(id, unitResult({ summary: unitSummary({ answer: null, answerStatus: 'ambiguous', correct: null, unanimous: false }) }));
    if (outcome === 'ungraded') await store.completeUnit(id, unitResult({ summary: unitSummary({ gold: null, correct: null }) }));
    if (outcome === 'failed') await store.completeUnit(id, unitResult({ status: 'failed', summary: unitSummary({ answer: null, answerStatus: 'none', correct: null, unanimous: false }) }));
  }
});
after(async () => {
  await db.store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A viewer on its own HTTP port over a fresh read-only connection that records the unit reads it makes. */
async function serve(): Promise<{ get: <T>(path: string) => Promise<T>; reads: string[]; close: () => Promise<void> }> {
  const store = await openSqliteStore(file, { readonly: true });
  const reads: string[] = [];
  const recording = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (name === 'listUnits' || name === 'countUnitGroups') reads.push(`${String(name)} ${JSON.stringify(args.slice(1))}`);
        return (value as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as TraceStore;
  const viewer = await startViewer({ store: recording, port: 0, uiDir: null, env: {} });
  const get = async <T,>(path: string): Promise<T> => {
    const response = await fetch(new URL(path, viewer.url));
    assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
    return (await response.json()) as T;
  };
  return {
    get,
    reads,
    close: async () => {
      await viewer.close();
      await store.close();
    },
  };
}

/** A page without what the text index adds as it reads events in the background (question text, |S| of unaudited rows). */
const withoutText = (page: UnitPage) => ({ ...page, textIndex: null, items: page.items.map(({ questionText: _text, agreementSize: _size, ...row }) => row) });

describe("the run page's first screen, before the run is indexed", () => {
  it('answers the header from grouped counts: units, protocols in plan order, seeds ascending', async () => {
    const viewer = await serve();
    try {
      const header = await viewer.get<RunHeader>(`/api/runs/${BUILT_RUN}/header`);
      // 1,500 units, 250 per outcome of PATTERN: pending 250, failed 250, done the other 1,000.
      assert.deepEqual(header.units, { pending: 250, done: 1000, failed: 250, total: 1500 });
      assert.deepEqual(header.protocols, ['ni', 'du']);
      assert.deepEqual(header.seeds, [1, 2]);
      assert.deepEqual(viewer.reads, ['countUnitGroups []'], 'the header read no unit');
    } finally {
      await viewer.close();
    }
  });

  it("answers the first page in plan order with the run's outcome counts, reading that page first", async () => {
    const viewer = await serve();
    try {
      const page = await viewer.get<UnitPage>(`/api/runs/${BUILT_RUN}/units?offset=0&limit=200`);
      // The page's own read comes first; a whole-run read after it is the index building in the background.
      assert.equal(viewer.reads.filter((read) => read.startsWith('listUnits'))[0], 'listUnits [{"offset":0,"limit":200}]');
      assert.equal(page.total, 1500);
      assert.deepEqual(page.outcomes, { correct: 250, wrong: 250, unparsed: 250, failed: 250, pending: 250, ungraded: 250 });
      assert.deepEqual(
        page.items.map((row) => [row.id, row.outcome, row.protocol, row.seed]),
        builtIds.slice(0, 200).map((id, index) => [id, PATTERN[index % 6], 'ni', 2]),
      );
    } finally {
      await viewer.close();
    }
    // A later page of the default view, on a viewer just started: plan order crosses from ni to du at unit 750.
    const again = await serve();
    try {
      const later = await again.get<UnitPage>(`/api/runs/${BUILT_RUN}/units?offset=700&limit=100`);
      assert.ok(again.reads.includes('listUnits [{"offset":700,"limit":100}]'));
      assert.deepEqual(
        later.items.map((row) => [row.id, row.outcome, row.protocol]),
        builtIds.slice(700, 800).map((id, index) => [id, PATTERN[(700 + index) % 6], 700 + index < PER_PROTOCOL ? 'ni' : 'du']),
      );
    } finally {
      await again.close();
    }
  });

  it("answers the audited fixture run as the store file says: outcomes, and the audit's scores on each row", async () => {
    const sqlite = new Database(file, { readonly: true });
    const units = sqlite.prepare<[string], { id: string; status: string; summary: string | null }>('select id, status, summary from units where run_id = ? order by position, id').all(db.gdpRunId);
    const scores = new Map(
      sqlite
        .prepare<[string], { unit_id: string; cara_hyb: number | null; sim: number | null; agreement_size: number; eligible: number }>('select unit_id, cara_hyb, sim, agreement_size, eligible from audit_questions where audit_id = ?')
        .all(db.auditId!)
        .map((row) => [row.unit_id, row]),
    );
    sqlite.close();
    const outcome = (unit: (typeof units)[number]): UnitOutcome => {
      if (unit.status === 'pending') return 'pending';
      const summary = unit.summary === null ? null : (JSON.parse(unit.summary) as { answerStatus: string; correct: boolean | null });
      if (unit.status === 'failed' || summary === null) return 'failed';
      if (summary.answerStatus !== 'ok') return 'unparsed';
      return summary.correct === null ? 'ungraded' : summary.correct ? 'correct' : 'wrong';
    };
    const expectedOutcomes: Record<UnitOutcome, number> = { correct: 0, wrong: 0, unparsed: 0, failed: 0, pending: 0, ungraded: 0 };
    for (const unit of units) expectedOutcomes[outcome(unit)] += 1;
    // The fixture: the showcase, 600 generated units and 3 pending ones.
    assert.equal(units.length, 604);

    const viewer = await serve();
    try {
      const [header, page] = await Promise.all([viewer.get<RunHeader>(`/api/runs/${db.gdpRunId}/header`), viewer.get<UnitPage>(`/api/runs/${db.gdpRunId}/units?offset=0&limit=200`)]);
      assert.equal(header.units.total, 604);
      assert.deepEqual(header.protocols, ['gdp']);
      assert.deepEqual(header.seeds, [1]);
      assert.equal(page.total, 604);
      assert.deepEqual(page.outcomes, expectedOutcomes);
      assert.equal(page.auditId, db.auditId);
      assert.deepEqual(
        page.items.map((row) => [row.id, row.outcome, row.audit?.caraHyb ?? null, row.audit?.sim ?? null, row.audit?.agreementSize ?? null, row.audit?.eligible ?? null]),
        units.slice(0, 200).map((unit) => {
          const score = scores.get(unit.id);
          return [unit.id, outcome(unit), score?.cara_hyb ?? null, score?.sim ?? null, score?.agreement_size ?? null, score === undefined ? null : score.eligible === 1];
        }),
      );
    } finally {
      await viewer.close();
    }
  });

  for (const which of ['the built run', 'the audited fixture run'] as const) {
    it(`gives the same header and pages as the run's full index, for ${which}`, async () => {
      const id = which === 'the built run' ? BUILT_RUN : db.gdpRunId;
      const paths = [`/api/runs/${id}/header`, `/api/runs/${id}/units?offset=0&limit=200`, `/api/runs/${id}/units?offset=400&limit=150`];
      // Each first answer from a viewer just started, as after `quorum ui`; its own read of the store shows where it came from.
      const ownReads = ['countUnitGroups []', 'listUnits [{"offset":0,"limit":200}]', 'listUnits [{"offset":400,"limit":150}]'];
      const first: unknown[] = [];
      for (const [index, path] of paths.entries()) {
        const viewer = await serve();
        try {
          first.push(await viewer.get(path));
          assert.ok(viewer.reads.includes(ownReads[index]!), `${path}: ${viewer.reads.join('; ')}`);
        } finally {
          await viewer.close();
        }
      }
      const viewer = await serve();
      try {
        // /metrics waits for the whole index; after it, the pages come from the index, with no page read from the store.
        await viewer.get<RunMetricsPage>(`/api/runs/${id}/metrics`);
        const readsBefore = viewer.reads.length;
        const indexed = await Promise.all(paths.map((path) => viewer.get<RunHeader | UnitPage>(path)));
        assert.deepEqual(viewer.reads.slice(readsBefore).filter((read) => read.startsWith('listUnits')), []);
        assert.deepEqual(indexed[0], first[0]);
        assert.deepEqual(withoutText(indexed[1] as UnitPage), withoutText(first[1] as UnitPage));
        assert.deepEqual(withoutText(indexed[2] as UnitPage), withoutText(first[2] as UnitPage));
      } finally {
        await viewer.close();
      }
    });
  }
});
