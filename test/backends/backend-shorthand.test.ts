import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backendFromEnv, expandBackendShorthand } from '../../src/backends/backend-shorthand.js';
import { parseBackendSpec } from '../../src/backends/backend-spec.js';
import { ConfigError } from '../../src/spec/errors.js';

describe('backend shorthands', () => {
  it('ollama: and vllm: mean the OpenAI-compatible backend at the server’s default URL', () => {
    assert.equal(expandBackendShorthand('ollama:qwen2.5', {}), 'openai:qwen2.5@http://127.0.0.1:11434/v1');
    assert.equal(expandBackendShorthand('ollama:qwen2.5:7b-instruct', {}), 'openai:qwen2.5:7b-instruct@http://127.0.0.1:11434/v1');
    assert.equal(expandBackendShorthand('vllm:Qwen/Qwen2.5-7B-Instruct', {}), 'openai:Qwen/Qwen2.5-7B-Instruct@http://127.0.0.1:8000/v1');
    assert.deepEqual(parseBackendSpec('ollama:llama3.2'), { kind: 'openai', model: 'llama3.2', baseUrl: 'http://127.0.0.1:11434/v1', keyEnv: 'OPENAI_API_KEY' });
  });

  it('an @url replaces the default; options after # are kept', () => {
    assert.equal(expandBackendShorthand('ollama:qwen2.5:7b@http://gpu-box:11434/v1', {}), 'openai:qwen2.5:7b@http://gpu-box:11434/v1');
    assert.equal(expandBackendShorthand('vllm:m#timeout-ms=5000', {}), 'openai:m@http://127.0.0.1:8000/v1#timeout-ms=5000');
    assert.deepEqual(parseBackendSpec('vllm:m@http://h:9000/v1#key-env=VLLM_KEY'), { kind: 'openai', model: 'm', baseUrl: 'http://h:9000/v1', keyEnv: 'VLLM_KEY' });
  });

  it('a shorthand without a model is refused with the form to write', () => {
    assert.throws(() => expandBackendShorthand('ollama:', {}), (error: unknown) => error instanceof ConfigError && /names no model/.test(error.message) && error.hint === 'write ollama:<model>[@<base-url>], e.g. ollama:qwen2.5');
  });

  it('openai and openai:<model> take OPENAI_MODEL and OPENAI_BASE_URL', () => {
    const env = { OPENAI_MODEL: 'qwen2.5-7b', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' };
    assert.equal(expandBackendShorthand('openai', env), 'openai:qwen2.5-7b@http://127.0.0.1:8080/v1');
    assert.equal(expandBackendShorthand('openai:gpt-4o-mini', env), 'openai:gpt-4o-mini@http://127.0.0.1:8080/v1');
    assert.equal(expandBackendShorthand('openai:gpt-4o-mini', {}), 'openai:gpt-4o-mini@https://api.openai.com/v1');
    assert.equal(expandBackendShorthand('openai', { OPENAI_MODEL: 'gpt-4o-mini' }), 'openai:gpt-4o-mini@https://api.openai.com/v1');
    // a full spec is never changed by the environment
    assert.equal(expandBackendShorthand('openai:m@http://a:1/v1', env), 'openai:m@http://a:1/v1');
    assert.throws(() => expandBackendShorthand('openai', { OPENAI_BASE_URL: 'http://x/v1' }), /OPENAI_MODEL is not set/);
  });

  it('the environment names a backend only when OPENAI_MODEL or OPENAI_BASE_URL is set', () => {
    assert.equal(backendFromEnv({}), undefined);
    assert.equal(backendFromEnv({ OPENAI_MODEL: ' ' }), undefined);
    assert.equal(backendFromEnv({ OPENAI_MODEL: 'm', OPENAI_BASE_URL: 'http://h/v1' }), 'openai:m@http://h/v1');
  });

  it('other specs pass through', () => {
    for (const spec of ['llama:hf:a/b:Q4_K_M', 'llama:./m.gguf', 'scripted', 'scripted:x']) assert.equal(expandBackendShorthand(spec, { OPENAI_MODEL: 'm' }), spec);
  });
});
