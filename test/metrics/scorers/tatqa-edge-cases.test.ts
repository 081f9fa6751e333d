import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tatqaEmF1Scorer } from '../../../src/metrics/scorers/tatqa-em-f1.js';
import type { Question } from '../../../src/spec/question.js';

/** A TAT-QA question whose meta carries the raw fields as the loader keeps them (numbers as JavaScript text). */
function question(answerType: string, answers: string[], scale: string): Question {
  return { id: 'tatqa:edge', prompt: 'q', gold: { kind: 'text', value: answers.join(' ') }, meta: { answer_type: answerType, answers, scale } };
}

// [answer_type, gold answers, gold scale, prediction ("|" between list values), predicted scale, EM, F1].
// Each EM and F1 is the official TaTQAEmAndF1 (NExTplusplus/TAT-QA @ 870accc, Python 3.11 with NumPy
// and SciPy) called with the gold {answer_type, answer, scale} (arithmetic and count answers as JSON
// numbers) and the prediction list and scale. The cases probe the rules of tatqa_utils.py: ".5" is no
// number to to_number, "(1,234)" is not negative, exact ties round to even, a float gold of 1e-05 is
// rendered from Python's "1e-05", scale words, "%" and the percent scale, articles, sorted multi-span joins.
const CASES: readonly [string, string[], string, string, string, number, number][] = [
  ["arithmetic", ["0.5"], "", ".5", "", 0, 0],
  ["arithmetic", ["0.5"], "", "0.5", "", 1, 1],
  ["arithmetic", ["0"], "", "-0.001", "", 0, 0],
  ["arithmetic", ["0"], "", "0.001", "", 1, 1],
  ["arithmetic", ["0.125"], "", "0.12", "", 1, 1],
  ["arithmetic", ["0.125"], "", "0.13", "", 0, 0],
  ["arithmetic", ["0.375"], "", "0.38", "", 1, 1],
  ["arithmetic", ["2.675"], "", "2.67", "", 1, 1],
  ["arithmetic", ["1.005"], "", "1.0", "", 1, 1],
  ["arithmetic", ["-1234"], "", "(1,234)", "", 0, 0],
  ["arithmetic", ["-1234"], "", "(1234)", "", 1, 1],
  ["arithmetic", ["-0.2"], "", "(0.2)", "", 1, 1],
  ["arithmetic", ["-0.2"], "million", "(0.2)", "million", 1, 1],
  ["arithmetic", ["5"], "percent", "5 %", "", 1, 1],
  ["arithmetic", ["5"], "percent", "%5", "", 0, 0],
  ["arithmetic", ["5"], "percent", "0.05", "", 1, 1],
  ["arithmetic", ["5"], "percent", "5", "percent", 1, 1],
  ["arithmetic", ["22.125"], "percent", "22.125%", "", 0, 0],
  ["arithmetic", ["22.125"], "percent", "22.125", "percent", 1, 1],
  ["arithmetic", ["0.00001"], "", "0.00001", "", 0, 0],
  ["arithmetic", ["0.00001"], "", "1e-05", "", 1, 1],
  ["arithmetic", ["12345.678"], "million", "12,345.678", "million", 1, 1],
  ["arithmetic", ["12345.678"], "million", "12345678000", "", 0, 0],
  ["arithmetic", ["12345.68"], "million", "12345680000", "", 1, 1],
  ["arithmetic", ["5"], "", "inf", "", 0, 0],
  ["arithmetic", ["5"], "", "nan", "", 0, 0],
  ["arithmetic", ["1000"], "", "1_000", "", 0, 0],
  ["arithmetic", ["3"], "", "٣", "", 1, 1],
  ["arithmetic", ["5"], "", "5 millions", "", 0, 0],
  ["arithmetic", ["5000000"], "", "5 millions", "", 1, 1],
  ["arithmetic", ["5000000"], "", "2019 revenue was 5 million", "", 0, 0],
  ["arithmetic", ["5"], "", "$ 5", "", 1, 1],
  ["arithmetic", ["5"], "", "5.0", "", 1, 1],
  ["arithmetic", ["5"], "", "five", "", 0, 0],
  ["arithmetic", ["5"], "", "5 apples", "", 0, 0],
  ["arithmetic", ["1.5"], "billion", "1.5", "billion", 1, 1],
  ["arithmetic", ["1.5"], "billion", "1500000000", "", 1, 1],
  ["arithmetic", ["1.5"], "billion", "1.5", "hundred", 0, 0],
  ["arithmetic", ["123456789012345680"], "", "123456789012345678", "", 1, 1],
  ["arithmetic", ["7.5"], "thousand", "7.5 thousand", "thousand", 0, 0],
  ["count", ["3"], "", "3", "", 1, 1],
  ["count", ["3"], "", "3.4", "", 0, 0],
  ["count", ["3"], "", "three", "", 0, 0],
  ["span", ["the"], "", "the", "", 1, 1],
  ["span", ["A test"], "", "an test", "", 1, 1],
  ["span", ["Test, value"], "", "test value", "", 1, 1],
  ["span", ["ΣΑΣ"], "", "σας", "", 1, 1],
  ["span", ["café"], "", "cafe", "", 0, 0],
  ["span", ["abc [1]"], "", "abc", "", 0, 0.67],
  ["span", ["x y"], "", "x y", "", 1, 1],
  ["span", ["x\ty"], "", "x y", "", 1, 1],
  ["span", ["$1.5 million"], "", "1.5", "million", 1, 1],
  ["span", ["$1.5 million"], "", "1,500,000", "", 1, 1],
  ["span", ["$1.234 million"], "", "1.234", "million", 0, 0],
  ["span", ["$1.234 million"], "", "$1.234 million", "", 1, 1],
  ["span", ["17.6%"], "percent", "17.6", "percent", 1, 1],
  ["span", ["17.6%"], "percent", "0.176", "", 1, 1],
  ["span", ["(5.2)"], "million", "-5.2", "million", 1, 1],
  ["span", ["2019"], "", "2019.0", "", 1, 1],
  ["span", ["fiscal 2019"], "", "Fiscal 2019.", "", 1, 1],
  ["span", ["fiscal 2019"], "thousand", "fiscal 2019", "thousand", 1, 1],
  ["span", ["fiscal 2019"], "thousand", "fiscal 2019", "", 0, 0.8],
  ["multi-span", ["b", "a"], "", "a|b", "", 1, 1],
  ["multi-span", ["b", "a"], "", "a", "", 0, 0],
  ["multi-span", ["b", "a"], "", "a|b|c", "", 0, 0.67],
  ["multi-span", ["$35,120", "$24,159"], "", "$35,120|24,159", "", 0, 1],
  ["multi-span", ["$35,120", "$24,159"], "", "35,120|24,159", "", 1, 1],
  ["multi-span", ["Apple Inc", "banana"], "", "banana|apple inc", "", 1, 1],
  ["multi-span", ["5.2", "3.1"], "million", "3.1|5.2", "million", 1, 1],
  ["multi-span", ["5.2", "3.1"], "million", "3.1|5.2", "", 0, 0],
];

describe('TAT-QA EM/F1: edge cases checked against tatqa_metric.py', () => {
  for (const [answerType, answers, scale, answer, predictedScale, em, f1] of CASES) {
    it(`${answerType} ${JSON.stringify(answers)} (${scale || 'no scale'}) ← ${JSON.stringify(answer)} (${predictedScale || 'no scale'}): EM ${em}, F1 ${f1}`, () => {
      assert.deepEqual(tatqaEmF1Scorer.score({ answer, scale: predictedScale }, question(answerType, answers, scale)).metrics, { em, f1 });
    });
  }

  it('no answer scores 0; a question without gold is not scored', () => {
    // TaTQAEmAndF1.__call__: "if not prediction" gives EM 0 and F1 0.
    assert.deepEqual(tatqaEmF1Scorer.score({ answer: null }, question('span', ['x'], '')), { correct: false, metrics: { em: 0, f1: 0 } });
    assert.deepEqual(tatqaEmF1Scorer.score({ answer: '' }, question('span', ['x'], '')), { correct: false, metrics: { em: 0, f1: 0 } });
    const none: Question = { id: 'tatqa:none', prompt: 'q', gold: { kind: 'none' } };
    assert.deepEqual(tatqaEmF1Scorer.score({ answer: 'x' }, none), { correct: null, metrics: { em: null, f1: null } });
  });
});
