/**
 * `du`'s answer extraction against the rules of Du et al.'s eval scripts.
 * Each expected value is what their function returns for the input, worked
 * out by hand from its code: `parse_answer` and `solve_math_problems` of
 * `mmlu/eval_mmlu.py` (lines 46–70) and `gsm/eval_gsm.py` (lines 46–66).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuAnswer } from '../../src/parsing/du-answer.js';
import type { Question } from '../../src/spec/question.js';

const mcq: Question = { id: 'm', prompt: 'p', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, gold: { kind: 'choice', value: 'B' } };
const numeric: Question = { id: 'g', prompt: 'p', gold: { kind: 'number', value: 18 } };

const read = (text: string, question: Question): [string | null, string | undefined] => {
  const answer = parseDuAnswer(text, question);
  return [answer.value, answer.rule];
};

describe('du answer extraction follows Du et al.’s eval scripts', () => {
  it('MMLU: the last "(X)", upper-cased (eval_mmlu.py:55–70, pattern \\((\\w)\\))', () => {
    assert.deepEqual(read('I first thought (A), but the answer is (B).', mcq), ['B', 'du-parenthesis']);
    assert.deepEqual(read('The answer is (c)', mcq), ['C', 'du-parenthesis'], 'upper-cased');
    // any single word character counts, an option or not: "(E)" and "(1)" are answers to their eval
    assert.deepEqual(read('Options (A) to (D) are wrong, so (E)', mcq), ['E', 'du-parenthesis']);
    assert.deepEqual(read('Step (1) gives B, step (2) confirms', mcq), ['2', 'du-parenthesis']);
    // "(AB)" and "( B )" are not (\w) matches
    assert.deepEqual(read('Either (AB) or ( B ); I pick (D).', mcq), ['D', 'du-parenthesis']);
  });

  it('MMLU: without "(X)", the last number (eval_mmlu.py:46–53 and :80–81, pattern \\d+\\.?\\d*)', () => {
    assert.deepEqual(read('Answer: B', mcq), [null, 'none'], 'their eval finds nothing in "Answer: B"');
    assert.deepEqual(read('About 3.5 or 4 percent', mcq), ['4', 'du-last-number']);
    assert.deepEqual(read('The answer is B, about 12.', mcq), ['12.', 'du-last-number'], 'the dot is part of \\d+\\.?\\d*');
  });

  it('GSM: the last {…} of digits, dots, commas and $ with only digits and dots kept (eval_gsm.py:55–66)', () => {
    assert.deepEqual(read('So 3 * 6 = 18 and the answer is \\boxed{18}.', numeric), ['18', 'du-braces']);
    assert.deepEqual(read('\\boxed{$1,000.50}', numeric), ['1000.50', 'du-braces']);
    assert.deepEqual(read('First \\boxed{17}, corrected: \\boxed{18}', numeric), ['18', 'du-braces']);
    assert.deepEqual(read('\\boxed{18.00}', numeric), ['18.00', 'du-braces'], 'kept as written: their vote compares strings');
    // \frac{1}{2}: the last braces are {2}
    assert.deepEqual(read('Half: \\frac{1}{2}', numeric), ['2', 'du-braces']);
    // braces with letters do not match; the last number decides
    assert.deepEqual(read('\\boxed{18 pencils} after 3 steps', numeric), ['3', 'du-last-number']);
  });

  it('GSM: without braces, the last number; no sign and no thousands separator (eval_gsm.py:46–53)', () => {
    assert.deepEqual(read('The temperature fell to -5 degrees.', numeric), ['5', 'du-last-number']);
    assert.deepEqual(read('He earns 1,250 dollars.', numeric), ['250', 'du-last-number']);
    assert.deepEqual(read('No number here.', numeric), [null, 'none']);
  });

  it('GSM: empty braces fall back to earlier ones instead of failing as their float("") does', () => {
    assert.deepEqual(read('\\boxed{18} then {,}', numeric), ['18', 'du-braces']);
  });

  it('free-text questions keep quorum’s text parser (their free-text tasks are judged, not parsed)', () => {
    const text: Question = { id: 't', prompt: 'p', gold: { kind: 'text', value: 'mercury' } };
    assert.equal(parseDuAnswer('Answer: Mercury', text).status, 'ok');
  });
});
