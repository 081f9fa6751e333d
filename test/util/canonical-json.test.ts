import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completionCacheKey } from '../../src/backends/middleware/completion-cache-key.js';
import type { ChatRequest } from '../../src/spec/chat.js';
import { unitId } from '../../src/store/unit-id.js';
import { canonicalJson } from '../../src/util/canonical-json.js';
import { hashValue } from '../../src/util/hash.js';
import { deriveSeed, seededRandom } from '../../src/util/seed.js';

/** canonicalJson as it was written before it stopped building sorted copies: the definition the fast path must match. */
function referenceCanonicalJson(value: unknown): string {
  const sortKeys = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(sortKeys);
    if (node !== null && typeof node === 'object') {
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(node).sort()) {
        const entry = (node as Record<string, unknown>)[key];
        if (entry !== undefined) sorted[key] = sortKeys(entry);
      }
      return sorted;
    }
    return node;
  };
  return JSON.stringify(sortKeys(value));
}

const duRequest: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are agent_1 in a debate. Answer with "Answer: <letter>".' },
    { role: 'user', content: 'Question: Which drug?\nA) Atropine\nB) Épinéphrine — 1 mg\nC) 💊 "none"\nD) \\boxed{x}\t' },
    { role: 'assistant', content: 'Answer: A' },
  ],
  decoding: { temperature: 0.7, maxTokens: 512, seed: 1234567 },
};
const structuredRequest: ChatRequest = {
  messages: [{ role: 'user', content: 'Give JSON', images: [] }],
  decoding: { temperature: 0, topP: 0.95, maxTokens: 64, seed: 0, stop: ['\n', '</s>'] },
  sampleIndex: 2,
  responseFormat: {
    name: 'turn',
    schema: { type: 'object', required: ['answer', 'rationale'], properties: { rationale: { type: 'string' }, answer: { type: 'string', enum: ['A', 'B'] } }, additionalProperties: false },
  },
};
const edge = {
  z: 1, a: [3, undefined, null, { y: undefined, x: -0 }], '10': 'ten', '2': 'two', é: 'é', A: 1e21, b: 1e-7, n: NaN, inf: -Infinity, t: true, e: {}, ea: [],
  s: '\ud800 lone', q: 'quo"te\\ \u2028 \u0007', nested: { k: [[1, [2, { b: 2, a: 1 }]]] },
};
const questions = [
  { id: 'medqa-0', question: 'A 45-year-old man…', options: { A: 'x', B: 'y', C: 'z', D: 'w' }, gold: 'A', meta: { source: 'test', split: undefined } },
  { id: 'tat-1', question: 'What was the change?', gold: { value: '12.5', scale: 'million' }, table: [['Year', '2019', '2018'], ['Revenue', '$1,200', '(300)']] },
];

describe('canonicalJson and the hashes made from it', () => {
  // Computed by the code of main at 5b8c610 (canonicalJson building sorted copies, deriveSeed on createHash),
  // before either changed: stored cache keys, unit ids, dataset hashes and seeds must never move.
  it('gives the cache keys, unit ids, hashes and seeds it gave before', () => {
    assert.equal(completionCacheKey('openai:m@http://127.0.0.1:8000/v1', duRequest), 'fe5ac9d1b633ef75c4ab4ad9274e4f2702533f051c935fb075bab26174c226a6');
    assert.equal(completionCacheKey('scripted:m', structuredRequest), '67fd00db9c5ee4cdbdf64006f41f2d145a989a7830a4834dbb64b90e362897c8');
    assert.equal(unitId('r_20261206_abc', { questionId: 'medqa-0', protocol: 'du', seed: 3 }), 'u_378222966f87c6ede6d9');
    assert.equal(hashValue(edge), 'ca27f16aac1833877445988a9364b23a0d0b016ca00748c14e4a34af7ff7d214');
    assert.equal(hashValue(questions), 'bcc337f1d50676a2d420298c840e236e0fac2fdb3d69dd646321dfdd5f2ee5a8');
    assert.equal(hashValue([]), '4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945');
    assert.equal(
      canonicalJson(edge),
      '{"2":"two","10":"ten","A":1e+21,"a":[3,null,null,{"x":0}],"b":1e-7,"e":{},"ea":[],"inf":null,"n":null,"nested":{"k":[[1,[2,{"a":1,"b":2}]]]},' +
        '"q":"quo\\"te\\\\ \u2028 \\u0007","s":"\\ud800 lone","t":true,"z":1,"é":"é"}',
    );
    assert.deepEqual([deriveSeed(0, 'medqa-0', 'agent_1', 0, 'act'), deriveSeed(42, 'q-é💊', 2, 'x'), deriveSeed(7)], [2056988469, 1200990097, 2030201243]);
  });

  it('writes exactly what JSON.stringify of a sorted copy writes, for odd keys and values too', () => {
    const odd: unknown[] = [
      undefined, null, 0, -0, 1.5, 2 ** 53, NaN, 'text', true, [], {}, [undefined, () => 1, Symbol('s')], [, 1], // eslint-disable-line no-sparse-arrays
      { '4294967294': 1, '4294967295': 2, '01': 3, '-1': 4, '1.5': 5, '0': 6, b: 7, a: 8 },
      { f: () => 1, s: Symbol('s'), u: undefined, k: 1 },
      { when: new Date(0), map: new Map([[1, 2]]), boxed: new String('x') },
      { toJSON: () => 'mine', a: 1 },
      { nested: { toJSON: 'not a function', b: 1 } },
      JSON.parse('{"__proto__": {"x": 1}, "a": 2}'),
      Object.assign(Object.create(null), { b: 1, a: [Object.create(null)] }),
      Object.assign([1, 2], { extra: 3 }),
      new Date(5),
    ];
    for (const value of odd) assert.equal(canonicalJson(value), referenceCanonicalJson(value), String(referenceCanonicalJson(value)));
  });

  it('matches the sorted copy on random JSON-like values', () => {
    const random = seededRandom(17);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const keys = ['a', 'b', 'Z', 'é', '0', '7', '10', '01', '__x', 'key with space', '😀', ''];
    const make = (depth: number): unknown => {
      const kind = depth > 3 ? Math.floor(random() * 5) : Math.floor(random() * 7);
      if (kind === 0) return pick([null, undefined, true, false]);
      if (kind === 1) return pick([0, -0, 1, -2.5, 1e21, 1e-7, NaN, Infinity, 123456789]);
      if (kind <= 4) return pick(['', 'a', 'quo"te', 'line\nbreak', '\u0000', '\ud83d', 'ünï']);
      if (kind === 5) return Array.from({ length: Math.floor(random() * 4) }, () => make(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [pick(keys), make(depth + 1)]));
    };
    for (let i = 0; i < 2000; i++) {
      const value = make(0);
      assert.equal(canonicalJson(value), referenceCanonicalJson(value));
    }
  });
});
