import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gsm8kLoader } from '../../../src/datasets/gsm8k.js';
import { medmcqaLoader } from '../../../src/datasets/medmcqa.js';
import { mmluLoader } from '../../../src/datasets/mmlu.js';
import { pubmedqaLoader } from '../../../src/datasets/pubmedqa.js';
import { SCORERS } from '../../../src/metrics/scorers/index.js';
import type { Question } from '../../../src/spec/question.js';
import { fixtureFile } from '../../datasets/format-error-case.js';

const ANSWERS: Record<string, string[]> = {
  gsm8k: ['27', '27.0', '#### 27', 'so 27', '640', '1,500', '1500', '$1,500', '-27', 'none', ''],
  mmlu: ['A', 'b', '(C)', 'C.', 'D) Pulmonary vein', 'C or D', 'the answer', ''],
  medmcqa: ['A', 'c', '(C)', 'D.', 'E', 'Abducens nerve', ''],
  pubmedqa: ['yes', 'Yes.', '**no**', 'maybe', 'No, not really', 'unclear', ''],
};

const SAMPLES: Record<string, () => Promise<Question[]>> = {
  gsm8k: () => gsm8kLoader.load(fixtureFile('gsm8k', 'test.jsonl')),
  mmlu: () => mmluLoader.load(fixtureFile('mmlu', 'clinical_knowledge_test.csv')),
  medmcqa: () => medmcqaLoader.load(fixtureFile('medmcqa', 'dev.json')),
  pubmedqa: () => pubmedqaLoader.load(fixtureFile('pubmedqa', 'ori_pqal.json')),
};

/** Equivalent answers must get the same verdict, so the vote never groups a right and a wrong answer. */
describe('gsm8k, mmlu, medmcqa, pubmedqa scorers: equivalence agrees with the verdict', () => {
  for (const [dataset, answers] of Object.entries(ANSWERS)) {
    it(dataset, async () => {
      const scorer = SCORERS.get(dataset)!;
      for (const question of await SAMPLES[dataset]!()) {
        const verdicts = answers.map((answer) => scorer.score({ answer }, question).correct);
        answers.forEach((a, i) => {
          assert.ok(scorer.equivalent(a, a, question), `${question.id}: ${JSON.stringify(a)}`);
          answers.forEach((b, j) => {
            const same = scorer.equivalent(a, b, question);
            assert.equal(scorer.equivalent(b, a, question), same, `${question.id}: not symmetric for ${JSON.stringify(a)}, ${JSON.stringify(b)}`);
            if (same) assert.equal(verdicts[i], verdicts[j], `${question.id}: ${JSON.stringify(a)} ≡ ${JSON.stringify(b)} but verdicts differ`);
          });
        });
      }
    });
  }
});
