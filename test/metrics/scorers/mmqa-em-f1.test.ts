import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadQuestions } from '../../../src/datasets/load-questions.js';
import { listEm, listF1, mmqaEmF1Scorer } from '../../../src/metrics/scorers/mmqa-em-f1.js';
import { mmqaAnswerList } from '../../../src/metrics/scorers/mmqa/answer-list.js';
import { normalizeMmqaAnswer } from '../../../src/metrics/scorers/mmqa/normalize-answer.js';
import type { Question } from '../../../src/spec/question.js';
import { mmqaStressPairs } from './mmqa-stress-pairs.js';

// Expected values: allenai/multimodalqa baselines/evaluate.py (_normalize_answer, list_em, list_f1),
// run under python3.11 with word2number 1.1 on each input.
test('normalisation: tokens at spaces and hyphens, numbers as Python floats, number words, no articles', () => {
  assert.equal(normalizeMmqaAnswer('-0.2'), '0.2');
  assert.equal(normalizeMmqaAnswer('two'), '2.0');
  assert.equal(normalizeMmqaAnswer('point'), '0.0');
  assert.equal(normalizeMmqaAnswer('1,000'), '1000.0');
  assert.equal(normalizeMmqaAnswer('The Beatles'), 'beatles');
  assert.equal(normalizeMmqaAnswer('3.5.'), '35.0');
  assert.equal(normalizeMmqaAnswer('thousand five'), '1000.0 5.0');
  assert.equal(normalizeMmqaAnswer('St. Louis'), 'st louis');
  assert.equal(normalizeMmqaAnswer('the\u2019s'), '\u2019s');
  assert.equal(normalizeMmqaAnswer('\u00e9a'), '\u00e9a');
  assert.equal(normalizeMmqaAnswer('a\tb'), 'b');
});

test('list EM compares sets of equal length; list F1 aligns answers and rounds to 2 decimals', () => {
  assert.equal(listEm(['b', 'a'], ['a', 'b']), 1);
  assert.equal(listEm(['a', 'a'], ['a', 'b']), 0);
  assert.equal(listF1(['Paris', 'London'], ['Paris', 'London', 'Berlin']), 0.67);
  assert.equal(listF1(['New York'], ['New York City']), 0.8);
});

test('a stated answer becomes a list: JSON, "|", or commas and "and" when the gold lists several', () => {
  assert.deepEqual(mmqaAnswerList('["a", "b"]', 1), ['a', 'b']);
  assert.deepEqual(mmqaAnswerList('a | b', 1), ['a', 'b']);
  assert.deepEqual(mmqaAnswerList('Washington, D.C.', 1), ['Washington, D.C.']);
  assert.deepEqual(mmqaAnswerList('Paris, London, and Berlin', 3), ['Paris', 'London', 'Berlin']);
  assert.deepEqual(mmqaAnswerList('Paris, London and Berlin', 3), ['Paris', 'London', 'Berlin']);
  assert.deepEqual(mmqaAnswerList('red and blue', 2), ['red', 'blue']);
  assert.deepEqual(mmqaAnswerList('1,000 and 2,000', 2), ['1,000', '2,000']);
});

test('the scorer on the MultiModalQA sample: EM is the verdict, F1 beside it', async () => {
  const questions = await loadQuestions({ dataset: 'mmqa' });
  const szeged = questions.questions.find((question) => question.gold.kind === 'text' && question.gold.value === 'Szeged')!;
  assert.deepEqual(mmqaEmF1Scorer.score({ answer: 'szeged.' }, szeged), { correct: true, metrics: { em: 1, f1: 1 } });
  assert.deepEqual(mmqaEmF1Scorer.score({ answer: null }, szeged), { correct: false, metrics: { em: 0, f1: 0 } });
  const list: Question = { id: 'mmqa:x', prompt: 'q', gold: { kind: 'text', value: 'red, blue' }, meta: { answers: ['red', 'blue'] } };
  assert.equal(mmqaEmF1Scorer.score({ answer: 'Blue and red' }, list).correct, true);
  assert.equal(mmqaEmF1Scorer.score({ answer: 'red' }, list).metrics['f1'], 0.5);
  assert.equal(mmqaEmF1Scorer.equivalent('The Beatles', 'beatles', list), true);
  assert.equal(mmqaEmF1Scorer.equivalent('red, blue', 'blue | red', list), true);
  assert.equal(mmqaEmF1Scorer.equivalent('red', 'blue', list), false);
});

// Expected values: evaluate_predictions of baselines/evaluate.py on exactly these pairs; fixtures/scoring/README.md, "MultiModalQA".
test('stress pairs agree with the official evaluator on EM and F1, per class', (t) => {
  const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/scoring/mmqa-verdicts.json', import.meta.url), 'utf8')) as { pairs: number; em: string; f1: number[] };
  const pairs = mmqaStressPairs();
  assert.equal(pairs.length, fixture.pairs, 'the pair generator changed; recompute the verdicts (fixtures/scoring/README.md)');
  assert.ok(pairs.length >= 500);
  const byClass = new Map<string, { agree: number; total: number }>();
  const differences: string[] = [];
  pairs.forEach((pair, index) => {
    const question: Question = { id: `mmqa:${index}`, prompt: 'q', gold: { kind: 'text', value: pair.gold.join(', ') }, meta: { answers: pair.gold } };
    const score = mmqaEmF1Scorer.score({ answer: JSON.stringify(pair.predicted) }, question);
    const agree = score.metrics['em'] === (fixture.em[index] === '1' ? 1 : 0) && score.metrics['f1'] === fixture.f1[index];
    if (!agree) differences.push(`${pair.key}: ours ${score.metrics['em']}/${score.metrics['f1']}, official ${fixture.em[index]}/${fixture.f1[index]}`);
    const counts = byClass.get(pair.variantClass) ?? { agree: 0, total: 0 };
    counts.total += 1;
    if (agree) counts.agree += 1;
    byClass.set(pair.variantClass, counts);
  });
  t.diagnostic([...byClass].map(([name, { agree, total }]) => `${name} ${agree}/${total}`).join(', '));
  assert.deepEqual(differences, []);
});
