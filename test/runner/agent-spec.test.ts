import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parseAgentSpec, resolveAgentList } from '../../src/runner/agent-spec.js';
import { ConfigError } from '../../src/spec/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-agent-spec-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The error a parse throws, for asserting on its message and hint. */
function failure(text: string, context?: Parameters<typeof parseAgentSpec>[1]): ConfigError {
  try {
    parseAgentSpec(text, context);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail(`"${text}" parsed`);
}

describe('--agent grammar', () => {
  it('a name, then a backend spec with ":", "@", "/" and "#…=…&…" kept whole', () => {
    assert.deepEqual(parseAgentSpec('Skeptic=openai:qwen2.5:7b@http://gpu-1:8000/v1#key-env=TOGETHER_KEY&timeout-ms=9000'), {
      name: 'Skeptic',
      backend: 'openai:qwen2.5:7b@http://gpu-1:8000/v1#key-env=TOGETHER_KEY&timeout-ms=9000',
    });
    assert.deepEqual(parseAgentSpec('Expert=llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M'), { name: 'Expert', backend: 'llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M' });
    assert.deepEqual(parseAgentSpec('Local=llama:models/tiny model.gguf'), { name: 'Local', backend: 'llama:models/tiny model.gguf' });
  });

  it('no name: a "=" after ":" belongs to the spec, and names stay neutral', () => {
    assert.deepEqual(parseAgentSpec('openai:gpt-4o-mini@https://api.openai.com/v1#key-env=OPENAI_KEY'), { backend: 'openai:gpt-4o-mini@https://api.openai.com/v1#key-env=OPENAI_KEY' });
    assert.deepEqual(parseAgentSpec('scripted,temperature=0'), { backend: 'scripted', decoding: { temperature: 0 } });
    assert.deepEqual(parseAgentSpec('llama:a.gguf'), { backend: 'llama:a.gguf' });
  });

  it('decoding options in any order; "-" and "_" alike', () => {
    assert.deepEqual(parseAgentSpec('B=scripted:m,max_tokens=256,temperature=0.3,top_p=0.9'), { name: 'B', backend: 'scripted:m', decoding: { maxTokens: 256, temperature: 0.3, topP: 0.9 } });
    assert.deepEqual(parseAgentSpec('B=scripted, top-p = 0.5 ,max-tokens=8'), { name: 'B', backend: 'scripted', decoding: { topP: 0.5, maxTokens: 8 } });
  });

  it('the persona runs to the end: commas, "=" and ":" are its text', () => {
    assert.deepEqual(parseAgentSpec('Critic=scripted,temperature=1,persona=You doubt claims: ask "why?", then weigh x=y.'), {
      name: 'Critic',
      backend: 'scripted',
      persona: 'You doubt claims: ask "why?", then weigh x=y.',
      decoding: { temperature: 1 },
    });
    assert.equal(parseAgentSpec('C=scripted,persona=@@handle of a user').persona, '@handle of a user');
  });

  it('persona=@file reads the file relative to the base folder (trailing space trimmed)', () => {
    writeFileSync(join(dir, 'critic.txt'), 'You are a careful internist.\nCite guidelines.\n\n');
    assert.equal(parseAgentSpec('C=scripted,persona=@critic.txt', { source: '--agent', baseDir: dir }).persona, 'You are a careful internist.\nCite guidelines.');
    assert.match(failure('C=scripted,persona=@missing.txt', { source: '--agent', baseDir: dir }).message, /cannot read persona file missing\.txt \(no such file\)/);
  });

  it('mistakes name the flag, the value and the grammar', () => {
    const misplaced = failure('A=scripted,persona=be brief,temperature=0.2');
    assert.match(misplaced.message, /^--agent "A=scripted,persona=be brief,temperature=0\.2": "persona" must be the last option/);
    assert.match(misplaced.hint!, /\[<name>=\]<backend-spec>\[,temperature=T\]/);
    assert.match(failure('A=scripted,seed=3').message, /unknown option "seed" \(options: temperature, top_p, max_tokens, persona\)/);
    assert.match(failure('A=scripted,temperature=0.1,temperature=0.2').message, /given twice/);
    assert.match(failure('A=scripted,temperature=2.5').message, /temperature must be a number from 0 to 2, got "2\.5"/);
    assert.match(failure('A=scripted,top_p=0').message, /top_p must be a number above 0 to 1/);
    assert.match(failure('A=scripted,max_tokens=1.5').message, /max_tokens must be a whole number/);
    assert.match(failure('=scripted').message, /name before "=" is empty/);
    assert.match(failure('A=').message, /no backend spec/);
    assert.match(failure('A=gpt4').message, /invalid backend spec "gpt4"/);
    assert.match(failure('A=scripted,persona=  ').message, /persona is empty/);
  });

  it('the judge takes no persona; secrets in a value never reach a message', () => {
    assert.match(failure('J=scripted,persona=x', { source: '--judge', allowPersona: false }).message, /^--judge .*takes no persona/);
    const leaked = failure('A=openai:m@https://api.example.com/v1?api_key=sk-abcdefghijklmnop,foo=1');
    assert.doesNotMatch(leaked.message, /sk-abcdefghijklmnop/);
  });
});

describe('resolveAgentList', () => {
  it('configured agents first, then agents on the default backend up to the count; own decoding wins', () => {
    const agents = resolveAgentList({
      agents: [parseAgentSpec('Skeptic=scripted:a,temperature=0.1'), parseAgentSpec('scripted:b')],
      count: 3,
      backend: 'scripted:default',
      decoding: { temperature: 0.9, maxTokens: 100 },
    });
    assert.deepEqual(agents, [
      { name: 'Skeptic', backend: 'scripted:a', decoding: { temperature: 0.1, maxTokens: 100 } },
      { backend: 'scripted:b', decoding: { temperature: 0.9, maxTokens: 100 } },
      { backend: 'scripted:default', decoding: { temperature: 0.9, maxTokens: 100 } },
    ]);
  });

  it('the count defaults to the configured agents, or 3; fewer than configured is an error', () => {
    assert.equal(resolveAgentList({ agents: [{ backend: 'scripted' }, { backend: 'scripted' }], backend: 'x' }).length, 2);
    assert.deepEqual(resolveAgentList({ agents: [], backend: 'scripted' }), [{ backend: 'scripted' }, { backend: 'scripted' }, { backend: 'scripted' }]);
    assert.throws(() => resolveAgentList({ agents: [{ backend: 'scripted' }, { backend: 'scripted' }], count: 1, backend: 'x' }), /2 agents are configured one by one but the run has only 1/);
  });
});
