/**
 * An audit with the real offline models (wordvec embeddings, heuristic
 * NLI): paraphrased reasoning aligns better than unrelated reasoning, and a
 * negated step is caught as a contradiction.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createEmbeddingProvider } from '../../src/audit/create-embedding-provider.js';
import { createNliProvider } from '../../src/audit/create-nli-provider.js';
import { auditRuns } from '../../src/audit-runner/audit-runs.js';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-offline-audit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const agents = (a: string, b: string) => [
  { name: 'A', answer: 'B', rationale: a },
  { name: 'B', answer: 'B', rationale: b },
];

describe('audit with wordvec + heuristic', () => {
  it('ranks paraphrases above unrelated reasoning and flags a negation', async () => {
    const file = join(dir, 'traces.jsonl');
    const lines = [
      { question_id: 'paraphrase', agents: agents('Insulin is secreted by beta cells of the pancreas.', 'The pancreas releases insulin from its beta cells.') },
      { question_id: 'unrelated', agents: agents('Insulin is secreted by beta cells of the pancreas.', 'The train covers 120 km in 1.5 hours.') },
      { question_id: 'negation', agents: agents('Vitamin C deficiency impairs collagen synthesis.', 'Vitamin C deficiency does not impair collagen synthesis.') },
    ];
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const store = await openStore(':memory:');
    const embedding = await createEmbeddingProvider('wordvec');
    const nli = await createNliProvider('heuristic');
    try {
      const { runId } = await importForeignTraces(store, file);
      const { audits } = await auditRuns({ store, runIds: [runId], embedding, nli });
      const byQuestion = Object.fromEntries(audits[0]!.questions.map((question) => [question.questionId, question]));
      assert.ok(byQuestion['paraphrase']!.sim! > byQuestion['unrelated']!.sim! + 0.3, `${byQuestion['paraphrase']!.sim} vs ${byQuestion['unrelated']!.sim}`);
      assert.equal(byQuestion['paraphrase']!.contradictionRate, 0);
      assert.equal(byQuestion['negation']!.contradictionRate, 1);
      assert.equal(byQuestion['negation']!.caraHyb, -1);
      assert.equal(audits[0]!.audit.label, 'wordvec+heuristic τ=0.5 (fallback)');
    } finally {
      await embedding.close?.();
      await nli.close?.();
      await store.close();
    }
  });
});
