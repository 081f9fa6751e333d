import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EvidenceSources } from '../../src/protocols/shared-log/evidence-sources.js';
import type { AnswerMeta, LogEntry } from '../../src/spec/log-entry.js';
import { SharedLog } from '../../src/protocols/shared-log/shared-log.js';
import { verifyAnswer } from '../../src/protocols/shared-log/verify-answer.js';
import type { Question } from '../../src/spec/question.js';

const QUESTION: Question = {
  id: 'test:verify',
  prompt: 'What was the percentage change in net revenue from 2018 to 2019?',
  gold: { kind: 'number', value: 1.64 },
  context: {
    tables: [
      { id: 'table', header: ['item', '2019', '2018'], rows: [['net revenue ( in millions )', '5829', '5735'], ['stores', '120', '110']] },
      { id: 'costs', header: ['item ( in thousands )', '2019'], rows: [['rent', '2,300']] },
    ],
    passages: [
      { id: 'text_0', text: 'Net revenue was $5,829 million in 2019 .' },
      { id: 'text_1', text: 'The company paid 12% of revenue as royalties .' },
    ],
  },
};

/** A log with evidence #0–#5 (#4 rejected) and a way to add one ANSWER to verify. */
function setup() {
  const sources = new EvidenceSources(QUESTION, 'loose');
  const log = new SharedLog(sources, () => undefined);
  const origin = { round: 0, agent: 'TableAgent' };
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'table', row: 0, column: '2019', value: '5829' } });
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'table', row: 0, column: '2018', value: '5735' } });
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'costs', row: 0, column: '2019', value: '2,300' } });
  log.propose({ round: 0, agent: 'ContextAgent' }, { type: 'QUOTE', claim: { passage: 'text_1', text: 'paid 12% of revenue' } });
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'table', row: 1, column: '2019', value: '999' } });
  log.propose(origin, { type: 'LOOKUP', claim: { table: 'table', row: 1, column: '2018', value: '110' } });
  const verify = (answer: Partial<AnswerMeta>, question: Question = QUESTION) => {
    const entry: LogEntry = log.append({ round: 1, agent: 'SummarizingAgent' }, 'ANSWER', 'answer', { answer: null, scale: '', program: null, uses: [0, 1], forced: false, ...answer });
    return verifyAnswer({ question, answer: entry, entries: log.entries, sources });
  };
  return { log, verify };
}

const failed = (outcome: ReturnType<ReturnType<typeof setup>['verify']>) => outcome.checks.filter((check) => !check.passed).map((check) => check.name);

describe('the verifier catches injected errors deterministically', () => {
  const correct = { answer: 1.64, scale: 'percent' as const, program: 'subtract(5829, 5735), divide(#0, 5735)' };

  it('passes the correct answer, as a percentage or as the fraction', () => {
    const { verify } = setup();
    assert.deepEqual(failed(verify(correct)), []);
    assert.deepEqual(failed(verify({ ...correct, answer: 0.0164, scale: '' })), []);
    assert.deepEqual(failed(verify({ ...correct, program: '(5829 - 5735) / 5735 * 100' })), []);
    const outcome = verify(correct);
    assert.deepEqual(outcome.checks.map((check) => check.name), ['answer', 'citations', 'evidence', 'program', 'arithmetic', 'operands', 'operand-scales', 'question-scale']);
    assert.equal(outcome.target, undefined);
  });

  it('arithmetic errors: a changed result, a wrong operation', () => {
    const { verify } = setup();
    for (const answer of [1.8, 1.5, 16.4 * 1.07]) {
      const outcome = verify({ ...correct, answer });
      assert.deepEqual(failed(outcome), ['arithmetic'], String(answer));
      assert.match(outcome.target!.item, /the calculation \(the program gives 0\.01639\)/);
    }
    assert.deepEqual(failed(verify({ answer: 11564, scale: '', program: 'subtract(5829, 5735)' })), ['arithmetic']);
  });

  it('unit errors: percent vs fraction, thousands vs millions', () => {
    const { verify } = setup();
    assert.deepEqual(failed(verify({ ...correct, answer: 1.64, scale: '' })), ['scale']);
    assert.deepEqual(failed(verify({ ...correct, answer: 0.0164, scale: 'percent', program: '(5829 - 5735) / 5735 * 100' })), ['scale']);
    assert.deepEqual(failed(verify({ answer: 94000, scale: '', program: 'subtract(5829, 5735)' })), ['scale']);
    const mixed = verify({ answer: 3529, scale: '', program: 'subtract(5829, 2300)', uses: [0, 2] });
    assert.deepEqual(failed(mixed), ['operand-scales']);
    assert.match(mixed.checks.find((check) => check.name === 'operand-scales')!.detail!, /subtract\(5829 in millions, 2300 in thousands\)/);
    assert.deepEqual(failed(verify({ ...correct, scale: 'million' })), ['scale', 'question-scale']);
  });

  it('provenance errors: rejected, missing or uncited evidence, operands from nowhere', () => {
    const { verify } = setup();
    const rejected = verify({ answer: 889, scale: '', program: 'subtract(999, 110)', uses: [4, 5] });
    assert.deepEqual(failed(rejected), ['citations', 'operands']);
    assert.match(rejected.checks[1]!.detail!, /#4 was rejected \(value "999" is not in table "table" row 1, column "2019"/);
    assert.deepEqual(rejected.target, { modality: 'table', item: 'a checked replacement for entry #4 (999)' });
    assert.match(failedDetail(verify({ ...correct, uses: [0, 99] }), 'citations'), /#99 does not exist/);
    assert.deepEqual(failed(verify({ ...correct, uses: [] })), ['evidence', 'operands']);
    const uncited = verify({ ...correct, uses: [0] });
    assert.deepEqual(failed(uncited), ['operands']);
    assert.deepEqual(uncited.target, { modality: 'table', item: 'operand 5735' });
    const nowhere = verify({ answer: 10, scale: '', program: 'subtract(120, 110)', uses: [5] });
    assert.deepEqual(nowhere.target, { modality: 'table', item: 'the value 120 (table "table" row 1 ("stores"), column "2019")' });
    assert.deepEqual(failed(verify({ ...correct, program: 'subtract(5829, 5735), divide(#0, 0)' })), ['program']);
  });

  it('answers without a program must be stated by a cited entry', () => {
    const { verify } = setup();
    assert.deepEqual(failed(verify({ answer: 5829, scale: '', program: null, uses: [0] })), []);
    assert.deepEqual(failed(verify({ answer: 12, scale: 'percent', program: null, uses: [3] })), []);
    assert.deepEqual(failed(verify({ answer: 5900, scale: '', program: null, uses: [0] })), ['grounded']);
    const text = { ...QUESTION, gold: { kind: 'text' as const, value: 'net revenue' } };
    assert.deepEqual(failed(verify({ answer: 'net revenue', scale: '', program: null, uses: [0] }, text)), []);
    assert.deepEqual(failed(verify({ answer: 'gross margin', scale: '', program: null, uses: [0] }, text)), ['grounded']);
    assert.deepEqual(failed(verify({ answer: null, program: null, uses: [0] })), ['answer']);
  });
});

function failedDetail(outcome: ReturnType<ReturnType<typeof setup>['verify']>, name: string): string {
  return outcome.checks.find((check) => check.name === name)?.detail ?? '';
}
