import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tatqaEmF1Scorer } from '../../../src/metrics/scorers/tatqa-em-f1.js';
import { tatqaNormalizeAnswer } from '../../../src/metrics/scorers/tatqa/tatqa-normalize.js';
import { extractOneNumber, isNumber, toNumber } from '../../../src/metrics/scorers/tatqa/tatqa-number.js';
import type { Question } from '../../../src/spec/question.js';

/** A TAT-QA question whose meta carries the raw fields, as the loader keeps them. */
function question(answerType: string, answers: string[], scale: string): Question {
  return { id: 'tatqa:case', prompt: 'q', gold: { kind: 'text', value: answers.join(' ') }, meta: { answer_type: answerType, answers, scale } };
}

// Every row of test_em_and_f1 and test_one in NExTplusplus/TAT-QA tatqa_metric_test.py (commit 870accc; its repeated first row once):
// [answer_type, gold answers, gold scale, prediction, predicted scale, EM, F1].
// Gold numbers are written as Python's str() of the test's value (the evaluator calls str() on them);
// a list prediction is written with "|", which quorum reads as the list; a float prediction as Python's
// str() of it (123.2010 → "123.201"). An arithmetic gold given as a list is str() of that list, as the
// evaluator's extract_gold_answers makes it.
const CASES: readonly [string, string[], string, string, string, number, number][] = [
  ['span', ['here is, a test'], '', 'here is, a test', '', 1, 1],
  ['span', ['1234.1'], 'million', '1234.1', 'thousand', 0, 0],
  ['span', ['1234.1'], 'million', '123', 'thousand', 0, 0],
  ['span', ['12314.1'], 'million', '12314.1', 'million', 1, 1],
  ['multi-span', ['singapore', 'china', 'usa'], '', 'singapore|china|usa', '', 1, 1],
  ['multi-span', ['singapore', 'china', 'usa'], '', 'china|singapore|usa', '', 1, 1],
  ['multi-span', ['singapore', 'china', 'usa'], '', 'china|singapore', '', 0, 0.8],
  ['arithmetic', ['123.2'], 'million', '123.2', '', 0, 0],
  ['arithmetic', ['123.2'], 'million', '123200000', '', 1, 1],
  ['arithmetic', ['123.2'], 'million', '123.2', 'thousand', 0, 0],
  ['arithmetic', ['123.2'], '', '123.2', '', 1, 1],
  ['arithmetic', ['123.22'], '', '123.2', '', 0, 0],
  ['arithmetic', ['123.2'], '', '123.201', '', 1, 1],
  ['count', ['5'], '', '5', '', 1, 1],
  ['arithmetic', ['22.12'], 'percent', '0.2212', '', 1, 1],
  ['arithmetic', ['22.12'], 'percent', '0.22121', 'percent', 0, 0],
  ['arithmetic', ['22.12'], 'percent', '22.1231', '', 0, 0],
  ['arithmetic', ['22.12'], 'percent', '22.1231', 'percent', 1, 1],
  ['span', ['22.12'], 'million', '22.12', 'million', 1, 1],
  ['span', ['22.12'], 'million', '22.12', '', 0, 0],
  ['arithmetic', ['22.12'], 'million', 'test', '', 0, 0],
  ['arithmetic', ['22.12'], 'million', '1|2', '', 0, 0],
  ['span', ['22.12'], 'percent', '-22.12', '', 0, 0],
  ['span', ['22.12'], 'percent', '22.12%', '', 1, 1],
  ['span', ['22.12'], '', '22.12%', '', 0, 0],
  ['span', ['22.12'], 'million', '$22.12', '', 0, 0],
  ['arithmetic', ['22.12'], 'million', '$22.12', '', 0, 0],
  ['span', ['22.12'], 'percent', '-22.12', '', 0, 0],
  ['span', ['$1.0 million'], '', "['$1.0 million']", '', 1, 1],
  ['span', ['22.12'], '', '$22.12', '', 1, 1],
  ['span', ['22.12'], 'percent', '22.12%', 'percent', 1, 1],
  ['count', ['5'], '', 'abcd 5', '1', 0, 0],
  ['multi-span', ['$23,234', '$234.12'], '', '234.12|23,234', '', 1, 1],
  ['multi-span', ['$35,120', '$24,159'], '', '$24,159|$35,120', '', 1, 1],
  ['arithmetic', ["['34.12']"], 'percent', '0.3412', '', 1, 1],
  [
    'span',
    ['wages and salaries, social security costs, pension and other costs and share-based payments, see note 10 of the Financial Statements'],
    '',
    'wages and salaries, social security costs, pension and other costs and share - based payments,',
    '',
    0,
    0.67,
  ],
  // test_one
  ['arithmetic', ["['34.12%']"], 'percent', '0.3412', '', 1, 1],
  ['arithmetic', ["['34.12%']"], '', '0.3412', '', 1, 1],
];

describe('TAT-QA EM/F1: the official test cases', () => {
  for (const [answerType, answers, scale, answer, predictedScale, em, f1] of CASES) {
    it(`${answerType} ${JSON.stringify(answers)} (${scale || 'no scale'}) ← ${JSON.stringify(answer)} (${predictedScale || 'no scale'}): EM ${em}, F1 ${f1}`, () => {
      const score = tatqaEmF1Scorer.score({ answer, scale: predictedScale }, question(answerType, answers, scale));
      assert.deepEqual(score.metrics, { em, f1 });
      assert.equal(score.correct, em === 1);
    });
  }
});

describe('TAT-QA utilities: the official test cases (tatqa_utils_test.py)', () => {
  it('test_extract_first_num_from_text', () => {
    assert.equal(extractOneNumber('2.3 million'), 2.3);
    assert.equal(extractOneNumber('-2.3 million'), -2.3);
    assert.equal(extractOneNumber('205 million'), 205n);
    assert.equal(extractOneNumber('-1,210 million'), -1210n);
  });

  it('test_to_num', () => {
    assert.equal(toNumber('2.3 million'), 2300000);
    assert.equal(toNumber('-2.3 thousand'), -2300);
    assert.equal(toNumber('205 billion'), 205000000000n);
    assert.equal(toNumber('-1,210 million'), -1210000000n);
  });

  it('test_normalize_answer', () => {
    assert.equal(tatqaNormalizeAnswer('-134.12'), '-134.12');
    assert.equal(tatqaNormalizeAnswer('134.12'), '134.12');
    assert.equal(tatqaNormalizeAnswer('(134.12)'), '-134.12');
    assert.equal(tatqaNormalizeAnswer('18.3%'), '0.183');
  });

  it('test_is_num', () => {
    assert.equal(isNumber('$124'), true);
  });
});
