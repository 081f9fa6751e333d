import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wtqDenotationScorer } from '../../../src/metrics/scorers/wtq-denotation.js';
import { wtqNormalize } from '../../../src/metrics/scorers/wtq/wtq-normalize.js';
import type { Question } from '../../../src/spec/question.js';

/** A WTQ question whose meta carries the raw TSV fields, as the loader keeps them. */
function question(targetValue: string, targetCanon: string | null): Question {
  const meta: Record<string, unknown> = { targetValue, answers: targetValue.split('|') };
  if (targetCanon !== null) meta['targetCanon'] = targetCanon;
  return { id: 'wtq:case', prompt: 'q', gold: { kind: 'text', value: targetValue }, meta };
}

// [targetValue, targetCanon (null: no .tagged file), prediction, verdict]. Each verdict is the official
// evaluator.py (ppasupat/WikiTableQuestions @ 7d455a5, run under Python 2.7.18):
// check_denotation(to_value_list(tsv_unescape_list(targetValue), tsv_unescape_list(targetCanon)),
// to_value_list(<the prediction's |-separated values>)). The cases follow the rules its docstring
// documents (diacritics, quotes and dashes, citations, parentheticals, outer quotes, final period, case,
// whitespace; numbers within 1e-6; yyyy-mm-dd dates with xx; a year alone is a number; sets of equal
// size) and the Python 2 parsing behind them (int() truncation of near-integers, Unicode digits, no "_").
const CASES: readonly [string, string | null, string, boolean][] = [
  ["Italy", "Italy", "Itàly", true],
  ["Italy", "Italy", "[1]", false],
  ["Italy", "Italy", "Italy [a]", true],
  ["[a] Italy", "[a] Italy", "[a] Italy", true],
  ["Italy", "Italy", "(Italy)", false],
  ["Italy", "Italy", "Italy (a) (b)", true],
  ["Italy", "Italy", "\"Italy\" (x)", true],
  ["Italy", "Italy", "\"It\"aly\"", false],
  ["Italy", "Italy", "Italy..", false],
  ["Italy", "Italy", "Italy.[1]", true],
  ["Italy", "Italy", "ITALY ", true],
  ["Italy", "Italy", "It­aly", false],
  ["Italy", "Italy", "Ｉｔａｌｙ", true],
  ["ΟΔΥΣΣΕΥΣ", "ΟΔΥΣΣΕΥΣ", "οδυσσευσ", true],
  ["ΟΔΥΣΣΕΥΣ", "ΟΔΥΣΣΕΥΣ", "οδυσσευς", false],
  ["Mig-15", "Mig-15", "Mig—15", true],
  ["Mig-15", "Mig-15", "Mig−15", true],
  ["St. Mary's Church", "St. Mary's Church", "St. Mary’s Church", true],
  ["St. Mary's Church", "St. Mary's Church", "St. Mary´s Church", false],
  ["17 years", "17.0", "17", true],
  ["17 years", "17.0", "17 years", true],
  ["17 years", "17.0", "17.0000001", true],
  ["17 years", "17.0", "16.9999999", false],
  ["17 years", "17.0", "17.00001", false],
  ["17 years", "17.0", "1.7e1", true],
  ["17 years", "17.0", " - 17", false],
  ["-17", "-17.0", " - 17", true],
  ["-17", "-17.0", "-16.9999999", false],
  ["17 years", "17.0", "1_7", false],
  ["17 years", "17.0", "١٧", true],
  ["17 years", "17.0", "17​", false],
  ["17 years", "17.0", "inf", false],
  ["17 years", "17.0", "0x11", false],
  ["17 years", "17.0", "17L", false],
  ["17 years", "17.0", "xx-xx-17", false],
  ["17 years", "17.0", "17-xx-xx", true],
  ["1995", "1995", "1995-xx-xx", true],
  ["1995", "1995", "xxxx-xx-xx", false],
  ["October 17", "xxxx-10-17", "xx-10-17", true],
  ["October 17", "xxxx-10-17", "XX-10-17", true],
  ["October 17", "xxxx-10-17", "1990-10-17", false],
  ["October 17", "xxxx-10-17", "October 17", true],
  ["October 17", "xxxx-10-17", "october 17.", true],
  ["October 2011", "2011-10-xx", "2011-10-xx", true],
  ["October 2011", "2011-10-xx", "2011-10", false],
  ["October 2011", "2011-10-xx", "2011 - 10 - xx", false],
  ["October 2011", "2011-10-xx", "2011-13-xx", false],
  ["October 2011", "2011-10-xx", "2011-+10-xx", true],
  ["January 26, 1995", "1995-01-26", "1995-01-32", false],
  ["100,000", "100000.0", "100000", true],
  ["100,000", "100000.0", "100,000", true],
  ["100,000", "100000.0", "100 000", false],
  ["100,000", "100000.0", "1e5", true],
  ["100,000", null, "100000", false],
  ["100,000", null, "100,000", true],
  ["12345678901234567890", "12345678901234567890", "12345678901234567891", false],
  ["12345678901234567890", "12345678901234567890", "12345678901234567890.0", false],
  ["2", "2.0", "2|2.0", true],
  ["2|2.0", "2.0|2.0", "2", true],
  ["a|b", "a|b", "A|b|B", true],
  ["a|b", "a|b", "b|a", true],
  ["a|a", "a|a", "a", true],
  ["yes", "yes", "Yes", true],
  ["Italy", "Italy", " Italy　", true],
  ["Italy", "Italy", "Italy*†", true],
  ["Italy", "Italy", "Italy #", true],
  ["Italy", "Italy", "Italy+", true],
  ["Ph.D", "Ph.D", "Ph.D.", true],
  ["Ph.D", "Ph.D", "ph.d", true],
  ["Italy", "Italy", "“Italy”.", false],
  ["Italy", "Italy", "'Italy'", false],
];

describe('WTQ denotation: cases checked against evaluator.py', () => {
  for (const [targetValue, targetCanon, answer, verdict] of CASES) {
    it(`${JSON.stringify(targetValue)} (canon ${JSON.stringify(targetCanon)}) ← ${JSON.stringify(answer)}: ${verdict}`, () => {
      assert.equal(wtqDenotationScorer.score({ answer }, question(targetValue, targetCanon)).correct, verdict);
    });
  }

  it('a missing answer is wrong; a question without gold is not scored', () => {
    assert.deepEqual(wtqDenotationScorer.score({ answer: null }, question('Italy', 'Italy')), { correct: false, metrics: { denotation: 0 } });
    const none: Question = { id: 'wtq:none', prompt: 'q', gold: { kind: 'none' } };
    assert.deepEqual(wtqDenotationScorer.score({ answer: 'Italy' }, none), { correct: null, metrics: { denotation: null } });
  });

  it('normalize', () => {
    // Expected strings: evaluator.normalize() under Python 2.7.18. The final "." goes only after the
    // citation and parenthesis passes, so a citation before it stays.
    assert.equal(wtqNormalize('  Volcán  Tajumulco (PB) [2]. '), 'volcan tajumulco (pb) [2]');
    assert.equal(wtqNormalize('“Quoted”'), 'quoted');
    assert.equal(wtqNormalize('Mig–15†'), 'mig-15');
    // The citation pattern has no re.UNICODE flag: "[١]" (Arabic-Indic one) is a citation only after text.
    assert.equal(wtqNormalize('[\u0661]'), '[\u0661]');
    assert.equal(wtqNormalize('[1]'), '');
    assert.equal(wtqNormalize('ab[\u0661]'), 'ab');
  });
});
