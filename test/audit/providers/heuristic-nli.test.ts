import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';
import { evaluateNli, parseNliCsv } from '../../../src/audit/evaluate-nli.js';
import { heuristicNliScores } from '../../../src/audit/heuristic/heuristic-nli-scores.js';
import { runNliSuite } from '../../../src/testing/nli-suite.js';

runNliSuite('heuristic', () => createNliProvider('heuristic'), { tolerance: 0 });
runNliSuite('heuristic#rules=lexical', () => createNliProvider('heuristic#rules=lexical'), { tolerance: 0 });

type Verdict = 'contradiction' | 'entailment' | 'neutral';

// Hand-written, not taken from SNLI: the rules must generalise to reasoning steps.
const CASES: Array<[premise: string, hypothesis: string, expected: Verdict, rule: string]> = [
  ['Atropine increases heart rate.', 'Atropine decreases heart rate.', 'contradiction', 'antonym'],
  ['Atropine is a muscarinic antagonist.', 'Atropine is a muscarinic agonist.', 'contradiction', 'antonym'],
  ['Atropine blocks M2 receptors in the heart.', 'Atropine blocks β1 receptors in the heart.', 'contradiction', 'exclusive receptor subtype'],
  ['The patient does not have a fever.', 'The patient has a fever.', 'contradiction', 'negation'],
  ["The drug doesn't cross the blood-brain barrier.", 'The drug crosses the blood-brain barrier.', 'contradiction', 'negation (contraction)'],
  ['The patient denies chest pain.', 'The patient reports chest pain.', 'contradiction', 'negation (clinical)'],
  ['Fever is absent.', 'Fever is present.', 'contradiction', 'negation (absent)'],
  ['The recommended dose is 5 mg daily.', 'The recommended dose is 50 mg daily.', 'contradiction', 'number'],
  ['The recommended dose is 5 mg daily.', 'The recommended dose is 5 g daily.', 'contradiction', 'unit'],
  ['Mortality fell by 20%.', 'Mortality fell by 20 deaths.', 'contradiction', 'percent vs count'],
  ['The patient has hypokalemia.', 'The patient has hyperkalemia.', 'contradiction', 'hyper/hypo'],
  ['Metoprolol is a beta blocker.', 'Metoprolol is a calcium channel blocker.', 'contradiction', 'exclusive drug class'],
  ['The infection is bacterial.', 'The infection is viral.', 'contradiction', 'exclusive pathogen'],
  ['The condition is autosomal dominant.', 'The condition is autosomal recessive.', 'contradiction', 'antonym'],
  ['Type 2 diabetes is treated with metformin.', 'Type 1 diabetes is treated with metformin.', 'contradiction', 'number'],
  ['The drug is effective.', 'The drug is ineffective.', 'contradiction', 'negating prefix'],
  ['The answer is option B.', 'The answer is option C.', 'contradiction', 'exclusive option'],
  ['A man is sleeping on a couch.', 'A woman is sleeping on a couch.', 'contradiction', 'exclusive sex'],
  ['Two dogs run in the park.', 'Three dogs run in the park.', 'contradiction', 'number words'],
  ['The recommended dose is 5 mg daily.', 'The recommended dose is 0.005 g daily.', 'entailment', 'same amount, other unit'],
  ['Atropine blocks muscarinic receptors and raises heart rate.', 'Atropine raises heart rate.', 'entailment', 'covered'],
  ['A man is playing a guitar.', 'A person is playing a guitar.', 'entailment', 'hypernym'],
  ['The drug does not increase blood pressure.', 'The drug decreases blood pressure.', 'neutral', 'negation and antonym cancel'],
  ['Beta blockers lower heart rate.', 'Beta blockers lower heart rate and blood pressure.', 'neutral', 'new content'],
  ['The stock market fell today.', 'Atropine does not block M2 receptors.', 'neutral', 'unrelated: negation alone is no conflict'],
  ['High and low doses were compared.', 'Low doses were compared.', 'entailment', 'both poles in the premise'],
  ['A man and a woman are dancing.', 'A woman is dancing.', 'entailment', 'both members in the premise'],
];

function verdict(scores: { entailment: number; neutral: number; contradiction: number }): Verdict {
  if (scores.contradiction > 0.5) return 'contradiction';
  return scores.entailment > scores.neutral && scores.entailment > scores.contradiction ? 'entailment' : 'neutral';
}

describe('lexical heuristic NLI rules (heuristic#rules=lexical)', () => {
  for (const [premise, hypothesis, expected, rule] of CASES) {
    it(`${expected} by ${rule}: "${premise}" / "${hypothesis}"`, () => {
      const result = heuristicNliScores(premise, hypothesis);
      assert.equal(verdict(result.scores), expected, JSON.stringify(result));
    });
  }

  it('keeps contradiction low when nothing conflicts', () => {
    const { scores } = heuristicNliScores('Beta blockers lower heart rate.', 'Beta blockers lower heart rate.');
    assert.ok(scores.contradiction < 0.15);
    assert.ok(scores.entailment > 0.5);
  });

  it('explains each conflict', () => {
    const { conflicts } = heuristicNliScores('Atropine increases heart rate.', 'Atropine decreases heart rate.');
    assert.deepEqual(
      conflicts.map((conflict) => [conflict.rule, conflict.detail]),
      [['antonym', 'increases / decreases']],
    );
  });
});

const sharedData = process.env.QUORUM_SHARED_DATA || fileURLToPath(new URL('../../../../shared/data', import.meta.url));
const snli = join(sharedData, 'snli', 'snli_test.csv');

describe('heuristic NLI on the SNLI slice', { skip: existsSync(snli) ? false : `no shared data at ${snli}` }, () => {
  it('keeps the published precision and recall of the contradiction class', async () => {
    const pairs = parseNliCsv(snli, await readFile(snli, 'utf8'));
    assert.equal(pairs.length, 500);
    const { contradiction } = await evaluateNli(await createNliProvider('heuristic'), pairs);
    // docs/audit-models.md publishes 91.7% / 13.4% (aligned rules); these bounds catch regressions, not noise.
    assert.ok(contradiction.precision >= 0.85, `precision ${contradiction.precision}`);
    assert.ok(contradiction.recall >= 0.12, `recall ${contradiction.recall}`);
  });

  it('keeps the published figures of the earlier lexical rules', async () => {
    const pairs = parseNliCsv(snli, await readFile(snli, 'utf8'));
    const { contradiction } = await evaluateNli(await createNliProvider('heuristic#rules=lexical'), pairs);
    // docs/audit-models.md publishes 84.1% / 22.6%.
    assert.ok(contradiction.precision >= 0.75, `precision ${contradiction.precision}`);
    assert.ok(contradiction.recall >= 0.2, `recall ${contradiction.recall}`);
  });

  it('refuses an unknown rule set', async () => {
    await assert.rejects(createNliProvider('heuristic#rules=fancy'), /aligned or lexical/);
  });
});

describe('parseNliCsv', () => {
  it('reads quoted cells, ignores extra columns and checks labels', () => {
    const pairs = parseNliCsv('x.csv', 'index,premise,hypothesis,label\n0,"A man, tall, ""smiles""",He smiles.,0\r\n1,a,b,2\n');
    assert.deepEqual(pairs, [
      { premise: 'A man, tall, "smiles"', hypothesis: 'He smiles.', label: 'entailment' },
      { premise: 'a', hypothesis: 'b', label: 'contradiction' },
    ]);
    assert.throws(() => parseNliCsv('x.csv', 'premise,hypothesis,label\na,b,-1\n'), /line 2.*label/);
    assert.throws(() => parseNliCsv('x.csv', 'sentence1,sentence2\n'), /premise/);
  });
});
