import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fredMaeScorer } from '../../../src/metrics/scorers/fred-mae.js';
import { medqaLetterScorer } from '../../../src/metrics/scorers/medqa-letter.js';
import { fallbackScorer, SCORERS } from '../../../src/metrics/scorers/index.js';
import { datasetNames } from '../../../src/datasets/registry.js';
import { forecastError } from '../../../src/metrics/forecast-error.js';
import type { Question } from '../../../src/spec/question.js';
import type { UnitSummary } from '../../../src/spec/store.js';

const medqa: Question = { id: 'medqa:L1', prompt: 'q', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, gold: { kind: 'choice', value: 'B' } };

// Expected values: MedQA accuracy (predicted option == answer_idx), worked by hand.
test('MedQA: the option letter, case-insensitive; an unparsed answer is wrong', () => {
  assert.equal(medqaLetterScorer.score({ answer: 'b' }, medqa).correct, true);
  assert.equal(medqaLetterScorer.score({ answer: 'B. b' }, medqa).correct, true);
  assert.equal(medqaLetterScorer.score({ answer: 'D' }, medqa).correct, false);
  assert.equal(medqaLetterScorer.score({ answer: null }, medqa).correct, false);
  assert.equal(medqaLetterScorer.score({ answer: 'the second one' }, medqa).correct, false);
  assert.equal(medqaLetterScorer.equivalent('b', '(B)', medqa), true);
});

// Expected values: |forecast - realised| by hand, and the MAE of forecastError on the same units.
test('FRED: absError per answer, whose mean is the MAE forecastError reports; no verdict', () => {
  const question = (value: number): Question => ({ id: 'fred:2020-01', prompt: 'q', gold: { kind: 'number', value } });
  const golds = [2.5, 3.1, 1.9];
  const answers = ['2.7', '3.1', 'about two'];
  const scores = golds.map((gold, index) => fredMaeScorer.score({ answer: answers[index]! }, question(gold)));
  assert.ok(scores.every((score) => score.correct === null));
  assert.ok(Math.abs(scores[0]!.metrics['absError']! - 0.2) < 1e-12);
  assert.equal(scores[1]!.metrics['absError'], 0);
  assert.equal(scores[2]!.metrics['absError'], null);
  // The same three units through forecastError: MAE over the two numeric answers, one unparsed.
  const summaries = golds.map((gold, index) => ({ gold: String(gold), answer: answers[index]!, answersByRound: {} }) as unknown as UnitSummary);
  const reported = forecastError(summaries)!;
  const numeric = scores.flatMap((score) => (score.metrics['absError'] === null ? [] : [score.metrics['absError']!]));
  assert.equal(reported.mean, numeric.reduce((sum, value) => sum + value, 0) / numeric.length);
  assert.equal(reported.unparsed, 1);
});

test('registry: one official scorer per dataset with an evaluator; fallbacks by gold kind', () => {
  for (const name of SCORERS.keys()) assert.ok(datasetNames().includes(name), name);
  assert.deepEqual([...SCORERS.keys()].sort(), ['fetaqa', 'finqa', 'fred', 'gsm8k', 'medmcqa', 'medqa', 'mmlu', 'mmqa', 'pubmedqa', 'tatqa', 'wtq']);
  assert.equal(fallbackScorer({ kind: 'choice', value: 'A' }).name, 'choice-letter');
  assert.equal(fallbackScorer({ kind: 'number', value: 1 }).name, 'numeric');
  assert.equal(fallbackScorer({ kind: 'text', value: 'x' }).name, 'squad-em-f1');
  assert.equal(fallbackScorer({ kind: 'none' }).name, 'squad-em-f1');
  for (const scorer of [...SCORERS.values()]) assert.ok(scorer.metrics.every((metric) => metric.aggregate !== 'corpus' || scorer.corpus !== undefined), scorer.name);
});
