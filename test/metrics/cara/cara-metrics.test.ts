/**
 * Hand-computed CARA cases (DESIGN §6) through the scoring pass, with fixed
 * vectors and contradiction probabilities. Vectors are small integers, so
 * their normalised forms and cosines are exact in double precision.
 *
 * Shared geometry: A = (a1, a2), B = (b1, b2, b3) with
 *   a1 = (1,0,0)  a2 = (0,1,0)
 *   b1 = (4,3,0)/5 = (.8,.6,0)  b2 = (0,3,4)/5 = (0,.6,.8)  b3 = (0,0,1)
 * cos(A, B) =  a1: [0.8, 0,   0]
 *              a2: [0.6, 0.6, 0]
 * A→B best matches: a1→b1 (0.8); a2→b1 (tie 0.6/0.6 → lowest index b1).
 * B→A best matches: b1→a1 (0.8); b2→a2 (0.6); b3→a1 (tie 0/0 → a1, cos 0).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditSettings } from '../../../src/audit-runner/audit-settings.js';
import { EmbeddingCache } from '../../../src/audit-runner/embedding-cache.js';
import { NliCache } from '../../../src/audit-runner/nli-cache.js';
import { bestMatches } from '../../../src/metrics/cara/best-match.js';
import { dot, unitVector } from '../../../src/metrics/cara/unit-vector.js';
import { scoreUnits } from '../../../src/audit-runner/score-units.js';
import type { AgentAuditInput, UnitAuditInput } from '../../../src/audit-runner/unit-audit-input.js';
import type { AuditQuestionResult } from '../../../src/spec/audit-result.js';
import { FakeEmbeddingProvider, FakeNliProvider, nliKey } from '../../audit-runner/fake-audit-providers.js';

const VECTORS = {
  a1: [1, 0, 0],
  a2: [0, 1, 0],
  b1: [4, 3, 0],
  b2: [0, 3, 4],
  b3: [0, 0, 1],
  p1: [1, 0, 0],
  p2: [0, 0, 1],
  // (1,1,1)/√3 in double precision is 0.5773502691896258 per component; its dot product with itself
  // rounds to 1.0000000000000002, one ulp above the cosine's bound of 1 (and −1.0000000000000002 against (−1,−1,−1)).
  ones: [1, 1, 1],
  minusOnes: [-1, -1, -1],
};

const close = (actual: number | null | undefined, expected: number, message?: string): void => {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= 1e-9, `${message ?? 'value'}: expected ${expected}, got ${actual}`);
};

function agent(name: string, answer: string | null, steps: string[], answers: Array<string | null> = [answer]): AgentAuditInput {
  return { name, answer, answers, steps, ownSteps: steps.length };
}

function unit(agents: AgentAuditInput[], overrides: Partial<UnitAuditInput> = {}): UnitAuditInput {
  return { unitId: 'u1', questionId: 'q1', protocol: 'du', seed: 1, aggregated: 'B', gold: 'B', correct: true, agents, scoringPoints: null, ...overrides };
}

async function score(inputs: UnitAuditInput[], contradictions: Record<string, number> = {}, tau = 0.5) {
  const embedding = new FakeEmbeddingProvider(VECTORS);
  const nli = new FakeNliProvider(contradictions);
  const results = await scoreUnits(inputs, {
    embeddings: new EmbeddingCache(embedding),
    nli: new NliCache(nli),
    settings: auditSettings(embedding.id, nli.id, { tau }),
  });
  return { results, embedding, nli };
}

const twoAgents = (): AgentAuditInput[] => [agent('A', 'B', ['a1', 'a2']), agent('B', 'B', ['b1', 'b2', 'b3'])];

describe('CARA: SIM, HYB, contradiction rate', () => {
  it('matches the hand computation with one forward contradiction and a τ-boundary pair', async () => {
    // pc(a2, b1) = 0.7 > 0.5: a2's best match is flagged. pc(b3, a1) = 0.5 is not > 0.5: not flagged.
    const { results } = await score([unit(twoAgents())], { [nliKey('a2', 'b1')]: 0.7, [nliKey('b3', 'a1')]: 0.5 });
    const [result] = results as [AuditQuestionResult];
    const pair = result.details.pairs[0]!;
    // SIM(A→B) = (0.8 + 0.6)/2 = 0.7;   HYB(A→B) = (0.8 + (−1))/2 = −0.1
    close(pair.forward!.sim, 0.7, 'SIM(A→B)');
    close(pair.forward!.hyb, -0.1, 'HYB(A→B)');
    assert.deepEqual(pair.forward!.matches.map((match) => [match.step, match.match, match.flagged]), [[0, 0, false], [1, 0, true]]);
    // SIM(B→A) = HYB(B→A) = (0.8 + 0.6 + 0)/3 = 1.4/3 (b3→a1 has pc 0.5, not flagged)
    close(pair.backward!.sim, 1.4 / 3, 'SIM(B→A)');
    close(pair.backward!.hyb, 1.4 / 3, 'HYB(B→A)');
    assert.deepEqual(pair.backward!.matches.map((match) => [match.step, match.match, match.flagged]), [[0, 0, false], [1, 1, false], [2, 0, false]]);
    assert.deepEqual(pair.backward!.matches[2]!.contradiction, [0.5, 0]);
    // Symmetrised: SIM = (0.7 + 1.4/3)/2 = 3.5/6; HYB = (−0.1 + 1.4/3)/2 = 1.1/6
    close(pair.sim, 3.5 / 6, 'SIM(A,B)');
    close(pair.hyb, 1.1 / 6, 'HYB(A,B)');
    // One pair in S(q): question scores are the pair's. CR = 1 flagged of 2 + 3 best-match pairs.
    close(result.caraHyb, 1.1 / 6, 'CARA-HYB(q)');
    close(result.sim, 3.5 / 6, 'SIM(q)');
    close(result.contradictionRate, 0.2, 'CR(q)');
    assert.equal(result.details.bestMatchPairs, 5);
    assert.equal(result.details.flaggedPairs, 1);
    assert.deepEqual(pair.cosine, [[0.8, 0, 0], [0.6, 0.6, 0]]);
  });

  it('flags by the larger of the two directions (asymmetric NLI)', async () => {
    // Only pc(b1, a2) is high: x = max(pc(a2,b1), pc(b1,a2)) = 0.9 > 0.5 still flags a2's match.
    const { results } = await score([unit(twoAgents())], { [nliKey('b1', 'a2')]: 0.9 });
    const pair = results[0]!.details.pairs[0]!;
    assert.deepEqual(pair.forward!.matches[1]!.contradiction, [0, 0.9]);
    close(pair.forward!.hyb, -0.1, 'HYB(A→B)');
    // b1's own best match is a1, so B→A is unaffected.
    close(pair.backward!.hyb, 1.4 / 3, 'HYB(B→A)');
  });

  it('uses a strict > τ: a probability equal to τ is not a contradiction', async () => {
    const atTau = await score([unit(twoAgents())], { [nliKey('a2', 'b1')]: 0.7 }, 0.7);
    // Nothing flagged: HYB(A→B) = SIM(A→B) = 0.7; HYB(A,B) = SIM(A,B) = 3.5/6; CR = 0.
    close(atTau.results[0]!.caraHyb, 3.5 / 6, 'CARA-HYB at τ = 0.7');
    close(atTau.results[0]!.contradictionRate, 0, 'CR at τ = 0.7');
    const belowTau = await score([unit(twoAgents())], { [nliKey('a2', 'b1')]: 0.7 }, 0.69);
    close(belowTau.results[0]!.caraHyb, 1.1 / 6, 'CARA-HYB at τ = 0.69');
  });

  it('is symmetric: swapping the agents gives the same question scores', async () => {
    const contradictions = { [nliKey('a2', 'b1')]: 0.7 };
    const forward = (await score([unit(twoAgents())], contradictions)).results[0]!;
    const swapped = (await score([unit([...twoAgents()].reverse())], contradictions)).results[0]!;
    close(swapped.caraHyb, forward.caraHyb!, 'CARA-HYB swapped');
    close(swapped.sim, forward.sim!, 'SIM swapped');
    close(swapped.contradictionRate, forward.contradictionRate!, 'CR swapped');
  });

  it('scores a pair with an empty side 0, records it, and averages over every pair of S(q)', async () => {
    const agents = [...twoAgents(), agent('C', 'B', [])];
    const { results } = await score([unit(agents)], { [nliKey('a2', 'b1')]: 0.7 });
    const result = results[0]!;
    assert.deepEqual(
      result.details.pairs.map((pair) => [pair.a, pair.b, pair.empty]),
      [['A', 'B', false], ['A', 'C', true], ['B', 'C', true]],
    );
    for (const pair of result.details.pairs.slice(1)) {
      assert.equal(pair.hyb, 0);
      assert.equal(pair.sim, 0);
      assert.equal(pair.forward, null);
    }
    // CARA-HYB(q) = (1.1/6 + 0 + 0)/3; SIM(q) = (3.5/6 + 0 + 0)/3; CR counts only the 5 best-match pairs of (A, B).
    close(result.caraHyb, 1.1 / 18, 'CARA-HYB(q)');
    close(result.sim, 3.5 / 18, 'SIM(q)');
    close(result.contradictionRate, 0.2, 'CR(q)');
  });

  it('clamps cosines to [−1, 1]: identical steps score exactly 1, opposite ones exactly −1', async () => {
    const u = unitVector(VECTORS.ones);
    // the rounding excess this guards against (if double arithmetic ever stops producing it, the test below proves nothing)
    assert.ok(dot(u, u) > 1);
    // cos(v, v) = 1 and cos(v, −v) = −1 by definition
    const matches = bestMatches([u], [u, unitVector(VECTORS.minusOnes)]);
    assert.deepEqual(Array.from(matches.cosine[0]!), [1, -1]);
    const { results } = await score([unit([agent('A', 'B', ['ones']), agent('B', 'B', ['ones'])])]);
    // one pair, one step each, best match cosine 1 both ways: SIM = HYB = 1 exactly, never 1.0000000000000002
    assert.equal(results[0]!.sim, 1);
    assert.equal(results[0]!.caraHyb, 1);
    assert.equal(results[0]!.details.pairs[0]!.forward!.matches[0]!.cosine, 1);
  });

  it('gives no contradiction rate when every pair of S(q) is empty', async () => {
    const { results } = await score([unit([agent('A', 'B', []), agent('B', 'B', ['b1'])])]);
    assert.equal(results[0]!.caraHyb, 0);
    assert.equal(results[0]!.sim, 0);
    assert.equal(results[0]!.contradictionRate, null);
    assert.equal(results[0]!.eligible, true);
  });

  it('computes CARA-GT from the scoring points to each agent of S(q)', async () => {
    // p1 = (1,0,0), p2 = (0,0,1).
    // A: p1→a1 cos 1; p2→a1 (tie 0/0) cos 0           → HYB(P→A) = 0.5
    // B: p1→b1 cos 0.8; p2→b3 cos 1                   → HYB(P→B) = 0.9
    // C: no steps                                     → 0
    // CARA-GT = (0.5 + 0.9 + 0)/3 = 1.4/3
    const agents = [...twoAgents(), agent('C', 'B', [])];
    const { results } = await score([unit(agents, { scoringPoints: ['p1', 'p2'] })]);
    const result = results[0]!;
    close(result.caraGt, 1.4 / 3, 'CARA-GT');
    assert.deepEqual(
      result.details.groundTruth.map((entry) => [entry.agent, entry.hyb]),
      [['A', 0.5], ['B', 0.9], ['C', 0]],
    );
    // A contradicted scoring point counts −1, as in CARA-HYB: p2→b3 flagged → HYB(P→B) = (0.8 − 1)/2 = −0.1.
    const flagged = await score([unit(agents, { scoringPoints: ['p1', 'p2'] })], { [nliKey('p2', 'b3')]: 0.8 });
    close(flagged.results[0]!.caraGt, (0.5 - 0.1 + 0) / 3, 'CARA-GT with a contradiction');
    // No scoring points: CARA-GT is null, not 0.
    assert.equal((await score([unit(agents)])).results[0]!.caraGt, null);
  });
});

describe('CARA: agreement set and eligibility', () => {
  it('takes S(q) from final answers equal to the aggregated answer', async () => {
    const agents = [agent('A', 'B', ['a1']), agent('B', 'C', ['b1']), agent('C', 'B', ['b2'])];
    const { results } = await score([unit(agents)]);
    assert.deepEqual(results[0]!.agreementSet, ['A', 'C']);
    // Only the pair (A, C): a1·b2 = 0 → CARA-HYB = SIM = 0.
    assert.equal(results[0]!.details.pairs.length, 1);
  });

  it('is not eligible with one agreeing agent (a tie broken by draw), and records why', async () => {
    const { results, nli } = await score([unit([agent('A', 'B', ['a1']), agent('B', 'C', ['b1'])], { aggregated: 'B' })]);
    assert.equal(results[0]!.eligible, false);
    assert.deepEqual(results[0]!.reasons, ['agreement-set-below-two']);
    assert.equal(results[0]!.caraHyb, null);
    assert.equal(results[0]!.contradictionRate, null);
    assert.equal(nli.calls.length, 0);
  });

  it('a 2–2 tie: the drawn answer’s two agents form S(q)', async () => {
    const agents = [agent('A', 'B', ['a1']), agent('B', 'C', ['a2']), agent('C', 'B', ['b1']), agent('D', 'C', ['b2'])];
    const { results } = await score([unit(agents, { aggregated: 'B' })]);
    assert.equal(results[0]!.eligible, true);
    assert.deepEqual(results[0]!.agreementSet, ['A', 'C']);
  });

  it('never counts unparsed answers, and an unparsed aggregate makes the unit not eligible', async () => {
    const unparsedAgent = await score([unit([agent('A', 'B', ['a1']), agent('B', null, ['b1']), agent('C', null, ['b2'])])]);
    assert.deepEqual(unparsedAgent.results[0]!.reasons, ['agreement-set-below-two']);
    const unparsedFinal = await score([unit([agent('A', null, ['a1']), agent('B', null, ['b1'])], { aggregated: null })]);
    assert.deepEqual(unparsedFinal.results[0]!.reasons, ['no-aggregated-answer']);
    assert.deepEqual(unparsedFinal.results[0]!.agreementSet, []);
  });

  it('compares numbers by value and text after normalisation', async () => {
    const numeric = await score([unit([agent('A', '3', ['a1']), agent('B', '3.0', ['b1'])], { aggregated: '3' })]);
    assert.equal(numeric.results[0]!.eligible, true);
    const text = await score([unit([agent('A', 'Atropine.', ['a1']), agent('B', 'atropine', ['b1'])], { aggregated: 'atropine' })]);
    assert.equal(text.results[0]!.eligible, true);
  });
});

describe('CARA: efficiency', () => {
  it('classifies only best-match pairs, each distinct pair once, in one batch across questions', async () => {
    const second = unit([agent('A', 'B', ['a1', 'a2']), agent('B', 'B', ['b2', 'b3'])], { unitId: 'u2', questionId: 'q2' });
    const { nli, embedding } = await score([unit(twoAgents()), second]);
    assert.equal(nli.calls.length, 1, 'one NLI call for the whole corpus');
    assert.equal(embedding.calls.length, 1, 'one embedding call for the whole corpus');
    // Each distinct step text embedded once: a1 a2 b1 b2 b3.
    assert.deepEqual([...embedding.calls[0]!].sort(), ['a1', 'a2', 'b1', 'b2', 'b3']);
    const keys = nli.pairs.map((pair) => nliKey(pair.premise, pair.hypothesis));
    assert.equal(new Set(keys).size, keys.length, 'no pair classified twice');
    // Unit 1 needs 2·(2 + 3) = 10 ordered pairs, 8 distinct: (a1,b1) is a mutual best match.
    // Unit 2 (A=(a1,a2), B=(b2,b3)): A→B a1→b2 (tie 0/0 → b2), a2→b2; B→A b2→a2, b3→a1.
    // Its pairs (a1,b2),(a2,b2),(b3,a1) both ways: (a2,b2),(b2,a2),(a1,b3),(b3,a1) were already asked by unit 1.
    const expected = new Set([
      ...[['a1', 'b1'], ['a2', 'b1'], ['b2', 'a2'], ['b3', 'a1']].flatMap(([x, y]) => [nliKey(x!, y!), nliKey(y!, x!)]),
      nliKey('a1', 'b2'),
      nliKey('b2', 'a1'),
    ]);
    assert.deepEqual(new Set(keys), expected);
  });

  it('calls the providers in batches of the configured size', async () => {
    const embedding = new FakeEmbeddingProvider(VECTORS);
    const nli = new FakeNliProvider();
    await scoreUnits([unit(twoAgents())], {
      embeddings: new EmbeddingCache(embedding, { batchSize: 2 }),
      nli: new NliCache(nli, { batchSize: 3 }),
      settings: auditSettings('fake-embed', 'fake-nli'),
    });
    assert.deepEqual(embedding.calls.map((call) => call.length), [2, 2, 1]);
    assert.deepEqual(nli.calls.map((call) => call.length), [3, 3, 2]);
  });
});
