/**
 * The shared `NliProvider` suite: every NLI model (heuristic, transformers,
 * http) runs these cases.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { NliPair, NliProvider, NliScores } from '../spec/audit.js';

/** What a provider is expected to do beyond the interface. */
export interface NliSuiteOptions {
  /** Largest allowed difference between a pair's scores in a batch and alone. Default 1e-5. */
  tolerance?: number;
}

const PAIRS: NliPair[] = [
  { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.' },
  { premise: 'A man is playing a guitar on stage.', hypothesis: 'A person is playing a guitar.' },
  { premise: 'The dose is 5 mg daily.', hypothesis: 'The dose is 50 mg daily.' },
  { premise: 'The patient has no fever.', hypothesis: 'The stock market fell sharply today.' },
  { premise: 'Beta blockers lower the heart rate.', hypothesis: 'Beta blockers lower the heart rate and blood pressure in most patients.' },
];

/** Runs the shared cases against one implementation. */
export function runNliSuite(name: string, create: () => Promise<NliProvider>, options: NliSuiteOptions = {}): void {
  const tolerance = options.tolerance ?? 1e-5;
  describe(`NliProvider suite: ${name}`, () => {
    let provider: NliProvider;
    before(async () => {
      provider = await create();
    });
    after(async () => {
      await provider.close?.();
    });

    it('has an id', () => {
      assert.equal(typeof provider.id, 'string');
      assert.ok(provider.id.length > 0);
    });

    it('gives probabilities in [0, 1] that sum to 1', async () => {
      for (const scores of await provider.classify(PAIRS)) {
        for (const value of [scores.entailment, scores.neutral, scores.contradiction]) assert.ok(value >= 0 && value <= 1, `${value} out of [0, 1]`);
        assert.ok(Math.abs(scores.entailment + scores.neutral + scores.contradiction - 1) < 1e-6);
      }
    });

    it('returns scores in input order', async () => {
      const forward = await provider.classify(PAIRS);
      const backward = await provider.classify([...PAIRS].reverse());
      assert.equal(forward.length, PAIRS.length);
      forward.forEach((scores, index) => assertClose(scores, backward[PAIRS.length - 1 - index]!, tolerance));
      assert.ok(forward.some((scores) => Math.abs(scores.contradiction - forward[0]!.contradiction) > 1e-4), 'different pairs give different scores');
    });

    it('gives the same scores in a batch as alone', async () => {
      const batch = await provider.classify(PAIRS);
      for (const [index, pair] of PAIRS.entries()) assertClose(batch[index]!, (await provider.classify([pair]))[0]!, tolerance);
    });

    it('is deterministic', async () => {
      assert.deepEqual(await provider.classify(PAIRS), await provider.classify(PAIRS));
    });

    it('returns nothing for no pairs', async () => {
      assert.deepEqual(await provider.classify([]), []);
    });

    it('scores many pairs in one call', async () => {
      const many = Array.from({ length: 200 }, (_, index) => PAIRS[index % PAIRS.length]!);
      const scores = await provider.classify(many);
      assert.equal(scores.length, many.length);
      assertClose(scores[198]!, scores[3]!, tolerance);
    });
  });
}

function assertClose(actual: NliScores, expected: NliScores, tolerance: number): void {
  for (const label of ['entailment', 'neutral', 'contradiction'] as const) {
    assert.ok(Math.abs(actual[label] - expected[label]) <= tolerance, `${label}: ${actual[label]} vs ${expected[label]}`);
  }
}
