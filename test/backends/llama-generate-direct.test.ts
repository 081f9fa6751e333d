import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateDirect } from '../../src/backends/llama/generate-direct.js';
import { testModelPath } from '../helpers/test-model.js';

describe('generateDirect (benchmark baseline)', () => {
  it('generates exactly the number of tokens asked for, the same every time', async () => {
    const path = await testModelPath();
    const first = await generateDirect(path, 'The answer is', 200, { threads: 1 });
    const second = await generateDirect(path, 'The answer is', 200, { threads: 1 });
    assert.equal(first.generatedTokens, 200);
    assert.ok(first.promptTokens >= 3);
    assert.equal(second.text, first.text);
    assert.ok(first.tokensPerSecond > 0);
    console.log(
      `# direct: load ${second.loadMs.toFixed(1)} ms, prompt ${second.promptMs.toFixed(1)} ms, ` +
        `${second.generatedTokens} tokens at ${second.tokensPerSecond.toFixed(0)} tokens/s (threads 1)`,
    );
  });
});
