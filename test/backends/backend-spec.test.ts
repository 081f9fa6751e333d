import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBackendSpec, parseBackendSpec, sanitizeSpec } from '../../src/backends/backend-spec.js';
import { createBackend } from '../../src/backends/create-backend.js';
import { OpenAiBackend } from '../../src/backends/openai/openai-backend.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { ConfigError } from '../../src/spec/errors.js';

describe('parseBackendSpec', () => {
  it('parses openai specs, keeping ":" and "/" in model names', () => {
    assert.deepEqual(parseBackendSpec('openai:gpt-4o-mini@https://api.openai.com/v1'), {
      kind: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'https://api.openai.com/v1',
      keyEnv: 'OPENAI_API_KEY',
    });
    assert.deepEqual(parseBackendSpec('openai:qwen2.5:7b@http://127.0.0.1:11434/v1/'), {
      kind: 'openai',
      model: 'qwen2.5:7b',
      baseUrl: 'http://127.0.0.1:11434/v1',
      keyEnv: 'OPENAI_API_KEY',
    });
    assert.equal((parseBackendSpec('openai:Qwen/Qwen2.5-7B-Instruct@http://gpu-box:8000/v1') as { model: string }).model, 'Qwen/Qwen2.5-7B-Instruct');
  });

  it('reads key-env and timeout-ms options', () => {
    assert.deepEqual(parseBackendSpec('openai:m@https://api.together.xyz/v1#key-env=TOGETHER_API_KEY&timeout-ms=60000'), {
      kind: 'openai',
      model: 'm',
      baseUrl: 'https://api.together.xyz/v1',
      keyEnv: 'TOGETHER_API_KEY',
      timeoutMs: 60000,
    });
  });

  it('parses llama file and Hugging Face specs', () => {
    assert.deepEqual(parseBackendSpec('llama:models/qwen-0.5b-q4_k_m.gguf'), { kind: 'llama', source: { type: 'file', path: 'models/qwen-0.5b-q4_k_m.gguf' } });
    assert.deepEqual(parseBackendSpec('llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M'), {
      kind: 'llama',
      source: { type: 'hf', repo: 'bartowski/Qwen2.5-0.5B-Instruct-GGUF', quant: 'Q4_K_M' },
    });
  });

  it('parses scripted specs', () => {
    assert.deepEqual(parseBackendSpec('scripted'), { kind: 'scripted', model: 'scripted' });
    assert.deepEqual(parseBackendSpec('scripted:judge'), { kind: 'scripted', model: 'judge' });
  });

  it('round-trips through formatBackendSpec (without per-machine options)', () => {
    for (const spec of ['openai:gpt-4o@https://api.openai.com/v1', 'llama:m.gguf', 'llama:hf:a/b-GGUF:Q8_0', 'scripted', 'scripted:x']) {
      assert.equal(formatBackendSpec(parseBackendSpec(spec)), spec);
    }
    assert.equal(formatBackendSpec(parseBackendSpec('openai:m@http://h/v1#key-env=K')), 'openai:m@http://h/v1');
  });

  it('rejects invalid specs with a ConfigError naming the spec and the expected forms', () => {
    const invalid = [
      'gpt-4o',
      'ollama:',
      'vllm:m@ftp://h/v1',
      'openai:@http://h/v1',
      'openai:m@ftp://h/v1',
      'openai:m@http://',
      'openai:m@http://h/v1#timeout-ms=soon',
      'openai:m@http://h/v1#key-env=not a name',
      'llama:model.bin',
      'llama:hf:just-a-repo',
      'llama:hf:owner/repo:',
      'scripted:',
    ];
    for (const spec of invalid) {
      assert.throws(
        () => parseBackendSpec(spec),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError, spec);
          assert.ok(error.message.includes(spec) || error.message.includes(sanitizeSpec(spec)), `${spec}: ${error.message}`);
          assert.ok(error.hint !== undefined && error.hint.length > 0, spec);
          return true;
        },
      );
    }
    assert.throws(
      () => parseBackendSpec('nope:x'),
      (error: unknown) => error instanceof ConfigError && /openai:<model>@<base-url>.*llama:<file.gguf>.*llama:hf:.*scripted/s.test(error.hint ?? ''),
    );
  });

  it('refuses keys in the spec itself without echoing them', () => {
    for (const spec of ['openai:m@https://user:sk-secret-1234567890@api.example.com/v1', 'openai:m@https://api.example.com/v1#key=sk-secret-1234567890']) {
      assert.throws(
        () => parseBackendSpec(spec),
        (error: unknown) => error instanceof ConfigError && !error.message.includes('sk-secret-1234567890') && /key-env/.test(error.hint ?? ''),
      );
    }
  });
});

describe('credentials in a backend URL', () => {
  const KEY = 'Zq7plantedKey4Xw';
  const parameters = ['api_key', 'key', 'token', 'access_token', 'apikey', 'auth', 'password', 'secret', 'API_KEY', 'Api-Key', 'X-Api-Key', 'Token'];

  it('refuses userinfo and every key-like query parameter, naming where without echoing the key', () => {
    const specs = [
      `openai:m@https://user:${KEY}@api.example.com/v1`,
      `openai:m@https://${KEY}@api.example.com/v1`,
      ...parameters.map((name) => `openai:m@https://api.example.com/v1?${name}=${KEY}`),
      `openai:m@https://api.example.com/v1?api-version=2024-06-01&access_token=${KEY}#key-env=K`,
    ];
    for (const spec of specs) {
      assert.throws(
        () => parseBackendSpec(spec),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError, spec);
          assert.ok(!error.message.includes(KEY) && !(error.hint ?? '').includes(KEY), `${spec}: ${error.message}`);
          assert.match(error.message, /credential in its URL \((user:password@|the query parameter ")/);
          assert.match(error.hint ?? '', /OPENAI_API_KEY.*#key-env=VAR/);
          return true;
        },
      );
    }
  });

  it('keeps an ordinary query apart from the base URL, in the id after the path', () => {
    const spec = parseBackendSpec('openai:m@https://h.example/openai/v1/?api-version=2024-06-01#key-env=AZURE_KEY');
    assert.deepEqual(spec, { kind: 'openai', model: 'm', baseUrl: 'https://h.example/openai/v1', query: '?api-version=2024-06-01', keyEnv: 'AZURE_KEY' });
    assert.equal(formatBackendSpec(spec), 'openai:m@https://h.example/openai/v1?api-version=2024-06-01');
  });

  it('a hand-built spec with a key in its URL is refused by the backend too', () => {
    assert.throws(() => new OpenAiBackend({ kind: 'openai', model: 'm', baseUrl: 'http://h/v1', query: `?token=${KEY}`, keyEnv: 'K' }, { env: {} }), (error: unknown) => error instanceof ConfigError && !error.message.includes(KEY));
  });
});

describe('sanitizeSpec', () => {
  it('removes credentials, secret-looking parameters and key-shaped strings, and keeps key-env', () => {
    assert.equal(sanitizeSpec('openai:m@https://user:pass@api.example.com/v1'), 'openai:m@https://***@api.example.com/v1');
    assert.equal(sanitizeSpec('openai:m@https://h/v1?api-key=abc&api-version=2024'), 'openai:m@https://h/v1?api-key=***&api-version=2024');
    assert.equal(sanitizeSpec('openai:m@https://h/v1#key-env=MY_KEY&token=xyz'), 'openai:m@https://h/v1#key-env=MY_KEY&token=***');
    assert.equal(sanitizeSpec('openai:m@https://h/v1#sk-abcdefghijklmnop'), 'openai:m@https://h/v1#***');
    assert.equal(sanitizeSpec('llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M'), 'llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M');
    assert.equal(sanitizeSpec('openai:gpt-4o@https://api.openai.com/v1'), 'openai:gpt-4o@https://api.openai.com/v1');
  });
});

describe('createBackend', () => {
  it('creates the raw backend a spec names, with the id of the spec without options', async () => {
    const openai = await createBackend('openai:gpt-4o-mini@https://api.openai.com/v1/#key-env=X', { openai: { env: {} } });
    assert.ok(openai instanceof OpenAiBackend);
    assert.equal(openai.id, 'openai:gpt-4o-mini@https://api.openai.com/v1');
    assert.equal(openai.provider, 'openai');
    assert.equal(openai.modelId, 'gpt-4o-mini');

    const scripted = await createBackend('scripted:judge', { scripted: { fallback: 'A' } });
    assert.ok(scripted instanceof ScriptedBackend);
    assert.equal(scripted.id, 'scripted:judge');
    assert.equal((await scripted.complete({ messages: [], decoding: {} })).text, 'A');
  });

  it('accepts a parsed spec', async () => {
    const backend = await createBackend({ kind: 'scripted', model: 'm' });
    assert.equal(backend.id, 'scripted:m');
  });

  it('loads the llama backend lazily and hands it the parsed spec', async () => {
    await assert.rejects(createBackend('llama:does-not-exist/model.gguf', { llama: { quiet: true } }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /does-not-exist\/model\.gguf/);
      return true;
    });
  });
});
