import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applicableMetrics, defineMetric, inputsToRead, metricNamed, metricValue, registerMetric, requireMetric, unmetNeeds } from '../../src/metrics/metric-registry.js';
import { MetricError } from '../../src/metrics/metric-error.js';
import { EvidenceSources } from '../../src/protocols/shared-log/evidence-sources.js';
import { SharedLog } from '../../src/protocols/shared-log/shared-log.js';
import type { Metric, MetricUnit } from '../../src/spec/metric.js';
import type { Question } from '../../src/spec/question.js';
import type { TraceEventInput } from '../../src/spec/trace.js';
import { traceEvents, unitSummary } from '../../src/testing/trace-fixtures.js';

const debateUnit: MetricUnit = { unitId: 'u1', summary: unitSummary() };
const cotUnit: MetricUnit = { unitId: 'u2', summary: unitSummary({ answersByRound: { 'Agent A': ['B'] }, roundsRun: 1, unanimous: true, latencyMs: 350 }) };
// DeALOG: only the summariser answers; the specialists and the verifier never do
const dealogSummary = unitSummary({ answersByRound: { TableAgent: [null], SummarizingAgent: [null, '1.64'], VerificationAgent: [null, null] }, gold: '1.64', answer: '1.64', scorer: 'finqa-execution', unanimous: true, roundsRun: 2 });

const value = (key: string, unit: MetricUnit): number | null => metricValue(requireMetric(key), unit);

describe('metric registry: metrics decide their own applicability', () => {
  it('agreement is n/a, not 0 or 1, when fewer than two agents answer (CoT, DeALOG)', () => {
    assert.equal(value('agreement', debateUnit), 1);
    assert.equal(value('agreement', cotUnit), null);
    assert.equal(value('agreement', { unitId: 'u3', summary: dealogSummary }), null);
    assert.deepEqual(unmetNeeds(requireMetric('agreement'), cotUnit), ['several-agents']);
    assert.ok(!applicableMetrics([cotUnit]).some((metric) => metric.key === 'agreement'));
    assert.ok(applicableMetrics([cotUnit, debateUnit]).some((metric) => metric.key === 'agreement'));
  });

  it('PRR needs an interaction round: a single round-0 unit has none', () => {
    assert.equal(value('prr', cotUnit), null);
    assert.deepEqual(unmetNeeds(requireMetric('prr'), cotUnit), ['several-agents', 'interaction-rounds']);
  });

  it('accuracy is the stored verdict and n/a without a gold; latency is the summed call time', () => {
    assert.equal(value('accuracy', debateUnit), 1);
    assert.equal(value('accuracy', { unitId: 'u', summary: unitSummary({ correct: false }) }), 0);
    assert.equal(value('accuracy', { unitId: 'u', summary: unitSummary({ gold: null, correct: null }) }), null);
    assert.equal(value('latency_ms', cotUnit), 350);
  });

  it('EM applies to answers graded as free-form or table answers, not to option letters', () => {
    // hand computation: "1.64" against gold "1.64" is an exact match; a letter answer graded by medqa-letter has no EM
    assert.equal(value('em', { unitId: 'u', summary: dealogSummary }), 1);
    assert.equal(value('em', { unitId: 'u', summary: unitSummary({ answer: '1.7', scorer: 'finqa-execution', gold: '1.64' }) }), 0);
    assert.equal(value('em', { unitId: 'u', summary: unitSummary({ scorer: 'medqa-letter' }) }), null);
  });

  it("the official scorer's per-answer metrics are study metrics, n/a where the scorer does not report them", () => {
    const tatqa = unitSummary({ scorer: 'tatqa-em-f1', scores: { em: 0, f1: 0.5 } });
    assert.equal(value('scorer_f1', { unitId: 'u', summary: tatqa }), 0.5);
    assert.equal(value('scorer_em', { unitId: 'u', summary: tatqa }), 0);
    assert.equal(value('scorer_denotation', { unitId: 'u', summary: tatqa }), null);
    assert.ok(metricNamed('scorer_rouge_l') !== undefined, 'FeTaQA ROUGE-L');
  });

  it('audit metrics need an eligible audit record; failure modes need any audit record', () => {
    const audit = { eligible: false, caraHyb: null, sim: null, contradictionRate: null, caraGt: null, failureMode: 'FM5' } as unknown as NonNullable<MetricUnit['audit']>;
    const unit: MetricUnit = { ...debateUnit, audit };
    assert.equal(value('cara_hyb', unit), null);
    assert.deepEqual(unmetNeeds(requireMetric('cara_hyb'), unit), ['cara-eligible']);
    assert.equal(value('fm5', unit), 1);
    assert.equal(value('fm1', unit), 0);
    assert.equal(value('fm1', debateUnit), null);
  });

  it('verifier detection of one unit re-verifies its stored log with injected errors', () => {
    // the FinQA example of the verifier-detection test: 5829 vs 5735 is a 1.64 % change; both injected errors are caught
    const question: Question = {
      id: 'test:detect',
      prompt: 'What was the percentage change in net revenue from 2018 to 2019?',
      gold: { kind: 'number', value: 1.64 },
      context: { tables: [{ id: 'table', header: ['item', '2019', '2018'], rows: [['net revenue ( in millions )', '5829', '5735']] }] },
    };
    const log = new SharedLog(new EvidenceSources(question, 'loose'), () => undefined);
    log.propose({ round: 0, agent: 'TableAgent' }, { type: 'LOOKUP', claim: { table: 'table', row: 0, column: '2019', value: '5829' } });
    log.propose({ round: 0, agent: 'TableAgent' }, { type: 'LOOKUP', claim: { table: 'table', row: 0, column: '2018', value: '5735' } });
    log.append({ round: 1, agent: 'SummarizingAgent' }, 'ANSWER', 'answer', { answer: 1.64, scale: 'percent', program: 'subtract(5829, 5735), divide(#0, 5735)', uses: [0, 1], forced: false });
    log.append({ round: 1, agent: 'VerificationAgent' }, 'OK', 'verified', { answerSeq: 2 });
    const bodies: TraceEventInput[] = log.entries.map((entry) => ({ type: 'log-entry', logSeq: entry.seq, round: entry.round, agent: entry.agent, entryType: entry.type, content: entry.content, meta: entry.meta, accepted: entry.accepted }));
    const events = traceEvents(bodies);
    const unit: MetricUnit = { unitId: 'u', summary: dealogSummary, events, question };
    assert.equal(value('verifier_detection', unit), 1);
    assert.equal(value('verifier_detection', { ...unit, question: undefined }), null);
    assert.equal(value('flags', unit), 0);
    assert.equal(value('faithfulness', cotUnit), null);
    assert.deepEqual(inputsToRead([{ unitId: 'u', summary: dealogSummary }]), { events: true, questions: false });
    assert.deepEqual(inputsToRead([unit]), { events: false, questions: true });
    assert.deepEqual(inputsToRead([debateUnit]), { events: false, questions: false });
  });

  it('defineMetric names the field that is wrong; a taken key cannot be registered twice', () => {
    const plugin: Metric = { key: 'answer_length', label: 'answer length', source: 'characters of the final answer (plugin test)', needs: [], bounds: [0, Infinity], binary: false, digits: 0, value: ({ summary }) => summary.answer?.length ?? null };
    assert.throws(() => defineMetric({ ...plugin, key: 'Answer Length' }), (error: unknown) => error instanceof MetricError && error.code === 'METRIC_DEFINITION' && /field "key"/.test(error.message));
    assert.throws(() => defineMetric({ ...plugin, bounds: [1, 0] }), /field "bounds"/);
    assert.throws(() => defineMetric({ ...plugin, needs: ['telepathy' as never] }), /field "needs" has "telepathy"/);
    assert.throws(() => registerMetric({ ...plugin, key: 'accuracy' }), (error: unknown) => error instanceof MetricError && error.code === 'METRIC_DUPLICATE');
    const registered = registerMetric(plugin);
    assert.equal(value('answer_length', debateUnit), 1);
    assert.equal(registerMetric(registered), registered);
    assert.throws(() => requireMetric('nope'), (error: unknown) => error instanceof MetricError && /known metrics: accuracy/.test(error.hint ?? ''));
  });
});
