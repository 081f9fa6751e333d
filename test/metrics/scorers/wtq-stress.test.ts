import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { wtqLoader } from '../../../src/datasets/wikitablequestions.js';
import { wtqDenotationScorer } from '../../../src/metrics/scorers/wtq-denotation.js';
import { hasSharedData, sharedDataFile } from '../../datasets/shared-data-path.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { Agreement } from './agreement.js';
import { wtqVariants } from './wtq-variants.js';

const SAMPLE = ['wikitablequestions', 'data', 'pristine-unseen-tables.tsv'] as const;

// Expected verdicts: the official evaluator.py (Python 2.7) run on exactly these pairs — see
// fixtures/scoring/README.md. Never produced by quorum.
const VERDICTS = JSON.parse(readFileSync(`${REPO_ROOT}fixtures/scoring/wtq-verdicts.json`, 'utf8')) as Record<string, boolean>;

describe('WTQ denotation: stress pairs from the shared sample against the official verdicts', { skip: hasSharedData(...SAMPLE) ? false : `shared data not found at ${sharedDataFile(...SAMPLE)}` }, () => {
  it('agrees with evaluator.py on every pair', async (t) => {
    const questions = await wtqLoader.load(sharedDataFile(...SAMPLE));
    assert.ok(questions.every((question) => typeof question.meta?.['targetCanon'] === 'string'), 'the loader reads targetCanon from tagged/data');
    const byId = new Map(questions.map((question) => [question.id, question]));
    const agreement = new Agreement();
    for (const variant of wtqVariants(questions)) {
      const expected = VERDICTS[variant.key];
      assert.equal(typeof expected, 'boolean', `no official verdict for ${variant.key}: regenerate fixtures/scoring/wtq-verdicts.json (fixtures/scoring/README.md)`);
      const question = byId.get(variant.key.split('#')[0]!)!;
      const score = wtqDenotationScorer.score({ answer: variant.text }, question);
      agreement.add(variant.variantClass, variant.key, score.correct === expected, `${JSON.stringify(variant.text)} official ${expected}, quorum ${score.correct}`);
    }
    for (const line of agreement.lines()) t.diagnostic(line);
    assert.ok(agreement.total >= 500, `only ${agreement.total} pairs`);
    assert.deepEqual(agreement.disagreements, []);
  });
});
