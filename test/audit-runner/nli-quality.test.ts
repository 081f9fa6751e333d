/**
 * `nli_quality` and the fallback-NLI label of `quorum audit`. The
 * heuristic's published figures live in one constant; this test recomputes
 * them from the labelled fixture, so they cannot drift from the rules.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contradictionFlags } from '../../src/audit/contradiction-flags.js';
import { parseContradictionLabels } from '../../src/audit/contradiction-labels.js';
import { createNliProvider } from '../../src/audit/create-nli-provider.js';
import { HEURISTIC_NLI_QUALITY, HEURISTIC_SCORED_PAIRS_CHECK, NLI_QUALITY_SET, nliQuality } from '../../src/audit/measured-nli-quality.js';
import { auditJson } from '../../src/audit-runner/audit-json.js';
import { auditRuns } from '../../src/audit-runner/audit-runs.js';
import { formatAuditTable } from '../../src/audit-runner/format-audit.js';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { openStore } from '../../src/store/open-store.js';
import { FakeEmbeddingProvider, FakeNliProvider, nliKey } from './fake-audit-providers.js';

const fixture = fileURLToPath(new URL(`../../${NLI_QUALITY_SET.file}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'quorum-nli-quality-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('nli_quality', () => {
  it('matches the heuristic recomputed on the labelled debate set, for both rule sets', async () => {
    const pairs = parseContradictionLabels(fixture, await readFile(fixture, 'utf8'));
    assert.equal(pairs.length, NLI_QUALITY_SET.pairs);
    assert.equal(pairs.filter((pair) => pair.contradiction).length, NLI_QUALITY_SET.contradictions);
    for (const rules of ['aligned', 'lexical'] as const) {
      const nli = await createNliProvider(`heuristic#rules=${rules}`);
      const scores = await nli.classify(pairs);
      const flags = contradictionFlags(
        scores.map((score) => score.contradiction),
        pairs.map((pair) => pair.contradiction),
        NLI_QUALITY_SET.tau,
      );
      assert.deepEqual({ truePositives: flags.truePositives, falsePositives: flags.falsePositives, falseNegatives: flags.falseNegatives }, HEURISTIC_NLI_QUALITY[rules], rules);
    }
  });

  it('keeps the check on whole transcripts: every stored flag is still flagged, and the hand labels give 0 real of 27 on agreeing agents', async () => {
    const file = fileURLToPath(new URL(`../../${HEURISTIC_SCORED_PAIRS_CHECK.file}`, import.meta.url));
    const text = await readFile(file, 'utf8');
    const pairs = parseContradictionLabels(file, text);
    const rows = text.trim().split('\n').map((line) => JSON.parse(line) as { answers: [string | null, string | null] });
    const scores = await (await createNliProvider('heuristic')).classify(pairs);
    scores.forEach((score, index) => assert.ok(score.contradiction > 0.5, `${pairs[index]!.id} is no longer flagged: re-judge the whole-transcript check`));
    const agreeing = pairs.filter((_, index) => rows[index]!.answers[0] !== null && rows[index]!.answers[0] === rows[index]!.answers[1]);
    assert.equal(agreeing.length, HEURISTIC_SCORED_PAIRS_CHECK.flags);
    assert.equal(agreeing.filter((pair) => pair.contradiction).length, HEURISTIC_SCORED_PAIRS_CHECK.realFlags);
  });

  it('gives the measured figures for heuristic and nulls with "unmeasured" for anything else', () => {
    const aligned = nliQuality('heuristic', 0.5);
    assert.equal(aligned.measured, true);
    // Hand-labelled held-out part (fixtures/nli-debate/heldout.jsonl): 2 flags, none real; 5 contradictions, none flagged.
    assert.equal(aligned.precision, 0 / 2);
    assert.equal(aligned.recall, 0 / 5);
    assert.equal(aligned.f1, 0);
    assert.equal(aligned.note, null);
    assert.deepEqual(nliQuality('heuristic#rules=aligned', 0.5), { ...aligned, provider: 'heuristic#rules=aligned' });
    const lexical = nliQuality('heuristic#rules=lexical', 0.7);
    assert.equal(lexical.precision, 1 / 9); // 9 flags, 1 real
    assert.equal(lexical.recall, 1 / 5);
    assert.equal(lexical.note, 'measured at τ = 0.5; this audit used τ = 0.7');
    assert.equal(lexical.scoredPairs, null, 'no whole-transcript check of the lexical rules');
    assert.deepEqual(aligned.scoredPairs, HEURISTIC_SCORED_PAIRS_CHECK);
    for (const id of ['llm:openai:qwen@http://127.0.0.1:8000/v1', 'transformers:Xenova/nli-deberta-v3-small', 'http:http://127.0.0.1:8081']) {
      const quality = nliQuality(id, 0.5);
      assert.equal(quality.measured, false);
      assert.equal(quality.precision, null);
      assert.equal(quality.recall, null);
      assert.match(quality.note ?? '', /^unmeasured/);
    }
  });
});

describe('quorum audit under a fallback NLI', () => {
  const A = 'Vitamin C deficiency impairs collagen synthesis.';
  const B = 'Vitamin C deficiency does not impair collagen synthesis.';

  async function audit(nliId: string) {
    const store = await openStore(':memory:');
    const file = join(dir, `${nliId.replace(/\W/g, '-')}.jsonl`);
    writeFileSync(file, `${JSON.stringify({ question_id: 'q1', agents: [{ name: 'A', answer: 'B', rationale: A }, { name: 'B', answer: 'B', rationale: B }] })}\n`);
    try {
      const { runId } = await importForeignTraces(store, file);
      const nli = new FakeNliProvider({ [nliKey(A, B)]: 0.9 }, { id: nliId });
      const { audits } = await auditRuns({ store, runIds: [runId], embedding: new FakeEmbeddingProvider({ [A]: [1, 0], [B]: [1, 0.1] }), nli });
      return audits[0]!.audit;
    } finally {
      await store.close();
    }
  }

  it('marks CARA-HYB, CR, CARA-GT and failure modes with † and names the fallback NLI and its measured P/R', async () => {
    const record = await audit('heuristic');
    const table = formatAuditTable([record]);
    const row = table.split('\n').find((line) => line.startsWith(`${record.runId}  `))!;
    // CARA-HYB −1 and CR 1 (one flagged pair) are marked; SIM is not; CARA-GT n/a has no mark.
    assert.match(row, /-1\.000 \[-1\.000, -1\.000\] †/);
    assert.match(row, /1\.000 \[1\.000, 1\.000\] †/);
    assert.equal(row.match(/†/g)?.length, 3);
    assert.match(table, /^† fallback NLI \(heuristic\): CARA-HYB, CR, CARA-GT and the failure modes/m);
    assert.match(table, /NLI heuristic: contradiction precision 0\.0%, recall 0\.0% on held-out debate text \(0 of 5 contradictions flagged, 2 false flags; τ = 0\.5; docs\/audit-models\.md\); on pairs of agreeing agents \(what CARA scores\) in whole transcripts, 0 of 27 flags were real/);
    const json = auditJson(record);
    assert.equal(json['fallback_nli'], true);
    assert.deepEqual(json['fallback_nli_figures'], ['cara_hyb', 'cr', 'cara_gt', 'fm']);
    assert.deepEqual(json['nli_quality'], {
      provider: 'heuristic',
      measured: true,
      set: NLI_QUALITY_SET.description,
      tau: 0.5,
      // Hand computation from the counts: P = 0/2, R = 0/5, F1 = 0 (P + R = 0).
      precision: 0,
      recall: 0,
      f1: 0,
      true_positives: 0,
      false_positives: 2,
      false_negatives: 5,
      scored_pairs_check: { set: HEURISTIC_SCORED_PAIRS_CHECK.description, pairs: 4461, flags: 27, real_flags: 0 },
      note: null,
    });
    assert.equal(json['nli_calls'], null);
  });

  it('has no mark for an NLI that is not a fallback, and says its quality is unmeasured', async () => {
    const record = await audit('llm:openai:qwen@http://127.0.0.1:8000/v1');
    const table = formatAuditTable([record]);
    assert.doesNotMatch(table, /†/);
    assert.match(table, /NLI llm:openai:qwen@http:\/\/127\.0\.0\.1:8000\/v1: contradiction precision\/recall unmeasured/);
    const json = auditJson(record);
    assert.equal(json['fallback_nli'], false);
    assert.deepEqual(json['fallback_nli_figures'], []);
    assert.equal((json['nli_quality'] as Record<string, unknown>)['precision'], null);
    assert.match(String((json['nli_quality'] as Record<string, unknown>)['note']), /^unmeasured/);
  });
});
