/**
 * The judge path of `--validate judge:<spec>` on the scripted backend: a
 * scripted debate is run and stored, its eligible units are rated with the
 * fixed rubric, and the judge's calls are stored as a validation run.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeRun } from '../../src/runner/execute-run.js';
import type { ChatRequest } from '../../src/spec/chat.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { RunRecord, TraceStore } from '../../src/spec/store.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { fixedClock } from '../../src/util/clock.js';
import { hashValue } from '../../src/util/hash.js';
import { JUDGE_RATING_DECODING, rateWithJudge } from '../../src/validation/judge-ratings.js';
import { RATING_FORMAT, RUBRIC_SYSTEM_PROMPT, RUBRIC_VERSION } from '../../src/validation/judge-rubric.js';
import { validateAudit } from '../../src/validation/validate-audit.js';
import { parseValidationSource } from '../../src/validation/validation-source.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';
import { auditedUnit } from './validation-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-judge-ratings-'));
let store: TraceStore;
let run: RunRecord;

const QUESTIONS = [
  { id: 'q1', question: 'Which organ secretes insulin?', options: ['Liver', 'Pancreas', 'Spleen'], answer: 'B' },
  { id: 'q2', question: 'Which vitamin prevents scurvy?', options: ['Vitamin A', 'Vitamin C', 'Vitamin D'], answer: 'B' },
  { id: 'q3', question: 'Which drug treats symptomatic bradycardia?', options: ['Atropine', 'Propranolol', 'Digoxin'], answer: 'A' },
  { id: 'q4', question: 'Which ion enters to depolarise a neuron?', options: ['Potassium', 'Chloride', 'Sodium'], answer: 'C' },
  { id: 'q5', question: 'Which gas do plants take in?', options: ['Oxygen', 'Carbon dioxide', 'Nitrogen'], answer: 'B' },
];

/** The judge rates by the question it is shown: q4 gets an out-of-scale reply, q9 never comes up. */
const RATINGS: Record<string, string> = {
  'Which organ': '{"rating": 5, "rationale": "Both name the beta cells."}',
  'Which vitamin': '{"rating": 1, "rationale": "One cites collagen synthesis, the other contradicts it."}',
  'Which drug': '{"rating": "3", "rationale": "Partly shared."}',
  'Which ion': '{"rating": 7, "rationale": "off the scale"}',
};

function judgeBackend(): ScriptedBackend {
  return new ScriptedBackend({
    model: 'judge',
    pricePerMillion: { prompt: 2, completion: 8 },
    fallback: (request: ChatRequest) => {
      const user = request.messages[1]!.content;
      const reply = Object.entries(RATINGS).find(([start]) => user.includes(start));
      return reply === undefined ? 'no idea' : reply[1];
    },
  });
}

/** The audit's view of the run: q1–q4 eligible (agreement sets as answered), q5 not. */
const auditOf = () => [
  auditedUnit('q1', 0.9, 0.95, { unitId: unitIds.get('q1')!, agreementSet: ['Agent A', 'Agent B', 'Agent C'] }),
  auditedUnit('q2', 0.1, 0.5, { unitId: unitIds.get('q2')!, agreementSet: ['Agent A', 'Agent B', 'Agent C'] }),
  auditedUnit('q3', 0.5, 0.7, { unitId: unitIds.get('q3')!, agreementSet: ['Agent A', 'Agent B'] }),
  auditedUnit('q4', 0.7, 0.8, { unitId: unitIds.get('q4')!, agreementSet: ['Agent A', 'Agent B', 'Agent C'] }),
  auditedUnit('q5', null, null, { unitId: unitIds.get('q5')! }),
];
const unitIds = new Map<string, string>();

before(async () => {
  const data = join(dir, 'questions.jsonl');
  writeFileSync(data, QUESTIONS.map((record) => JSON.stringify(record)).join('\n'));
  const dataset = await loadQuestions({ dataset: 'generic', path: data });
  const protocol = createDebateProtocol('du', { rounds: 1 });
  // Per agent: round 0 then round 1 of q1, q2, … in order (concurrency 1).
  const backend = scriptedDebate({
    'Agent A': ['B', 'B', 'B', 'B', 'A', 'A', 'C', 'C', 'A', 'A'],
    'Agent B': ['B', 'B', 'B', 'B', 'A', 'A', 'C', 'C', 'B', 'B'],
    'Agent C': ['B', 'B', 'B', 'B', 'B', 'C', 'C', 'C', 'C', 'C'],
  });
  const agents = agentsOn(backend);
  const config: RunConfig = {
    protocol: { name: 'du', preset: 'du', params: { ...protocol.params } },
    agents: agents.map((agent) => ({ name: agent.name, backend: backend.id, decoding: agent.decoding })),
    dataset: { name: dataset.name, path: dataset.path, questionIds: dataset.questions.map((question) => question.id), contentHash: hashValue(dataset.questions) },
    seeds: [1],
    concurrency: 1,
    codeVersion: 'test',
    traceVersion: 1,
  };
  store = await openStore(join(dir, 'judge.db'));
  const outcome = await executeRun({ store, config, protocol, agents, questions: dataset.questions, newRunId: () => 'run-debate', clock: fixedClock() });
  run = (await store.getRun(outcome.runId))!;
  for (const unit of await store.listUnits(run.id)) unitIds.set(unit.questionId, unit.id);
});
after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rating reasoning alignment with a judge backend', () => {
  it('rates every eligible unit with the fixed rubric; the calls are stored, counted and costed as a validation run', async () => {
    const backend = judgeBackend();
    const outcome = await rateWithJudge({ store, run, questions: auditOf(), judge: { backend: 'scripted:judge' }, backend, concurrency: 1, clock: fixedClock(), newRunId: () => 'run-validation' });
    assert.equal(outcome.runId, 'run-validation');
    assert.equal(outcome.resumed, false);
    assert.equal(outcome.executed, 4);
    assert.deepEqual(
      outcome.ratings.map((entry) => [entry.questionId, entry.protocol, entry.rater, entry.rating]),
      [
        ['q1', 'du', 'Judge', 5],
        ['q2', 'du', 'Judge', 1],
        ['q3', 'du', 'Judge', 3],
      ],
    );
    assert.deepEqual(outcome.unrated, [{ questionId: 'q4', protocol: 'du', seed: 1, reason: 'no rating 1-5 in the judge reply (rating: 7)' }]);
    assert.deepEqual(outcome.warnings, []);

    // What the judge was sent: the rubric, the question, the agreed answer, the agreeing agents' final reasoning (relabelled).
    assert.equal(backend.calls.length, 4);
    const [first] = backend.calls;
    assert.equal(first!.messages[0]!.content, RUBRIC_SYSTEM_PROMPT);
    assert.match(first!.messages[1]!.content, /^Question:\nWhich organ secretes insulin\?\nA\) Liver\nB\) Pancreas\nC\) Spleen\n\nAnswer all agents gave: B\n\n\[Agent 1\]\nAgent A reasons in round 1\.\n/);
    assert.match(first!.messages[1]!.content, /\[Agent 3\]\nAgent C reasons in round 1\.\n\nRate how well their reasoning agrees\.$/);
    assert.doesNotMatch(backend.calls[2]!.messages[1]!.content, /\[Agent 3\]/, 'q3: only the two agreeing agents are shown');
    assert.deepEqual(first!.responseFormat, RATING_FORMAT);
    assert.equal(first!.decoding.temperature, JUDGE_RATING_DECODING.temperature);
    assert.equal(first!.decoding.maxTokens, JUDGE_RATING_DECODING.maxTokens);
    assert.equal(typeof first!.decoding.seed, 'number');

    // Stored like any run: the resolved judge, one unit per rated unit, a turn and a final event each.
    const stored = (await store.getRun('run-validation'))!;
    assert.equal(stored.status, 'done');
    assert.deepEqual(stored.config.protocol, { name: 'validation', preset: 'validation', params: { rubric: RUBRIC_VERSION, ratedRun: 'run-debate' } });
    assert.deepEqual(stored.config.agents, [{ name: 'Judge', backend: 'scripted:judge', decoding: { temperature: 0, maxTokens: 400 } }]);
    assert.deepEqual(stored.config.dataset.questionIds, ['q1', 'q2', 'q3', 'q4']);
    const units = await store.listUnits('run-validation');
    assert.deepEqual(units.map((unit) => `${unit.questionId}/${unit.protocol}/${unit.seed}/${unit.status}`), ['q1/validation:du/1/done', 'q2/validation:du/1/done', 'q3/validation:du/1/done', 'q4/validation:du/1/done']);
    const events = await store.getEvents(units[0]!.id);
    assert.deepEqual(events.map((event) => event.type), ['turn', 'final']);
    const [turn] = eventsOfType(events, 'turn');
    assert.equal(turn!.agent, 'Judge');
    assert.deepEqual(turn!.parsed.answer, { status: 'ok', value: '5', rule: 'rating-json' });
    assert.equal(turn!.parsed.rationale, 'Both name the beta cells.');
    assert.equal(turn!.backend, 'scripted:judge');
    assert.deepEqual(turn!.messages, first!.messages);
    assert.ok(turn!.costUsd! > 0);
    const metrics = runMetrics(units);
    assert.equal(metrics.calls, 4);
    assert.equal(outcome.calls, 4);
    assert.equal(outcome.tokens, metrics.tokens.total);
    assert.ok(Math.abs(outcome.costUsd! - metrics.costUsd!) < 1e-15);
    const expectedCost = backend.calls.reduce((sum, request, index) => {
      const words = (text: string) => text.trim().split(/\s+/).length;
      const reply = [RATINGS['Which organ']!, RATINGS['Which vitamin']!, RATINGS['Which drug']!, RATINGS['Which ion']!][index]!;
      return sum + (request.messages.reduce((total, message) => total + words(message.content), 0) * 2 + words(reply) * 8) / 1e6;
    }, 0);
    assert.ok(Math.abs(outcome.costUsd! - expectedCost) < 1e-15, `${outcome.costUsd} vs ${expectedCost}`);
  });

  it('rating the same units with the same judge again reuses the stored run: no new calls', async () => {
    const backend = judgeBackend();
    const again = await rateWithJudge({ store, run, questions: auditOf(), judge: { backend: 'scripted:judge' }, backend, clock: fixedClock(), newRunId: () => 'run-other' });
    assert.equal(again.runId, 'run-validation');
    assert.equal(again.resumed, true);
    assert.equal(again.executed, 0);
    assert.equal(backend.calls.length, 0);
    assert.equal(again.ratings.length, 3);
    assert.equal(again.calls, 4);
    // Another judge (or other decoding) is another validation run.
    const other = await rateWithJudge({ store, run, questions: auditOf(), judge: { name: 'Second', backend: 'scripted:judge', decoding: { temperature: 0.5 } }, backend: judgeBackend(), clock: fixedClock(), newRunId: () => 'run-second' });
    assert.equal(other.runId, 'run-second');
    assert.equal(other.executed, 4);
    assert.equal(other.ratings[0]!.rater, 'Second');
  });

  it('validateAudit with judge:<spec>: the judge\'s ratings against CARA (one rater, so no α)', async () => {
    const source = await parseValidationSource('judge:Arbiter=scripted:judge,max_tokens=256');
    assert.deepEqual(source, { kind: 'judge', judge: { name: 'Arbiter', backend: 'scripted:judge', decoding: { maxTokens: 256 } } });
    const validation = await validateAudit({
      store,
      run,
      audit: { id: 'audit-1' } as never,
      questions: auditOf(),
      source,
      bootstrap: { resamples: 200, seed: 0, level: 0.95 },
      judge: { backend: judgeBackend(), clock: fixedClock(), newRunId: () => 'run-arbiter' },
    });
    assert.equal(validation.judge!.runId, 'run-arbiter');
    // CARA-HYB 0.9, 0.1, 0.5 against ratings 5, 1, 3: perfectly monotone.
    assert.equal(validation.report.spearman.caraHyb.estimate, 1);
    assert.equal(validation.report.kendall.caraHyb.estimate, 1);
    assert.equal(validation.report.monotonic.increasing, true);
    assert.equal(validation.report.alpha, null);
    assert.deepEqual(validation.report.unmatched, { notEligible: [], notAudited: [], notRated: 1 });
    assert.deepEqual((await store.getRun('run-arbiter'))!.config.agents[0], { name: 'Arbiter', backend: 'scripted:judge', decoding: { temperature: 0, maxTokens: 256 } });
  });

  it('a judge that rates nothing is an error pointing at its stored calls; a failed call is an error event, not a crash', async () => {
    // the judge's call goes through context.call, so its failure names the judge and round as any failed turn does
    const broken = new ScriptedBackend({ model: 'judge', fallback: () => new Error('server exploded') });
    await assert.rejects(
      validateAudit({ store, run, audit: { id: 'audit-1' } as never, questions: auditOf(), source: { kind: 'judge', judge: { name: 'Broken', backend: 'scripted:judge' } }, bootstrap: { resamples: 10, seed: 0, level: 0.95 }, judge: { backend: broken, newRunId: () => 'run-broken' } }),
      (error: unknown) => /the judge rated none of 4 units \(first: question q1, seed 1: Broken, round 0: server exploded\)/.test(String(error)) && /quorum show run-broken/.test((error as { hint?: string }).hint ?? ''),
    );
    const units = await store.listUnits('run-broken');
    assert.ok(units.every((unit) => unit.status === 'failed'));
  });

  it('no eligible unit: nothing to rate', async () => {
    await assert.rejects(rateWithJudge({ store, run, questions: [auditedUnit('q5', null, null)], judge: { backend: 'scripted' }, backend: judgeBackend() }), /has no unit with a CARA score to rate/);
  });
});
