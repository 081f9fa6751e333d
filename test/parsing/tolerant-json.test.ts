import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findJsonAnswerField, parseJsonObject } from '../../src/parsing/json-answer-field.js';
import { parseTolerantJson } from '../../src/parsing/tolerant-json.js';

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

  it('parses whole only what can start a JSON text, and names JSON.parse\'s complaint about prose holding a cut-off object', () => {
    // A JSON text may be a bare value (RFC 8259 §2): each of these is read whole.
    for (const text of ['42', '-1.5', '"C"', 'true', 'false', 'null', '[1]']) assert.deepEqual(parseTolerantJson(text), { ok: true, value: JSON.parse(text), exact: true }, text);
    // The expected message is JSON.parse's own on the same text.
    const prose = 'My answer: {"answer": "C", "because';
    let message = '';
    try {
      JSON.parse(prose);
    } catch (error) {
      message = (error as Error).message;
    }
    assert.deepEqual(parseTolerantJson(prose), { ok: false, problem: `no complete JSON object found (${message})` });
    assert.deepEqual(parseTolerantJson('The answer is C.'), { ok: false, problem: 'no complete JSON object found' });
  });

  it('does not guess at single quotes', () => {
    assert.equal(parseTolerantJson("{'a': 1}").ok, false);
  });

  // Prose without a bracket is answered before any JSON.parse is tried (the reply path's fast case); whole texts
  // that are JSON scalars must still parse exactly. Expected values: the JSON grammar (RFC 8259, section 3).
  it('reads JSON scalars whole and answers bracket-free prose without parsing it', () => {
    assert.deepEqual(parseTolerantJson(' true '), { ok: true, value: true, exact: true });
    assert.deepEqual(parseTolerantJson('null'), { ok: true, value: null, exact: true });
    assert.deepEqual(parseTolerantJson('-4.5e2'), { ok: true, value: -450, exact: true });
    assert.deepEqual(parseTolerantJson('"C"'), { ok: true, value: 'C', exact: true });
    assert.deepEqual(parseTolerantJson('[1, 2]', 'array'), { ok: true, value: [1, 2], exact: true });
    assert.deepEqual(parseTolerantJson('trueish answer: (A)'), { ok: false, problem: 'no complete JSON object found' });
    assert.deepEqual(parseTolerantJson('Reasoning about it.\nAnswer: (A)'), { ok: false, problem: 'no complete JSON object found' });
    assert.deepEqual(parseTolerantJson('The options are listed.', 'array'), { ok: false, problem: 'no complete JSON array found' });
  });
});

// Replies shaped like ones reported in public issue threads about reading JSON from model
// output, rewritten in our own words (contents are ours; only the shapes come from there):
// - prose or a citation bracket after the fence: langgenius/dify issue #42451;
// - a non-JSON fence (bash) before the JSON: NVIDIA-NeMo/labs-OO-Agents pull request #238;
// - reasoning prose, then a ```json fence: dspy-community/dspy-template-adapter issue #2;
// - a balanced span that is not JSON, then the real payload: Q00/ouroboros pull request #1734.
// The expected values are read off each text by hand.
describe('parseTolerantJson on model text', () => {
  it('reasoning, then a json fence, then a citation bracket', () => {
    const reply = 'Both drugs lower blood pressure, but only one is safe in pregnancy [2].\n\n```json\n{"answer": "C", "confidence": 0.8}\n```\nSee [1] and [2].';
    assert.deepEqual(parseTolerantJson(reply), { ok: true, value: { answer: 'C', confidence: 0.8 }, exact: false });
  });

  it('a bash fence before the json one does not mask it', () => {
    const reply = 'To check, run:\n```bash\ngrep -c "{" notes.txt\n```\nMy verdict:\n```json\n{"ranking": ["Agent B", "Agent A"],}\n```';
    assert.deepEqual(parseTolerantJson(reply), { ok: true, value: { ranking: ['Agent B', 'Agent A'] }, exact: false });
  });

  it('an object after prose with set braces and a trailing note', () => {
    const reply = 'The even numbers in {1, 2, 3, 4} are {2, 4}, so two of them.\n{"answer": 2, "rationale": "count the evens",}\nNote [1].';
    assert.deepEqual(parseTolerantJson(reply), { ok: true, value: { answer: 2, rationale: 'count the evens' }, exact: false });
  });

  it('a model that revises: the last complete object wins', () => {
    const reply = 'First draft: {"answer": "A"}\nWait, I misread the dose. Corrected: {"answer": "D"}';
    assert.deepEqual(parseTolerantJson(reply), { ok: true, value: { answer: 'D' }, exact: false });
  });

  it('a balanced span that is not JSON is passed over whole, and its inner object is not taken', () => {
    assert.deepEqual(parseTolerantJson('{Analysis: pending} then {"answer": "B"}'), { ok: true, value: { answer: 'B' }, exact: false });
    assert.equal(parseTolerantJson("{'steps': [{\"claim\": \"x\"}]}").ok, false);
  });

  it('cut-off output fails instead of returning one of its inner objects', () => {
    const reply = 'Here are my steps: {"steps": [{"claim": "ACE inhibitors are teratogenic", "ground": "FDA label"}, {"claim": "Labetalol is first line", "gro';
    assert.equal(parseTolerantJson(reply).ok, false);
  });
});

describe('parseJsonObject and findJsonAnswerField read JSON by the same rules', () => {
  it('take the object out of prose, as the structured-output fallback does', () => {
    const reply = 'After weighing both arguments:\n{"answer": "B", "rationale": "the murmur is diastolic",}';
    assert.deepEqual(parseJsonObject(reply), { answer: 'B', rationale: 'the murmur is diastolic' });
    assert.equal(findJsonAnswerField(reply), 'B');
  });

  it('fall back to the last "answer" pair only when no object is complete', () => {
    assert.equal(findJsonAnswerField('{"rationale": "long reasoning", "answer": "C", "notes": "cut'), 'C');
    assert.equal(parseJsonObject('The answer is C.'), undefined);
    assert.equal(parseJsonObject('[1, 2]'), undefined);
  });
});
