import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { injectError, verifierDetection } from '../../../src/metrics/table-qa/verifier-detection.js';
import { EvidenceSources } from '../../../src/protocols/shared-log/evidence-sources.js';
import type { AnswerMeta } from '../../../src/spec/log-entry.js';
import { SharedLog } from '../../../src/protocols/shared-log/shared-log.js';
import type { Question } from '../../../src/spec/question.js';

const QUESTION: Question = {
  id: 'test:detect',
  prompt: 'What was the percentage change in net revenue from 2018 to 2019?',
  gold: { kind: 'number', value: 1.64 },
  context: { tables: [{ id: 'table', header: ['item', '2019', '2018'], rows: [['net revenue ( in millions )', '5829', '5735']] }] },
};

function logWith(answer: Partial<AnswerMeta>) {
  const log = new SharedLog(new EvidenceSources(QUESTION, 'loose'), () => undefined);
  const origin = { round: 0, agent: 'TableAgent' };
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'table', row: 0, column: '2019', value: '5829' } });
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'table', row: 0, column: '2018', value: '5735' } });
  log.append({ round: 1, agent: 'SummarizingAgent' }, 'ANSWER', 'answer', { answer: null, scale: '', program: null, uses: [0, 1], forced: false, ...answer });
  return log.entries;
}

describe('verifier detection rate by injected errors', () => {
  it('injects a 10 % arithmetic error and a ×1000 unit error into numeric answers only', () => {
    const meta: AnswerMeta = { answer: 1.64, scale: 'percent', program: null, uses: [], forced: false };
    assert.equal(injectError(meta, 'arithmetic')!.answer, 1.804);
    assert.equal(injectError(meta, 'unit')!.answer, 1640);
    assert.equal(injectError({ ...meta, answer: 'yes' }, 'unit'), undefined);
  });

  it('the deterministic verifier catches both kinds on a grounded, programmed answer', () => {
    const entries = logWith({ answer: 1.64, scale: 'percent', program: 'subtract(5829, 5735), divide(#0, 5735)' });
    const detection = verifierDetection([{ question: QUESTION, entries }]);
    assert.equal(detection.baseline, 1);
    assert.deepEqual(detection.byKind.arithmetic, { injected: 1, detected: 1, rate: 1 });
    assert.deepEqual(detection.byKind.unit, { injected: 1, detected: 1, rate: 1 });
  });

  it('skips answers the verifier already fails (nothing to inject into)', () => {
    const entries = logWith({ answer: 2.5, scale: 'percent', program: 'subtract(5829, 5735), divide(#0, 5735)' });
    const detection = verifierDetection([{ question: QUESTION, entries }]);
    assert.equal(detection.baseline, 0);
    assert.equal(detection.byKind.arithmetic.rate, null);
  });
});
