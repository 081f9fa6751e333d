import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contradictionFlags } from '../../../src/audit/contradiction-flags.js';
import { parseContradictionLabels, type LabelledContradictionPair } from '../../../src/audit/contradiction-labels.js';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';

// The hand-labelled debate steps (fixtures/nli-debate/README.md): the labels are a
// person's, so these figures measure the heuristic, not quorum against itself.
const fixture = (part: string): string => fileURLToPath(new URL(`../../../fixtures/nli-debate/${part}.jsonl`, import.meta.url));

async function load(part: string): Promise<LabelledContradictionPair[]> {
  return parseContradictionLabels(fixture(part), await readFile(fixture(part), 'utf8'));
}

async function measure(spec: string, part: string): Promise<ReturnType<typeof contradictionFlags>> {
  const pairs = await load(part);
  const scores = await (await createNliProvider(spec)).classify(pairs);
  return contradictionFlags(
    scores.map((score) => score.contradiction),
    pairs.map((pair) => pair.contradiction),
    0.5,
  );
}

describe('the labelled debate set', () => {
  it('has four dev parts of 1,011 pairs (dev 3: 42 contradictions, dev 4: 30), a held-out part of 280 (5 contradictions), unique ids and a reason for every contradiction', async () => {
    const dev = [...(await load('dev')), ...(await load('dev2'))];
    const dev3 = await load('dev3');
    const dev4 = await load('dev4');
    assert.equal(dev.length, 509);
    assert.equal(dev3.length, 222);
    assert.equal(dev3.filter((pair) => pair.contradiction).length, 42);
    assert.equal(dev4.length, 280);
    assert.equal(dev4.filter((pair) => pair.contradiction).length, 30);
    const heldOut = await load('heldout');
    assert.equal(heldOut.length, 280);
    assert.equal(heldOut.filter((pair) => pair.contradiction).length, 5);
    const all = [...dev, ...dev3, ...dev4, ...heldOut];
    const ids = all.map((pair) => pair.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const pair of all) if (pair.contradiction) assert.ok((pair.reason ?? '').length > 20, pair.id);
  });

  it('rejects a contradiction without a reason and an unknown label', () => {
    assert.throws(() => parseContradictionLabels('x.jsonl', '{"id":"a","premise":"p","hypothesis":"h","label":"contradiction"}\n'), /line 1.*reason/);
    assert.throws(() => parseContradictionLabels('x.jsonl', '{"id":"a","premise":"p","hypothesis":"h","label":"neutral"}\n'), /line 1.*label/);
  });
});

describe('heuristic NLI on the labelled debate set (τ = 0.5)', () => {
  // docs/audit-models.md publishes these figures; the bounds are the project's targets
  // (issue 15: precision ≥ 0.8 with recall ≥ 0.3 on real debate text).
  for (const part of ['dev', 'dev2']) {
    it(`meets the precision and recall targets on the ${part} part (rules were designed on it)`, async () => {
      const flags = await measure('heuristic', part);
      assert.ok(flags.precision >= 0.8, `precision ${flags.precision}`);
      assert.ok(flags.recall >= 0.3, `recall ${flags.recall}`);
    });
  }

  it('keeps its figures on the dev 3 part: precision 7/7, recall 7/42 (4/42 when it was held out)', async () => {
    // Measured once while it was the held-out part (4 of 42, docs/audit-models.md); its misses
    // were then read, it became a dev part, and the third round of rules was designed on it.
    const flags = await measure('heuristic', 'dev3');
    assert.ok(flags.precision >= 7 / 7, `precision ${flags.precision}`);
    assert.ok(flags.recall >= 7 / 42, `recall ${flags.recall}`);
  });

  it('keeps its figures on the dev 4 part: precision ≥ 0.8 and recall ≥ 26/30 (5/7 and 5/30 when it was held out)', async () => {
    // Measured once while it was the held-out part (5 of 30 found, 2 false flags; docs/audit-models.md);
    // its misses were then read, it became a dev part, and the fourth round of rules was designed on it.
    const flags = await measure('heuristic', 'dev4');
    assert.ok(flags.precision >= 0.8, `precision ${flags.precision}`);
    assert.ok(flags.recall >= 26 / 30, `recall ${flags.recall}`);
  });

  it('keeps its measured figures on the held-out part: 2 flags, none real; 0 of 5 contradictions found (far below both targets)', async () => {
    // Measured once, after the fourth round of rules was committed (docs/audit-models.md); the
    // labels are a person's, committed before any rule ran on them. The counts are the measured
    // values, not the targets: neither precision ≥ 0.8 nor recall ≥ 0.3 is met here. A rule change
    // that flags more must be judged against the labels, not fitted to them: this part has been read.
    const flags = await measure('heuristic', 'heldout');
    assert.equal(flags.truePositives + flags.falsePositives, 2);
    assert.equal(flags.truePositives, 0);
    assert.equal(flags.falseNegatives, 5);
  });

  it('is far more precise than the earlier lexical rules, which flag mostly non-contradictions', async () => {
    for (const [part, lexicalCeiling] of [
      ['dev2', 0.2],
      ['dev3', 0.4],
    ] as const) {
      const lexical = await measure('heuristic#rules=lexical', part);
      const aligned = await measure('heuristic', part);
      assert.ok(lexical.precision < lexicalCeiling, `${part}: lexical precision ${lexical.precision}`);
      assert.ok(aligned.precision > lexical.precision + 0.5, part);
    }
  });
});
