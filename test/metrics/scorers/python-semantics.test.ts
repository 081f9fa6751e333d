import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { numpyMeanRound } from '../../../src/metrics/scorers/python/numpy-mean-round.js';
import { pythonFloat } from '../../../src/metrics/scorers/python/python-float.js';
import { pythonFloatRepr } from '../../../src/metrics/scorers/python/python-float-repr.js';
import { pythonInt } from '../../../src/metrics/scorers/python/python-int.js';
import { pythonRound } from '../../../src/metrics/scorers/python/python-round.js';
import { pythonSplit, pythonStrip } from '../../../src/metrics/scorers/python/python-text.js';

// Every expected value in fixtures/scoring/python-semantics.json was printed by CPython 3.11 (and NumPy for the means).
const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/scoring/python-semantics.json', import.meta.url), 'utf8')) as {
  round: Array<[string, string, string, string]>;
  float: Array<[string, string | null]>;
  numpyMeanRound2: Array<[number[], number]>;
};
const fromRepr = (text: string): number => (text === 'inf' ? Infinity : text === '-inf' ? -Infinity : text === 'nan' ? Number.NaN : Number(text));

test('round(x, 5), round(x, 2) and str(x) as CPython on 400 doubles (ties, near-ties, random bits, large and tiny)', () => {
  for (const [x, round5, round2, str] of fixture.round) {
    const value = fromRepr(x);
    assert.equal(pythonRound(value, 5), fromRepr(round5), `round(${x}, 5)`);
    assert.equal(pythonRound(value, 2), fromRepr(round2), `round(${x}, 2)`);
    assert.equal(pythonFloatRepr(value), str, `str(${x})`);
  }
});

test('float(text) as CPython: whitespace, underscores, Unicode digits, inf and nan', () => {
  for (const [text, expected] of fixture.float) {
    const value = pythonFloat(text);
    if (expected === null) assert.equal(value, undefined, JSON.stringify(text));
    else if (expected === 'nan') assert.ok(Number.isNaN(value), JSON.stringify(text));
    else assert.equal(value, fromRepr(expected), JSON.stringify(text));
  }
});

test('round(np.mean(values), 2) as NumPy: pairwise sum, then multiply, round half to even, divide', () => {
  for (const [values, expected] of fixture.numpyMeanRound2) assert.equal(numpyMeanRound(values, 2), expected, JSON.stringify(values));
});

test('int(), str.split() and str.strip() use Python whitespace and digits', () => {
  // CPython 3.11: int(' 01 ') == 1, int('1_0') == 10, int('\u0661') == 1; '\x85a\x1cb'.split() == ['a', 'b']; '\ufeffa'.strip() keeps U+FEFF.
  assert.equal(pythonInt(' 01 '), 1);
  assert.equal(pythonInt('1_0'), 10);
  assert.equal(pythonInt('\u0661'), 1);
  assert.equal(pythonInt('1.0'), undefined);
  assert.deepEqual(pythonSplit('\x85a\x1cb'), ['a', 'b']);
  assert.equal(pythonStrip('\ufeffa '), '\ufeffa');
});
