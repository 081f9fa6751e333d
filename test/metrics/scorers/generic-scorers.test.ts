import assert from 'node:assert/strict';
import { test } from 'node:test';
import { choiceLetterScorer, exactMatch, numericScorer, squadEmF1Scorer, tokenF1 } from '../../../src/metrics/scorers/generic-scorers.js';
import { squadExactMatch, squadF1, squadNormalize } from '../../../src/metrics/scorers/squad/squad-normalize.js';
import type { Question } from '../../../src/spec/question.js';

const text = (value: string, aliases?: string[]): Question => ({ id: 'g:1', prompt: 'q', gold: { kind: 'text', value, ...(aliases === undefined ? {} : { aliases }) } });

// Expected values: SQuAD v1.1 evaluate-v1.1.py (normalize_answer, exact_match_score, f1_score),
// run under python3.11 on each pair.
test('SQuAD v1.1 normalisation, EM and F1 as evaluate-v1.1.py computes them', () => {
  assert.equal(squadExactMatch('The Eiffel Tower!', 'eiffel tower'), 1);
  assert.equal(squadNormalize('the cat sat on the mat'), 'cat sat on mat');
  assert.equal(squadF1('the cat sat on the mat', 'a cat sat'), 2 / 3);
  assert.equal(squadExactMatch('Théa', 'théa'), 1);
  assert.equal(squadNormalize('0.2'), '02');
  assert.equal(squadExactMatch('', ''), 1);
  assert.equal(squadF1('', ''), 0);
  assert.equal(squadF1('an', 'the'), 0);
  assert.equal(squadF1('Paris, France', 'Paris'), 2 / 3);
  assert.equal(squadNormalize('a\u2212b'), '\u2212b');
  assert.equal(squadF1('the the cat cat', 'cat'), 2 / 3);
});

// Expected values: this project's number-aware rule (docs/metrics.md, "Fallback scorers"); SQuAD itself gives 1 for 0.2 / -0.2.
test('the number-aware fallback keeps the minus sign: numbers compare by value first', () => {
  assert.equal(exactMatch('0.2', '-0.2'), 0);
  assert.equal(tokenF1('0.2', '-0.2'), 0);
  assert.equal(exactMatch('\u22120.2', '-0.2'), 1);
  assert.equal(exactMatch('1,000', '1000'), 1);
  assert.equal(exactMatch('12%', '12'), 0);
  assert.equal(exactMatch('5 apples', '5 Apples.'), 1);
});

test('squad-em-f1: max over the gold and its aliases; EM decides correct', () => {
  const question = text('United States', ['USA', 'the U.S.']);
  assert.deepEqual(squadEmF1Scorer.score({ answer: 'U.S.' }, question), { correct: true, metrics: { em: 1, f1: 1 } });
  const partial = squadEmF1Scorer.score({ answer: 'the United Kingdom' }, question);
  assert.equal(partial.correct, false);
  assert.equal(partial.metrics['f1'], 0.5);
  assert.deepEqual(squadEmF1Scorer.score({ answer: null }, question), { correct: false, metrics: { em: 0, f1: 0 } });
  assert.equal(squadEmF1Scorer.score({ answer: 'x' }, { id: 'g:2', prompt: 'q', gold: { kind: 'none' } }).correct, null);
  assert.equal(squadEmF1Scorer.equivalent('Canberra', 'canberra.', question), true);
  assert.equal(squadEmF1Scorer.equivalent('0.2', '-0.2', question), false);
});

// Expected values: the rule of scoreAnswer (|answer - gold| <= tolerance, default 1e-9 * |gold|), worked by hand.
test('numeric: relative 1e-9 by default, the gold tolerance when given', () => {
  const exact: Question = { id: 'g:3', prompt: 'q', gold: { kind: 'number', value: 0.3 } };
  assert.equal(numericScorer.score({ answer: String(0.1 + 0.2) }, exact).correct, true);
  assert.equal(numericScorer.score({ answer: '0.31' }, exact).correct, false);
  assert.equal(numericScorer.score({ answer: '-0.3' }, exact).correct, false);
  assert.equal(numericScorer.score({ answer: 'about 0.3' }, exact).correct, true);
  assert.equal(numericScorer.score({ answer: '0.3 or 0.4' }, exact).correct, false);
  assert.equal(numericScorer.score({ answer: 'none' }, exact).correct, false);
  const tolerant: Question = { id: 'g:4', prompt: 'q', gold: { kind: 'number', value: 100, tolerance: 0.5 } };
  assert.equal(numericScorer.score({ answer: '100.4' }, tolerant).correct, true);
  assert.equal(numericScorer.score({ answer: '1,00.6' }, tolerant).correct, false);
  assert.equal(numericScorer.equivalent('1,000', '1000', tolerant), true);
});

// Expected values: option-letter equality, case-insensitive; what counts as a stated letter is documented in docs/metrics.md, "MedQA".
test('choice-letter: letter equality in any case; prose is not read', () => {
  const question: Question = { id: 'g:5', prompt: 'q', options: { A: 'x', B: 'y', C: 'z' }, gold: { kind: 'choice', value: 'C' } };
  for (const answer of ['C', 'c', '(C)', '[c]', 'C.', 'C) z', 'C. z', '**C**']) assert.equal(choiceLetterScorer.score({ answer }, question).correct, true, answer);
  for (const answer of ['B', 'z', 'I think C', 'CD', '', 'Answer: C']) assert.equal(choiceLetterScorer.score({ answer }, question).correct, false, answer);
  assert.equal(choiceLetterScorer.score({ answer: null }, question).correct, false);
  assert.equal(choiceLetterScorer.equivalent('(b)', 'B', question), true);
});
