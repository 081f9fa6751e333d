import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkJsonSchema } from '../../src/backends/openai/check-json-schema.js';

const gdpSchema = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        properties: { claim: { type: 'string', maxLength: 20 }, ground: { type: 'string' }, weight: { type: 'number' }, rank: { type: 'integer' } },
        required: ['claim', 'ground'],
      },
    },
    answer: { type: 'string', enum: ['A', 'B', 'C', 'D'] },
    confident: { type: 'boolean' },
  },
  required: ['steps', 'answer'],
  additionalProperties: false,
};

describe('checkJsonSchema', () => {
  it('accepts a matching value', () => {
    assert.deepEqual(checkJsonSchema(gdpSchema, { steps: [{ claim: 'c', ground: 'g', weight: 0.5, rank: 1 }], answer: 'A', confident: true }), { ok: true });
  });

  it('names the paths of the problems', () => {
    const result = checkJsonSchema(gdpSchema, { steps: [{ claim: 'a claim far longer than twenty', rank: 1.5 }], answer: 'E', extra: 1 });
    assert.equal(result.ok, false);
    const problems = (result as { problems: string[] }).problems.join('\n');
    assert.match(problems, /steps\.0\.claim/);
    assert.match(problems, /steps\.0\.ground/);
    assert.match(problems, /steps\.0\.rank/);
    assert.match(problems, /answer/);
  });

  it('checks required, minItems, maxItems and additionalProperties', () => {
    assert.equal(checkJsonSchema(gdpSchema, { answer: 'A' }).ok, false);
    assert.equal(checkJsonSchema(gdpSchema, { steps: [], answer: 'A' }).ok, false);
    const four = Array.from({ length: 4 }, () => ({ claim: 'c', ground: 'g' }));
    assert.equal(checkJsonSchema(gdpSchema, { steps: four, answer: 'A' }).ok, false);
    assert.equal(checkJsonSchema(gdpSchema, { steps: [{ claim: 'c', ground: 'g' }], answer: 'A', more: true }).ok, false);
  });

  it('checks types', () => {
    assert.equal(checkJsonSchema(gdpSchema, { steps: [{ claim: 'c', ground: 'g' }], answer: 'A', confident: 'yes' }).ok, false);
    assert.equal(checkJsonSchema({ type: 'array', items: { type: 'number' } }, [1, 'x']).ok, false);
    assert.equal(checkJsonSchema({ type: 'array', items: { type: 'number' } }, [1, 2.5]).ok, true);
  });
});
