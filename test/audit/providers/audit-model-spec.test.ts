import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAuditModelSpec } from '../../../src/audit/audit-model-spec.js';
import { createEmbeddingProvider } from '../../../src/audit/create-embedding-provider.js';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';
import { ConfigError } from '../../../src/spec/errors.js';

describe('audit model specs', () => {
  it('reads kind, target and options', () => {
    const spec = parseAuditModelSpec('http:http://127.0.0.1:8080/v1#model=stella&prefix=Query%3A%20', 'embedding');
    assert.equal(spec.kind, 'http');
    assert.equal(spec.target, 'http://127.0.0.1:8080/v1');
    assert.equal(spec.options.string('model'), 'stella');
    assert.equal(spec.options.string('prefix'), 'Query: ');
    assert.equal(spec.id, 'http:http://127.0.0.1:8080/v1#model=stella&prefix=Query%3A%20');
    assert.equal(parseAuditModelSpec('https://api.example.com/v1', 'embedding').kind, 'http');
    assert.deepEqual({ ...parseAuditModelSpec('transformers:Xenova/nli-deberta-v3-small', 'nli'), options: undefined }, {
      kind: 'transformers',
      target: 'Xenova/nli-deberta-v3-small',
      options: undefined,
      id: 'transformers:Xenova/nli-deberta-v3-small',
    });
  });

  it('masks secret-looking option values in the id', () => {
    assert.equal(parseAuditModelSpec('http:http://h/v1#api_key=sk-abcdefghijkl', 'embedding').id, 'http:http://h/v1#api_key=***');
  });

  it('says which role a kind belongs to', async () => {
    await assert.rejects(createNliProvider('wordvec'), (error: unknown) => error instanceof ConfigError && /embedding model, not an NLI model/.test(error.message));
    await assert.rejects(createEmbeddingProvider('heuristic'), (error: unknown) => error instanceof ConfigError && /NLI model, not an embedding model/.test(error.message));
    await assert.rejects(createEmbeddingProvider('glove'), (error: unknown) => error instanceof ConfigError && /wordvec/.test(error.hint ?? ''));
    await assert.rejects(createNliProvider('transformers:'), ConfigError);
    await assert.rejects(createNliProvider('heuristic:strict'), ConfigError);
    await assert.rejects(createNliProvider('heuristic#fast=1'), ConfigError);
    await assert.rejects(createNliProvider('http:http://h#labels=yes,no,maybe'), ConfigError);
    await assert.rejects(createNliProvider('http:http://h#batch-size=0'), ConfigError);
  });
});
