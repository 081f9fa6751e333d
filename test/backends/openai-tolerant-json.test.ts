import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseTolerantJson } from '../../src/backends/openai/tolerant-json.js';

describe('parseTolerantJson', () => {
  it('parses exact JSON and says so', () => {
    assert.deepEqual(parseTolerantJson(' {"a": 1} '), { ok: true, value: { a: 1 }, exact: true });
  });

  it('takes JSON out of code fences', () => {
    const result = parseTolerantJson('Here you go:\n```json\n{"answer": "C"}\n```\nHope this helps.');
    assert.deepEqual(result, { ok: true, value: { answer: 'C' }, exact: false });
  });

  it('takes the outermost object after prose, ignoring braces inside strings', () => {
    const result = parseTolerantJson('My reply: {"steps": [{"claim": "x } y", "ground": "{z"}], "answer": "B"} -- end');
    assert.deepEqual(result, { ok: true, value: { steps: [{ claim: 'x } y', ground: '{z' }], answer: 'B' }, exact: false });
  });

  it('tolerates trailing commas but not inside strings', () => {
    const result = parseTolerantJson('{"a": [1, 2, ], "b": "keep ,]", }');
    assert.deepEqual(result, { ok: true, value: { a: [1, 2], b: 'keep ,]' }, exact: false });
  });

  it('handles escaped quotes in strings', () => {
    const result = parseTolerantJson('x {"a": "say \\"hi\\" }", "b": 2,} y');
    assert.deepEqual(result, { ok: true, value: { a: 'say "hi" }', b: 2 }, exact: false });
  });

  it('finds arrays when asked for one', () => {
    assert.deepEqual(parseTolerantJson('List: [1, 2, 3,] done', 'array'), { ok: true, value: [1, 2, 3], exact: false });
  });

  it('fails on cut-off JSON and on text without JSON', () => {
    const cut = parseTolerantJson('{"answer": "C", "rationale": "because the');
    assert.equal(cut.ok, false);
    const none = parseTolerantJson('The answer is C.');
    assert.equal(none.ok, false);
    assert.match((none as { problem: string }).problem, /no complete JSON object/);
  });

  it('does not guess at single quotes', () => {
    assert.equal(parseTolerantJson("{'a': 1}").ok, false);
  });
});
