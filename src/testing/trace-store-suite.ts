/**
 * The shared `TraceStore` suite: every implementation (SQLite, PostgreSQL,
 * …) runs these cases. Each case opens a fresh store; run ids are unique
 * per case so that a backend sharing one database across cases (a
 * PostgreSQL test database) needs no cleanup between them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { StoreError } from '../spec/errors.js';
import type { StudyRecord, TraceStore, UnitKey } from '../spec/store.js';
import { unitId } from '../store/unit-id.js';
import {
  cachedCompletion,
  everyEventTypeBodies,
  runRecord,
  traceEvents,
  turnBody,
  unitEvents,
  unitResult,
  unitSummary,
} from './trace-fixtures.js';
import { auditQuestion, auditRecord, notEligibleQuestion } from './audit-fixtures.js';

/** Runs the shared cases against one implementation. `cleanup` runs once, after all cases. */
export function runStoreSuite(name: string, open: () => Promise<TraceStore>, cleanup?: () => Promise<void>): void {
  describe(`TraceStore suite: ${name}`, () => {
    let store: TraceStore;
    const suiteId = randomUUID().slice(0, 8);
    let counter = 0;
    const newRunId = (label: string): string => `${label}-${suiteId}-${++counter}`;
    const keys = (count: number, protocol = 'du', seed = 1): UnitKey[] =>
      Array.from({ length: count }, (_, index) => ({ questionId: `q${index}`, protocol, seed }));
    const planRun = async (label: string, count: number): Promise<{ runId: string; ids: string[] }> => {
      const runId = newRunId(label);
      await store.createRun(runRecord(runId));
      return { runId, ids: await store.addUnits(runId, keys(count)) };
    };

    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });
    if (cleanup !== undefined) after(cleanup);

    describe('runs', () => {
      it('creates a run and reads it back unchanged', async () => {
        const run = runRecord(newRunId('create'), { createdAt: '2026-02-03T04:05:06.789Z' });
        await store.createRun(run);
        assert.deepEqual(await store.getRun(run.id), run);
        assert.equal(JSON.stringify((await store.getRun(run.id))?.config), JSON.stringify(run.config));
      });

      it('returns undefined for an unknown run', async () => {
        assert.equal(await store.getRun(newRunId('missing')), undefined);
      });

      it('refuses a second run with the same id and keeps the first', async () => {
        const run = runRecord(newRunId('clash'));
        await store.createRun(run);
        await assert.rejects(store.createRun({ ...run, status: 'done', createdAt: '2027-01-01T00:00:00.000Z' }), StoreError);
        assert.deepEqual(await store.getRun(run.id), run);
      });

      it('refuses a run whose configuration is invalid', async () => {
        const run = runRecord(newRunId('invalid'));
        await assert.rejects(store.createRun({ ...run, config: { ...run.config, agents: [] } }), (error: unknown) => {
          assert.ok(error instanceof StoreError);
          assert.match(error.message, /config\.agents/);
          return true;
        });
        assert.equal(await store.getRun(run.id), undefined);
      });

      it('updates a run status and refuses an unknown run', async () => {
        const run = runRecord(newRunId('status'));
        await store.createRun(run);
        await store.setRunStatus(run.id, 'interrupted');
        assert.equal((await store.getRun(run.id))?.status, 'interrupted');
        await store.setRunStatus(run.id, 'done');
        assert.equal((await store.getRun(run.id))?.status, 'done');
        await assert.rejects(store.setRunStatus(newRunId('nope'), 'done'), StoreError);
      });

      it('appends version mixes to the configuration and keeps the rest of it', async () => {
        const run = runRecord(newRunId('mix'));
        await store.createRun(run);
        const first = { at: '2026-04-01T00:00:00.000Z', codeVersion: '0.2.0+aaaaaaaaaaaa' };
        const second = { at: '2026-04-02T00:00:00.000Z', codeVersion: '0.2.0+bbbbbbbbbbbb', gitCommit: 'c'.repeat(40) };
        await store.recordVersionMix(run.id, first);
        await store.recordVersionMix(run.id, second);
        assert.deepEqual((await store.getRun(run.id))?.config, { ...run.config, versionMix: [first, second] });
        await assert.rejects(store.recordVersionMix(newRunId('nope'), first), StoreError);
      });

      it('lists runs newest first with their unit counts', async () => {
        const older = runRecord(newRunId('old'), { createdAt: '2026-03-01T00:00:00.000Z' });
        const newest = runRecord(newRunId('new'), { createdAt: '2026-03-03T00:00:00.000Z' });
        const middle = runRecord(newRunId('mid'), { createdAt: '2026-03-02T00:00:00.000Z', status: 'done' });
        for (const run of [older, newest, middle]) await store.createRun(run);
        const ids = await store.addUnits(middle.id, keys(3));
        await store.completeUnit(ids[0]!, unitResult());
        await store.completeUnit(ids[1]!, unitResult({ status: 'failed' }));

        const ours = new Set([older.id, newest.id, middle.id]);
        const listed = (await store.listRuns()).filter((run) => ours.has(run.id));
        assert.deepEqual(
          listed.map((run) => run.id),
          [newest.id, middle.id, older.id],
        );
        assert.deepEqual(listed[1], { ...middle, units: { pending: 1, done: 1, failed: 1, total: 3 } });
        assert.deepEqual(listed[0]?.units, { pending: 0, done: 0, failed: 0, total: 0 });
      });
    });

    describe('units', () => {
      it('plans units and returns deterministic ids in key order', async () => {
        const runId = newRunId('plan');
        await store.createRun(runRecord(runId));
        const planned = keys(5).reverse();
        const ids = await store.addUnits(runId, planned);
        assert.deepEqual(
          ids,
          planned.map((key) => unitId(runId, key)),
        );
        assert.equal(new Set(ids).size, 5);
        const unit = await store.getUnit(ids[0]!);
        assert.deepEqual(unit, { ...planned[0]!, id: ids[0]!, runId, status: 'pending', summary: null, finishedAt: null });
      });

      it('keeps existing units when the same keys are planned again', async () => {
        const { runId, ids } = await planRun('replan', 3);
        await store.completeUnit(ids[1]!, unitResult());
        const again = await store.addUnits(runId, [...keys(4)].reverse());
        assert.deepEqual(again, [...keys(4)].reverse().map((key) => unitId(runId, key)));
        assert.deepEqual(await store.countUnits(runId), { pending: 3, done: 1, failed: 0, total: 4 });
        assert.equal((await store.getUnit(ids[1]!))?.status, 'done');
        // Plan order: the first plan, then the one new key.
        assert.deepEqual(
          (await store.listUnits(runId)).map((unit) => unit.questionId),
          ['q0', 'q1', 'q2', 'q3'],
        );
      });

      it('stores a key repeated within one call once', async () => {
        const runId = newRunId('dup');
        await store.createRun(runRecord(runId));
        const [key] = keys(1);
        const ids = await store.addUnits(runId, [key!, key!, { ...key!, seed: 2 }]);
        assert.equal(ids[0], ids[1]);
        assert.notEqual(ids[0], ids[2]);
        assert.equal((await store.countUnits(runId)).total, 2);
      });

      it('distinguishes units by question, protocol and seed', async () => {
        const runId = newRunId('key');
        await store.createRun(runRecord(runId));
        const ids = await store.addUnits(runId, [
          { questionId: 'q', protocol: 'du', seed: 1 },
          { questionId: 'q', protocol: 'gdp', seed: 1 },
          { questionId: 'q', protocol: 'du', seed: 2 },
          { questionId: 'r', protocol: 'du', seed: 1 },
        ]);
        assert.equal(new Set(ids).size, 4);
        assert.deepEqual(
          (await store.listUnits(runId)).map((unit) => [unit.questionId, unit.protocol, unit.seed]),
          [['q', 'du', 1], ['q', 'gdp', 1], ['q', 'du', 2], ['r', 'du', 1]],
        );
      });

      it('keeps large seeds exact', async () => {
        const runId = newRunId('seed');
        await store.createRun(runRecord(runId));
        const [id] = await store.addUnits(runId, [{ questionId: 'q', protocol: 'du', seed: 2 ** 40 + 3 }]);
        assert.equal((await store.getUnit(id!))?.seed, 2 ** 40 + 3);
      });

      it('returns no ids for no keys', async () => {
        const runId = newRunId('empty');
        await store.createRun(runRecord(runId));
        assert.deepEqual(await store.addUnits(runId, []), []);
      });

      it('refuses to plan units of an unknown run', async () => {
        await assert.rejects(store.addUnits(newRunId('ghost'), keys(1)), StoreError);
      });

      it('returns undefined for an unknown unit', async () => {
        assert.equal(await store.getUnit('u_00000000000000000000'), undefined);
      });

      it('pages through units in plan order', async () => {
        const { runId, ids } = await planRun('page', 7);
        const pages = [];
        for (let offset = 0; offset < 9; offset += 3) pages.push(await store.listUnits(runId, { offset, limit: 3 }));
        assert.deepEqual(
          pages.map((page) => page.length),
          [3, 3, 1],
        );
        assert.deepEqual(
          pages.flat().map((unit) => unit.id),
          ids,
        );
        assert.deepEqual(
          (await store.listUnits(runId, { offset: 5 })).map((unit) => unit.id),
          ids.slice(5),
        );
        assert.deepEqual(
          (await store.listUnits(runId, { limit: 2 })).map((unit) => unit.id),
          ids.slice(0, 2),
        );
        assert.deepEqual(await store.listUnits(runId, { limit: 0 }), []);
        assert.deepEqual(await store.listUnits(runId, { offset: 7 }), []);
        assert.deepEqual(await store.listUnits(newRunId('none')), []);
      });

      it('filters units by status', async () => {
        const { runId, ids } = await planRun('filter', 5);
        await store.completeUnit(ids[1]!, unitResult());
        await store.completeUnit(ids[3]!, unitResult({ status: 'failed' }));
        await store.completeUnit(ids[4]!, unitResult());
        assert.deepEqual(
          (await store.listUnits(runId, { status: 'done' })).map((unit) => unit.id),
          [ids[1], ids[4]],
        );
        assert.deepEqual(
          (await store.listUnits(runId, { status: 'done', offset: 1, limit: 5 })).map((unit) => unit.id),
          [ids[4]],
        );
        assert.deepEqual(
          (await store.listUnits(runId, { status: 'pending' })).map((unit) => unit.id),
          [ids[0], ids[2]],
        );
        assert.deepEqual(
          (await store.listUnits(runId, { status: 'failed' })).map((unit) => unit.id),
          [ids[3]],
        );
      });

      it('refuses negative or fractional paging', async () => {
        const { runId } = await planRun('bad-page', 1);
        await assert.rejects(store.listUnits(runId, { offset: -1 }), StoreError);
        await assert.rejects(store.listUnits(runId, { limit: 1.5 }), StoreError);
      });

      it('counts units per status', async () => {
        const { runId, ids } = await planRun('count', 4);
        assert.deepEqual(await store.countUnits(runId), { pending: 4, done: 0, failed: 0, total: 4 });
        await store.completeUnit(ids[0]!, unitResult());
        await store.completeUnit(ids[2]!, unitResult({ status: 'failed' }));
        assert.deepEqual(await store.countUnits(runId), { pending: 2, done: 1, failed: 1, total: 4 });
        assert.deepEqual(await store.countUnits(newRunId('none')), { pending: 0, done: 0, failed: 0, total: 0 });
      });

      it('counts units per protocol, seed, status, answer status, correctness and unanimity, in plan order of first appearance', async () => {
        const runId = newRunId('groups');
        await store.createRun(runRecord(runId));
        // Plan order: du/1 ×3, then ni/2 ×2, then du/2 ×1 (seed 2 of du appears after ni).
        const ids = await store.addUnits(runId, [...keys(3, 'du', 1), ...keys(2, 'ni', 2), ...keys(1, 'du', 2)]);
        await store.completeUnit(ids[0]!, unitResult());
        await store.completeUnit(ids[1]!, unitResult({ summary: unitSummary({ answer: 'C', correct: false, unanimous: false }) }));
        await store.completeUnit(ids[2]!, unitResult());
        await store.completeUnit(ids[3]!, unitResult({ summary: unitSummary({ answer: null, answerStatus: 'unparsed', correct: null, unanimous: false }) }));
        await store.completeUnit(ids[4]!, unitResult({ status: 'failed', summary: unitSummary({ answer: null, answerStatus: 'none', gold: null, correct: null, unanimous: false }) }));
        // ids[5] stays pending. Expected groups written out by hand from the six units above.
        assert.deepEqual(await store.countUnitGroups(runId), [
          { protocol: 'du', seed: 1, status: 'done', answerStatus: 'ok', correct: true, unanimous: true, count: 2, firstPosition: 0 },
          { protocol: 'du', seed: 1, status: 'done', answerStatus: 'ok', correct: false, unanimous: false, count: 1, firstPosition: 1 },
          { protocol: 'ni', seed: 2, status: 'done', answerStatus: 'unparsed', correct: null, unanimous: false, count: 1, firstPosition: 3 },
          { protocol: 'ni', seed: 2, status: 'failed', answerStatus: 'none', correct: null, unanimous: false, count: 1, firstPosition: 4 },
          { protocol: 'du', seed: 2, status: 'pending', answerStatus: null, correct: null, unanimous: null, count: 1, firstPosition: 5 },
        ]);
        assert.deepEqual(await store.countUnitGroups(newRunId('none')), []);
      });
    });

    describe('completing units', () => {
      it('stores events, summary, status and time of a finished unit', async () => {
        const { ids } = await planRun('complete', 1);
        const result = unitResult({ summary: unitSummary({ costUsd: 0.25, answersByRound: { 'Agent A': ['B', null] } }), finishedAt: '2026-05-06T07:08:09.000Z' });
        assert.equal(await store.completeUnit(ids[0]!, result), true);
        const unit = await store.getUnit(ids[0]!);
        assert.equal(unit?.status, 'done');
        assert.deepEqual(unit?.summary, result.summary);
        assert.equal(JSON.stringify(unit?.summary), JSON.stringify(result.summary));
        assert.equal(unit?.finishedAt, '2026-05-06T07:08:09.000Z');
        assert.deepEqual(await store.getEvents(ids[0]!), result.events);
      });

      it('returns events byte-identical, of every type, in order', async () => {
        const { ids } = await planRun('bytes', 1);
        const events = traceEvents(everyEventTypeBodies(), '2026-01-01T00:00:00.123Z');
        await store.completeUnit(ids[0]!, unitResult({ events }));
        assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(events));
        assert.deepEqual(
          (await store.getEvents(ids[0]!)).map((event) => event.seq),
          events.map((_, index) => index),
        );
      });

      it('returns events exactly as given, key order included', async () => {
        const { ids } = await planRun('order', 1);
        const [parsed] = traceEvents([turnBody()]);
        // Same fields, keys in reverse order: the store must not rewrite the event.
        const reversed = Object.fromEntries(Object.entries(parsed!).reverse()) as typeof parsed & object;
        await store.completeUnit(ids[0]!, unitResult({ events: [reversed] }));
        assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify([reversed]));
      });

      it('resets failed units to pending, their failed attempt kept as history, once, and a retry stores each exactly once', async () => {
        const runId = newRunId('retry');
        await store.createRun(runRecord(runId));
        const ids = await store.addUnits(runId, keys(3));
        await store.completeUnit(ids[0]!, unitResult());
        const failedFirst = unitResult({ status: 'failed', events: unitEvents({ label: 'failed-first' }), finishedAt: '2026-02-01T00:00:00.000Z' });
        await store.completeUnit(ids[1]!, failedFirst);
        const done = await store.getEvents(ids[0]!);
        assert.deepEqual(await store.listUnitFailures(ids[1]!), []);
        assert.equal(await store.retryFailedUnits(runId), 1);
        assert.deepEqual(await store.listUnitFailures(ids[1]!), [{ attempt: 1, finishedAt: failedFirst.finishedAt, summary: failedFirst.summary, events: failedFirst.events }]);
        assert.deepEqual(await store.listUnitFailures(ids[0]!), []);
        assert.deepEqual(await store.getUnit(ids[1]!), { ...keys(3)[1]!, id: ids[1]!, runId, status: 'pending', summary: null, finishedAt: null });
        assert.deepEqual(await store.getEvents(ids[1]!), []);
        assert.deepEqual(await store.getEvents(ids[0]!), done);
        assert.deepEqual(await store.countUnits(runId), { pending: 2, done: 1, failed: 0, total: 3 });
        // nothing failed any more: a second reset changes nothing
        assert.equal(await store.retryFailedUnits(runId), 0);
        const retried = unitResult({ events: unitEvents({ label: 'retried' }) });
        assert.equal(await store.completeUnit(ids[1]!, retried), true);
        assert.equal(await store.completeUnit(ids[1]!, unitResult()), false);
        assert.deepEqual(await store.getEvents(ids[1]!), retried.events);
        assert.equal((await store.getUnit(ids[1]!))?.status, 'done');
        // the history is untouched by the successful retry
        assert.deepEqual((await store.listUnitFailures(ids[1]!)).map((failure) => failure.attempt), [1]);
      });

      it("numbers a unit's failures: failing again after a retry adds attempt 2 beside attempt 1", async () => {
        const runId = newRunId('retry-twice');
        await store.createRun(runRecord(runId));
        const ids = await store.addUnits(runId, keys(1));
        const first = unitResult({ status: 'failed', events: unitEvents({ label: 'first' }) });
        const second = unitResult({ status: 'failed', events: unitEvents({ label: 'second', rounds: 2 }), finishedAt: '2027-01-01T00:00:00.000Z' });
        await store.completeUnit(ids[0]!, first);
        assert.equal(await store.retryFailedUnits(runId), 1);
        await store.completeUnit(ids[0]!, second);
        assert.equal(await store.retryFailedUnits(runId), 1);
        const history = await store.listUnitFailures(ids[0]!);
        assert.deepEqual(history.map((failure) => [failure.attempt, failure.finishedAt, failure.events]), [
          [1, first.finishedAt, first.events],
          [2, second.finishedAt, second.events],
        ]);
        assert.deepEqual(await store.getEvents(ids[0]!), []);
      });

      it('stores a unit exactly once: a second completion changes nothing', async () => {
        const { ids } = await planRun('once', 1);
        const first = unitResult({ events: unitEvents({ label: 'first' }) });
        const second = unitResult({ status: 'failed', events: unitEvents({ label: 'second', rounds: 2 }), summary: unitSummary({ answer: 'C' }), finishedAt: '2027-01-01T00:00:00.000Z' });
        assert.equal(await store.completeUnit(ids[0]!, first), true);
        assert.equal(await store.completeUnit(ids[0]!, second), false);
        const unit = await store.getUnit(ids[0]!);
        assert.equal(unit?.status, 'done');
        assert.deepEqual(unit?.summary, first.summary);
        assert.equal(unit?.finishedAt, first.finishedAt);
        assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(first.events));
      });

      it('stores a unit exactly once when two completions race', async () => {
        const { runId, ids } = await planRun('race', 20);
        const outcomes = await Promise.all(
          ids.flatMap((id) => [
            store.completeUnit(id, unitResult({ events: unitEvents({ label: `a-${id}` }) })),
            store.completeUnit(id, unitResult({ events: unitEvents({ label: `b-${id}`, rounds: 2 }) })),
          ]),
        );
        for (let index = 0; index < ids.length; index++) {
          const [a, b] = [outcomes[2 * index], outcomes[2 * index + 1]];
          assert.equal(Number(a) + Number(b), 1, `unit ${ids[index]} stored ${Number(a) + Number(b)} times`);
          const events = await store.getEvents(ids[index]!);
          const winner = a ? unitEvents({ label: `a-${ids[index]}` }) : unitEvents({ label: `b-${ids[index]}`, rounds: 2 });
          assert.equal(JSON.stringify(events), JSON.stringify(winner));
        }
        assert.deepEqual(await store.countUnits(runId), { pending: 0, done: 20, failed: 0, total: 20 });
      });

      it('stores failed units and units without events', async () => {
        const { ids } = await planRun('failed', 2);
        const events = traceEvents([{ type: 'error', code: 'BACKEND_AUTH', message: 'unauthorised' }]);
        assert.equal(await store.completeUnit(ids[0]!, unitResult({ status: 'failed', events })), true);
        assert.equal(await store.completeUnit(ids[1]!, unitResult({ status: 'failed', events: [] })), true);
        assert.equal((await store.getUnit(ids[0]!))?.status, 'failed');
        assert.deepEqual(await store.getEvents(ids[0]!), events);
        assert.deepEqual(await store.getEvents(ids[1]!), []);
      });

      it('stores units with many events', async () => {
        const { ids } = await planRun('many', 1);
        const events = traceEvents(Array.from({ length: 1_234 }, (_, round) => turnBody({ round, text: `turn ${round}` })));
        assert.equal(await store.completeUnit(ids[0]!, unitResult({ events })), true);
        assert.equal(JSON.stringify(await store.getEvents(ids[0]!)), JSON.stringify(events));
      });

      it('refuses an unknown unit', async () => {
        await assert.rejects(store.completeUnit('u_ffffffffffffffffffff', unitResult()), StoreError);
      });

      it('refuses invalid events and stores nothing', async () => {
        const { ids } = await planRun('invalid', 1);
        const events = unitEvents();
        const broken = [...events];
        broken[3] = { ...events[3]!, seq: 7 };
        await assert.rejects(store.completeUnit(ids[0]!, unitResult({ events: broken })), StoreError);
        const missingField = events.map((event, index) => (index === 2 ? ({ ...event, at: undefined } as unknown as typeof event) : event));
        await assert.rejects(store.completeUnit(ids[0]!, unitResult({ events: missingField })), /events\.2\.at/);
        await assert.rejects(store.completeUnit(ids[0]!, unitResult({ summary: { ...unitSummary(), calls: -1 } })), StoreError);
        assert.equal((await store.getUnit(ids[0]!))?.status, 'pending');
        assert.deepEqual(await store.getEvents(ids[0]!), []);
        assert.equal(await store.completeUnit(ids[0]!, unitResult()), true);
      });

      it('returns no events for pending or unknown units', async () => {
        const { ids } = await planRun('no-events', 1);
        assert.deepEqual(await store.getEvents(ids[0]!), []);
        assert.deepEqual(await store.getEvents('u_0123456789abcdef0123'), []);
      });
    });

    describe('completion cache', () => {
      it('misses an unknown key and returns a stored value unchanged', async () => {
        const key = `k-${randomUUID()}`;
        assert.equal(await store.getCompletion(key), undefined);
        const value = cachedCompletion('{"answer":"B"}', { json: { answer: 'B', steps: [{ claim: 'x' }] }, structured: 'native', costUsd: null });
        await store.putCompletion(key, value);
        assert.deepEqual(await store.getCompletion(key), value);
      });

      it('keeps the first value written for a key', async () => {
        const key = `k-${randomUUID()}`;
        await store.putCompletion(key, cachedCompletion('first'));
        await store.putCompletion(key, cachedCompletion('second'));
        assert.equal((await store.getCompletion(key))?.text, 'first');
        await Promise.all([store.putCompletion(`${key}-x`, cachedCompletion('a')), store.putCompletion(`${key}-x`, cachedCompletion('b'))]);
        assert.ok(['a', 'b'].includes((await store.getCompletion(`${key}-x`))!.text));
      });
    });

    describe('audits', () => {
      const auditedRun = async (label: string, count: number) => {
        const { runId, ids } = await planRun(label, count);
        for (const id of ids) await store.completeUnit(id, unitResult());
        return { runId, ids };
      };

      it('stores an audit with its per-unit results and reads both back unchanged', async () => {
        const { runId, ids } = await auditedRun('audit', 3);
        const audit = auditRecord(`a-${randomUUID()}`, runId);
        const questions = [
          auditQuestion(audit.id, ids[0]!, 'q0'),
          notEligibleQuestion(audit.id, ids[1]!, 'q1'),
          auditQuestion(audit.id, ids[2]!, 'q2', { seed: 2 ** 40 + 1, caraGt: 0.45, failureMode: null }),
        ];
        await store.saveAudit(audit, questions);
        assert.deepEqual(await store.getAudit(audit.id), audit);
        assert.deepEqual(await store.listAuditQuestions(audit.id), questions);
        assert.deepEqual(await store.listAudits(runId), [audit]);
      });

      it('reads an audit’s scores alone, equal to those of its full results, in saved order', async () => {
        const { runId, ids } = await auditedRun('audit-scores', 3);
        const audit = auditRecord(`a-${randomUUID()}`, runId);
        // The fixtures differ where the score columns could go wrong: |S| 2 vs 1, lowCara true vs false, a null CARA, a null failure mode.
        const questions = [
          auditQuestion(audit.id, ids[2]!, 'q2', { caraGt: 0.45, failureMode: null }),
          notEligibleQuestion(audit.id, ids[0]!, 'q0'),
          auditQuestion(audit.id, ids[1]!, 'q1'),
        ];
        await store.saveAudit(audit, questions);
        assert.deepEqual(
          await store.listAuditScores(audit.id),
          questions.map((question, position) => ({
            unitId: question.unitId,
            position,
            eligible: question.eligible,
            caraHyb: question.caraHyb,
            sim: question.sim,
            contradictionRate: question.contradictionRate,
            caraGt: question.caraGt,
            failureMode: question.failureMode,
            lowCara: question.details.lowCara,
            agreementSize: question.agreementSet.length,
          })),
        );
        assert.deepEqual(await store.listAuditScores(`a-${randomUUID()}`), []);
        // Only some units: the saved order is kept whatever order they are asked in; a unit not in the audit is left out, one asked twice comes once.
        const all = await store.listAuditScores(audit.id);
        assert.deepEqual(await store.listAuditScores(audit.id, [ids[1]!, ids[2]!, 'u_not_audited']), [all[0], all[2]]);
        assert.deepEqual(await store.listAuditScores(audit.id, [ids[0]!, ids[0]!]), [all[1]]);
        assert.deepEqual(await store.listAuditScores(audit.id, []), []);
      });

      it('keeps every audit of a run, newest first, each with its label', async () => {
        const { runId, ids } = await auditedRun('reaudit', 1);
        const first = auditRecord(`a-${randomUUID()}`, runId, { tau: 0.5 });
        const second = auditRecord(`a-${randomUUID()}`, runId, { tau: 0.7, createdAt: '2026-04-02T10:00:00.000Z' });
        await store.saveAudit(first, [auditQuestion(first.id, ids[0]!, 'q0')]);
        await store.saveAudit(second, [auditQuestion(second.id, ids[0]!, 'q0', { caraHyb: 0.5833333333333334, contradictionRate: 0 })]);
        const audits = await store.listAudits(runId);
        assert.deepEqual(
          audits.map((audit) => [audit.id, audit.label, audit.settings.tau]),
          [
            [second.id, 'wordvec+heuristic τ=0.7 (fallback)', 0.7],
            [first.id, 'wordvec+heuristic τ=0.5 (fallback)', 0.5],
          ],
        );
        assert.equal((await store.listAuditQuestions(first.id))[0]!.caraHyb, 0.1833333333333333);
        assert.equal((await store.listAuditQuestions(second.id))[0]!.contradictionRate, 0);
        assert.deepEqual(await store.listAudits(newRunId('none')), []);
      });

      it('pages through an audit’s results in saved order', async () => {
        const { runId, ids } = await auditedRun('audit-page', 5);
        const audit = auditRecord(`a-${randomUUID()}`, runId);
        const questions = ids.map((id, index) => auditQuestion(audit.id, id, `q${index}`));
        await store.saveAudit(audit, questions);
        assert.deepEqual(
          (await store.listAuditQuestions(audit.id, { offset: 1, limit: 2 })).map((question) => question.unitId),
          ids.slice(1, 3),
        );
        assert.deepEqual(
          (await store.listAuditQuestions(audit.id, { offset: 4 })).map((question) => question.unitId),
          ids.slice(4),
        );
        assert.deepEqual(await store.listAuditQuestions(audit.id, { limit: 0 }), []);
        await assert.rejects(store.listAuditQuestions(audit.id, { offset: -1 }), StoreError);
      });

      it('returns undefined or nothing for an unknown audit', async () => {
        assert.equal(await store.getAudit(`a-${randomUUID()}`), undefined);
        assert.deepEqual(await store.listAuditQuestions(`a-${randomUUID()}`), []);
      });

      it('refuses a second audit with the same id, an unknown run, or bad results, and stores nothing then', async () => {
        const { runId, ids } = await auditedRun('audit-refuse', 2);
        const audit = auditRecord(`a-${randomUUID()}`, runId);
        await store.saveAudit(audit, [auditQuestion(audit.id, ids[0]!, 'q0')]);
        await assert.rejects(store.saveAudit({ ...audit, label: 'other' }, [auditQuestion(audit.id, ids[1]!, 'q1')]), (error: unknown) => {
          assert.ok(error instanceof StoreError);
          assert.match(error.message, /already exists/);
          return true;
        });
        assert.equal((await store.getAudit(audit.id))?.label, audit.label);
        assert.equal((await store.listAuditQuestions(audit.id)).length, 1);

        await assert.rejects(store.saveAudit(auditRecord(`a-${randomUUID()}`, newRunId('ghost')), []), /no such run/);

        const broken = auditRecord(`a-${randomUUID()}`, runId);
        await assert.rejects(store.saveAudit(broken, [auditQuestion(broken.id, ids[0]!, 'q0'), auditQuestion(broken.id, ids[0]!, 'q0')]), /appears twice/);
        await assert.rejects(store.saveAudit(broken, [auditQuestion(broken.id, ids[0]!, 'q0', { sim: Number.NaN })]), StoreError);
        await assert.rejects(store.saveAudit(broken, [auditQuestion(broken.id, 'u_ffffffffffffffffffff', 'q9')]), StoreError);
        assert.equal(await store.getAudit(broken.id), undefined);
        assert.deepEqual(
          (await store.listAudits(runId)).map((stored) => stored.id),
          [audit.id],
        );
      });
    });

    describe('studies', () => {
      const study = (id: string, overrides: Partial<StudyRecord> = {}): StudyRecord => ({
        id,
        name: 'demo-study',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        status: 'running',
        note: null,
        config: { version: 1, cells: [{ key: 'du|demo|local' }], nested: { seeds: [1, 2] } },
        ...overrides,
      });

      it('saves a study, reads it back unchanged, and updates it in place keeping createdAt', async () => {
        const id = `study-${randomUUID()}`;
        await store.saveStudy(study(id));
        assert.deepEqual(await store.getStudy(id), study(id));
        const updated = study(id, { createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', status: 'interrupted', note: 'token budget reached', config: { version: 1, cells: [] } });
        await store.saveStudy(updated);
        assert.deepEqual(await store.getStudy(id), { ...updated, createdAt: '2026-01-01T00:00:00.000Z' });
        assert.equal(await store.getStudy(`study-${randomUUID()}`), undefined);
        const listed = (await store.listStudies()).filter((entry) => entry.id === id);
        assert.equal(listed.length, 1);
        await assert.rejects(store.saveStudy(study(id, { status: 'paused' as StudyRecord['status'] })), StoreError);
      });

      it('links runs to cells in order, keeps the first link of a cell, and refuses unknown studies and runs', async () => {
        const id = `study-${randomUUID()}`;
        await store.saveStudy(study(id));
        const { runId: first } = await planRun('study-a', 1);
        const { runId: second } = await planRun('study-b', 1);
        assert.equal(await store.linkStudyRun(id, 'du|demo|local', first), first);
        assert.equal(await store.linkStudyRun(id, 'ni|demo|local', second), second);
        assert.equal(await store.linkStudyRun(id, 'du|demo|local', second), first, 'an existing link wins');
        assert.deepEqual(await store.listStudyRuns(id), [
          { studyId: id, cell: 'du|demo|local', runId: first },
          { studyId: id, cell: 'ni|demo|local', runId: second },
        ]);
        await assert.rejects(store.linkStudyRun(`study-${randomUUID()}`, 'x', first), /no study/);
        await assert.rejects(store.linkStudyRun(id, 'gdp|demo|local', newRunId('ghost')), /no such run/);
        assert.deepEqual(await store.listStudyRuns(`study-${randomUUID()}`), []);
      });
    });

    it('can be closed twice and refuses use after close', async () => {
      const { runId, ids } = await planRun('closed', 1);
      await store.close();
      await assert.rejects(store.getRun(runId), /closed/);
      await assert.rejects(store.getEvents(ids[0]!), /closed/);
      await assert.rejects(store.completeUnit(ids[0]!, unitResult()), /closed/);
      await assert.rejects(store.getCompletion('k'), /closed/);
    });
  });
}
