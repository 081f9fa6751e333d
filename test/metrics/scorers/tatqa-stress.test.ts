import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { tatqaLoader } from '../../../src/datasets/tatqa.js';
import { tatqaEmF1Scorer } from '../../../src/metrics/scorers/tatqa-em-f1.js';
import { hasSharedData, sharedDataFile } from '../../datasets/shared-data-path.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { Agreement } from './agreement.js';
import { tatqaVariants } from './tatqa-variants.js';

const SAMPLE = ['tatqa', 'tatqa_dataset_test_gold.json'] as const;

// Expected [EM, F1]: the official TaTQAEmAndF1 (tatqa_metric.py, Python 3 with NumPy and SciPy) run on
// exactly these pairs, given the answer list and scale each variant means — see fixtures/scoring/README.md.
// Never produced by quorum.
const VERDICTS = JSON.parse(readFileSync(`${REPO_ROOT}fixtures/scoring/tatqa-verdicts.json`, 'utf8')) as Record<string, [number, number]>;

// Pairs where quorum's reading of the text differs from the list the system meant, by design (docs/metrics.md):
// two spans that themselves contain "and", joined by "and", cannot be told apart from more spans.
const KNOWN_DIFFERENCES = new Set(['tatqa:0103b1e44ef0047d788e2cd47d5e7f8c#list-and']);

describe('TAT-QA EM/F1: stress pairs from the shared sample against the official verdicts', { skip: hasSharedData(...SAMPLE) ? false : `shared data not found at ${sharedDataFile(...SAMPLE)}` }, () => {
  it('agrees with tatqa_metric.py on every pair but the known differences', async (t) => {
    const questions = await tatqaLoader.load(sharedDataFile(...SAMPLE));
    const byId = new Map(questions.map((question) => [question.id, question]));
    const agreement = new Agreement();
    for (const variant of tatqaVariants(questions)) {
      const expected = VERDICTS[variant.key];
      assert.ok(Array.isArray(expected), `no official verdict for ${variant.key}: regenerate fixtures/scoring/tatqa-verdicts.json (fixtures/scoring/README.md)`);
      const question = byId.get(variant.key.split('#')[0]!)!;
      const prediction = variant.statedScale === undefined ? { answer: variant.text } : { answer: variant.text, scale: variant.statedScale };
      const { em, f1 } = tatqaEmF1Scorer.score(prediction, question).metrics;
      const agrees = em === expected[0] && f1 === expected[1];
      agreement.add(variant.variantClass, variant.key, agrees, `${JSON.stringify(variant.text)} official [${expected.join(', ')}], quorum [${em}, ${f1}]`);
    }
    for (const line of agreement.lines()) t.diagnostic(line);
    assert.ok(agreement.total >= 500, `only ${agreement.total} pairs`);
    assert.deepEqual(agreement.disagreements.filter((line) => !KNOWN_DIFFERENCES.has(line.split(': ')[0]!)), []);
    assert.equal(agreement.disagreements.length, KNOWN_DIFFERENCES.size, 'a known difference now agrees: remove it from KNOWN_DIFFERENCES and docs/metrics.md');
  });
});
