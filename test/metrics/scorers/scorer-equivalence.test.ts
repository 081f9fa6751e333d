import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tatqaLoader } from '../../../src/datasets/tatqa.js';
import { wtqLoader } from '../../../src/datasets/wikitablequestions.js';
import { SCORERS } from '../../../src/metrics/scorers/index.js';
import type { Question } from '../../../src/spec/question.js';
import type { Scorer } from '../../../src/spec/scorer.js';
import { hasSharedData, sharedDataFile } from '../../datasets/shared-data-path.js';
import { tatqaVariants } from './tatqa-variants.js';
import { wtqVariants } from './wtq-variants.js';

const WTQ = ['wikitablequestions', 'data', 'pristine-unseen-tables.tsv'] as const;
const TATQA = ['tatqa', 'tatqa_dataset_test_gold.json'] as const;

/**
 * Over every pair of answer texts to the same question: `equivalent` is
 * symmetric and reflexive, and two equivalent answers get the same headline
 * verdict — so the majority vote and the agreement set never group a correct
 * and a wrong answer together.
 */
function checkEquivalence(scorer: Scorer, questions: readonly Question[], textsOf: (question: Question) => string[]): void {
  for (const question of questions) {
    const texts = [...new Set(textsOf(question))];
    const verdicts = texts.map((answer) => scorer.score({ answer }, question).correct);
    texts.forEach((a, i) => {
      assert.ok(scorer.equivalent(a, a, question), `${question.id}: ${JSON.stringify(a)} not equivalent to itself`);
      for (let j = i + 1; j < texts.length; j++) {
        const b = texts[j]!;
        const forward = scorer.equivalent(a, b, question);
        assert.equal(scorer.equivalent(b, a, question), forward, `${question.id}: not symmetric for ${JSON.stringify(a)}, ${JSON.stringify(b)}`);
        if (forward) assert.equal(verdicts[i], verdicts[j], `${question.id}: ${JSON.stringify(a)} ≡ ${JSON.stringify(b)} but verdicts ${verdicts[i]} / ${verdicts[j]}`);
      }
    });
  }
}

describe('scorer registry', () => {
  it('names the WTQ and TAT-QA scorers by dataset', () => {
    assert.equal(SCORERS.get('wtq')?.name, 'wtq-denotation');
    assert.equal(SCORERS.get('tatqa')?.name, 'tatqa-em-f1');
  });
});

describe('WTQ answer equality', { skip: hasSharedData(...WTQ) ? false : `shared data not found at ${sharedDataFile(...WTQ)}` }, () => {
  it('is symmetric and never joins answers with different verdicts', async () => {
    const questions = await wtqLoader.load(sharedDataFile(...WTQ));
    const variants = wtqVariants(questions);
    checkEquivalence(SCORERS.get('wtq')!, questions, (question) => variants.filter((variant) => variant.key.startsWith(`${question.id}#`)).map((variant) => variant.text));
  });

  it('compares values, not strings, and only values no gold can tell apart', () => {
    const scorer = SCORERS.get('wtq')!;
    const question: Question = { id: 'wtq:x', prompt: 'q', gold: { kind: 'text', value: 'x' } };
    assert.ok(scorer.equivalent('Canberra', 'canberra.', question));
    assert.ok(scorer.equivalent('Rome | Paris', 'Paris|Rome', question));
    assert.ok(scorer.equivalent('17', ' 17 ', question));
    assert.ok(!scorer.equivalent('Canberra', 'Sydney', question));
    assert.ok(!scorer.equivalent('0.2', '-0.2', question));
    // A gold "Rome, Paris" is one value: only the first is right for it.
    assert.ok(!scorer.equivalent('Rome, Paris', 'Paris | Rome', question));
    // A gold string "17" (no CoreNLP number) matches "17" by its normalised text only.
    assert.ok(!scorer.equivalent('17', '17.0', question));
    // The number 100000 and the string "100000": a gold "100,000" typed 100000 matches only the number.
    assert.ok(!scorer.equivalent('100000', '"100000"', question));
  });
});

describe('TAT-QA answer equality', { skip: hasSharedData(...TATQA) ? false : `shared data not found at ${sharedDataFile(...TATQA)}` }, () => {
  it('is symmetric and never joins answers with different verdicts', async () => {
    const questions = await tatqaLoader.load(sharedDataFile(...TATQA));
    // Texts without a stated scale: equivalent() sees the text only.
    const variants = tatqaVariants(questions).filter((variant) => variant.statedScale === undefined || variant.statedScale === '');
    checkEquivalence(SCORERS.get('tatqa')!, questions, (question) => variants.filter((variant) => variant.key.startsWith(`${question.id}#`)).map((variant) => variant.text));
  });

  it('compares rendered values', () => {
    const scorer = SCORERS.get('tatqa')!;
    const question: Question = { id: 'tatqa:x', prompt: 'q', gold: { kind: 'text', value: 'x' } };
    assert.ok(scorer.equivalent('1.5 million', '1,500,000', question));
    assert.ok(scorer.equivalent('22.12%', '22.12 percent', question));
    assert.ok(scorer.equivalent('(0.2)', '-0.2', question));
    assert.ok(!scorer.equivalent('0.2', '-0.2', question));
    // Multi-span golds are compared after a sort of the raw values: the article changes the order.
    assert.ok(!scorer.equivalent('1,568.6, 690.5', 'the 1,568.6, 690.5', question));
  });
});
