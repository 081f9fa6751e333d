/**
 * The optimised audit (one cosine matrix per pair, NLI on best matches
 * only, batched and de-duplicated) against a naive reference written
 * straight from DESIGN §6 that classifies every step pair: same scores.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditSettings } from '../../../src/audit-runner/audit-settings.js';
import { EmbeddingCache } from '../../../src/audit-runner/embedding-cache.js';
import { NliCache } from '../../../src/audit-runner/nli-cache.js';
import { scoreUnits } from '../../../src/audit-runner/score-units.js';
import type { UnitAuditInput } from '../../../src/audit-runner/unit-audit-input.js';
import { seededRandom } from '../../../src/util/seed.js';
import { FakeEmbeddingProvider, FakeNliProvider } from '../../audit-runner/fake-audit-providers.js';

const DIMENSIONS = 6;

/** A deterministic pseudo-random vector per text. */
function vectorOf(text: string): number[] {
  let seed = 0;
  for (const char of text) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const random = seededRandom(seed);
  return Array.from({ length: DIMENSIONS }, () => random() * 2 - 1);
}

/** A deterministic contradiction probability per ordered pair, with some above τ. */
function probabilityOf(premise: string, hypothesis: string): number {
  let seed = 7;
  for (const char of `${premise}|${hypothesis}`) seed = (seed * 131 + char.charCodeAt(0)) >>> 0;
  return seededRandom(seed)() ** 3;
}

function cosine(a: number[], b: number[]): number {
  const norm = (v: number[]) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return a.reduce((sum, x, i) => sum + x * b[i]!, 0) / (norm(a) * norm(b));
}

/** HYB and SIM a→b, scoring every pair with NLI first (the m·n way). */
function naiveDirectional(a: string[], b: string[], tau: number) {
  const all = a.map((x) => b.map((y) => ({ cos: cosine(vectorOf(x), vectorOf(y)), pc: Math.max(probabilityOf(x, y), probabilityOf(y, x)) })));
  let sim = 0;
  let hyb = 0;
  let flagged = 0;
  for (const row of all) {
    let best = 0;
    for (let j = 1; j < row.length; j++) if (row[j]!.cos > row[best]!.cos) best = j;
    sim += row[best]!.cos;
    const contradiction = row[best]!.pc > tau;
    hyb += contradiction ? -1 : row[best]!.cos;
    flagged += contradiction ? 1 : 0;
  }
  return { sim: sim / a.length, hyb: hyb / a.length, flagged, matches: a.length };
}

function naiveQuestion(members: string[][], tau: number) {
  let hyb = 0;
  let sim = 0;
  let pairs = 0;
  let flagged = 0;
  let matches = 0;
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) {
      pairs += 1;
      const [a, b] = [members[i]!, members[j]!];
      if (a.length === 0 || b.length === 0) continue;
      const forward = naiveDirectional(a, b, tau);
      const backward = naiveDirectional(b, a, tau);
      hyb += (forward.hyb + backward.hyb) / 2;
      sim += (forward.sim + backward.sim) / 2;
      flagged += forward.flagged + backward.flagged;
      matches += forward.matches + backward.matches;
    }
  }
  return { caraHyb: hyb / pairs, sim: sim / pairs, contradictionRate: matches === 0 ? null : flagged / matches };
}

describe('CARA against a naive all-pairs reference', () => {
  it('gives identical scores on 60 random units while classifying far fewer pairs', async () => {
    const random = seededRandom(42);
    const vocabulary = Array.from({ length: 40 }, (_, index) => `step ${index}`);
    const inputs: UnitAuditInput[] = Array.from({ length: 60 }, (_, index) => ({
      unitId: `u${index}`,
      questionId: `q${index}`,
      protocol: 'du',
      seed: 1,
      aggregated: 'B',
      gold: 'B',
      correct: true,
      scoringPoints: null,
      agents: ['A', 'B', 'C'].map((name) => {
        const count = Math.floor(random() * 7); // 0..6 steps: empty sides included
        const steps = Array.from({ length: count }, () => vocabulary[Math.floor(random() * vocabulary.length)]!);
        return { name, answer: 'B', answers: ['B'], steps: [...new Set(steps)], ownSteps: count };
      }),
    }));
    const embedding = new FakeEmbeddingProvider({}, { fallback: vectorOf });
    const nli = new FakeNliProvider({}, { fallback: probabilityOf });
    const tau = 0.3;
    const results = await scoreUnits(inputs, { embeddings: new EmbeddingCache(embedding), nli: new NliCache(nli), settings: auditSettings('e', 'n', { tau }) });
    let naivePairs = 0;
    results.forEach((result, index) => {
      const steps = inputs[index]!.agents.map((agent) => agent.steps);
      const expected = naiveQuestion(steps, tau);
      for (let i = 0; i < steps.length; i++) for (let j = i + 1; j < steps.length; j++) naivePairs += 2 * steps[i]!.length * steps[j]!.length;
      assert.ok(Math.abs(result.caraHyb! - expected.caraHyb) < 1e-6, `unit ${index} CARA-HYB ${result.caraHyb} vs ${expected.caraHyb}`);
      assert.ok(Math.abs(result.sim! - expected.sim) < 1e-6, `unit ${index} SIM`);
      if (expected.contradictionRate === null) assert.equal(result.contradictionRate, null);
      else assert.ok(Math.abs(result.contradictionRate! - expected.contradictionRate) < 1e-12, `unit ${index} CR`);
    });
    // Float32 vectors from the provider vs float64 here: cosines agree to ~1e-7, hence 1e-6 above.
    assert.ok(nli.pairs.length * 4 <= naivePairs, `${nli.pairs.length} NLI pairs vs ${naivePairs} naive`);
  });
});
