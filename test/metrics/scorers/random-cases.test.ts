import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { tatqaEmF1Scorer } from '../../../src/metrics/scorers/tatqa-em-f1.js';
import { wtqDenotationScorer } from '../../../src/metrics/scorers/wtq-denotation.js';
import type { Question } from '../../../src/spec/question.js';
import { REPO_ROOT } from '../../helpers/cli.js';

// Random answers built from tricky pieces (numbers, signs, parentheses, %, scale words, dates, quotes,
// dashes, accents, Unicode digits and spaces), each with the official evaluator's verdict — see
// fixtures/scoring/README.md. Predictions are written with "|" between values, which quorum reads as the list.
const CASES = JSON.parse(readFileSync(`${REPO_ROOT}fixtures/scoring/random-cases.json`, 'utf8')) as {
  wtq: [target: string[], canon: string[] | null, predicted: string[], verdict: boolean][];
  tatqa: [answerType: string, answer: number | string[], scale: string, predicted: string[], predictedScale: string, em: number, f1: number][];
};

describe('random answers against the official verdicts', () => {
  it('WTQ: evaluator.py check_denotation', () => {
    const wrong: string[] = [];
    for (const [target, canon, predicted, verdict] of CASES.wtq) {
      const meta: Record<string, unknown> = { targetValue: target.join('|') };
      if (canon !== null) meta['targetCanon'] = canon.join('|');
      const question: Question = { id: 'wtq:random', prompt: 'q', gold: { kind: 'text', value: target.join('|') }, meta };
      const correct = wtqDenotationScorer.score({ answer: predicted.join('|') }, question).correct;
      if (correct !== verdict) wrong.push(`${JSON.stringify([target, canon, predicted])}: official ${verdict}, quorum ${correct}`);
    }
    assert.ok(CASES.wtq.length >= 1000);
    assert.deepEqual(wrong, []);
  });

  it('TAT-QA: tatqa_metric.py TaTQAEmAndF1', () => {
    const wrong: string[] = [];
    for (const [answerType, answer, scale, predicted, predictedScale, em, f1] of CASES.tatqa) {
      // The loader keeps arithmetic and count answers as JavaScript's text of the JSON number.
      const answers = Array.isArray(answer) ? answer : [String(answer)];
      const question: Question = { id: 'tatqa:random', prompt: 'q', gold: { kind: 'text', value: answers.join(' ') }, meta: { answer_type: answerType, answers, scale } };
      const metrics = tatqaEmF1Scorer.score({ answer: predicted.join('|'), scale: predictedScale }, question).metrics;
      if (metrics['em'] !== em || metrics['f1'] !== f1) wrong.push(`${JSON.stringify([answerType, answer, scale, predicted, predictedScale])}: official [${em}, ${f1}], quorum [${metrics['em']}, ${metrics['f1']}]`);
    }
    assert.ok(CASES.tatqa.length >= 1000);
    assert.deepEqual(wrong, []);
  });
});
