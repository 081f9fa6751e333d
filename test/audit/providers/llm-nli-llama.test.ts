/**
 * `llm:llama:` NLI with quorum's generated random-weight GGUF. The path is
 * real — an in-process chat model, its reply constrained by the schema's
 * grammar, read into three probabilities — but the model's output means
 * nothing: grammars enforce the ids and labels (enums) but not the
 * confidence's range, so a random model may write 87659 there. Either way
 * the provider must end cleanly: valid probabilities, or a bad-output error
 * that names the pair it could not read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuditModelError } from '../../../src/audit/audit-model-error.js';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';
import { testModelPath } from '../../helpers/test-model.js';

describe('llm:llama NLI (generated test GGUF)', () => {
  it('classifies through a grammar-constrained reply, or says which pair it could not read', async () => {
    const nli = await createNliProvider(`llm:llama:${await testModelPath()}#batch-size=2&max-reply=400`, { quiet: true, threads: 1 });
    const pairs = [
      { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.' },
      { premise: 'A man plays a guitar.', hypothesis: 'A person plays music.' },
    ];
    try {
      const scores = await nli.classify(pairs);
      assert.equal(scores.length, 2);
      for (const score of scores) assert.ok(Math.abs(score.entailment + score.neutral + score.contradiction - 1) < 1e-9);
    } catch (error) {
      assert.ok(error instanceof AuditModelError && error.failure === 'bad-output', String(error));
      assert.ok(pairs.some((pair) => error.message.includes(pair.premise)), error.message);
    } finally {
      assert.ok(nli.modelCalls!().calls >= 1, 'the model was called');
      await nli.close?.();
    }
  });
});
