import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { argumentDiversity, jaccardDistance } from '../../../src/metrics/dynamics/argument-diversity.js';
import { contentWords } from '../../../src/metrics/dynamics/content-words.js';
import { STOP_WORDS } from '../../../src/metrics/stop-words.js';

describe('content words', () => {
  it('drop stop words, single letters, numbers and contractions; fold case and possessives', () => {
    // "the", "to", "in" are stop words; "I" and "B" single letters; "don't", "it'll" contractions; 3.4 and 2024 numbers
    assert.deepEqual([...contentWords("The agent's forecast: I don't think it'll RISE to 3.4% in 2024 — B.")], ['agent', 'forecast', 'think', 'rise']);
    assert.deepEqual([...contentWords('COVID-19 shocks; covid-19 again')], ['covid-19', 'shocks']);
    assert.equal(contentWords('').size, 0);
    // A curly possessive goes too; "x's" leaves a single letter (dropped); a word read twice in a row starts from the text's beginning.
    assert.deepEqual([...contentWords('Atropine’s effect, X\'s role; it’s atropine\'s')], ['atropine', 'effect', 'role']);
    assert.deepEqual([...contentWords('Atropine’s effect')], ['atropine', 'effect']);
  });

  it('use the frozen wink-eng-lite-web-model list (299 words)', () => {
    assert.equal(STOP_WORDS.size, 299);
    for (const word of ['the', 'because', 'however', 'would']) assert.ok(STOP_WORDS.has(word), word);
    for (const word of ['inflation', 'agree', 'forecast']) assert.ok(!STOP_WORDS.has(word), word);
  });
});

describe('argument diversity (AD)', () => {
  it('Jaccard distance 1 − |X∩Y|/|X∪Y|', () => {
    // {wages, rise, sharply} vs {wages, rise, slowly}: ∩ = 2, ∪ = 4 → 1 − 2/4 = 0.5
    assert.equal(jaccardDistance(new Set(['wages', 'rise', 'sharply']), new Set(['wages', 'rise', 'slowly'])), 0.5);
    assert.equal(jaccardDistance(new Set(['a1']), new Set(['b1'])), 1);
    assert.equal(jaccardDistance(new Set(), new Set()), 0);
  });

  it('is the mean over agent pairs, computed by hand', () => {
    const a = contentWords('The wages will rise sharply.'); // {wages, rise, sharply}
    const b = contentWords('Wages rise slowly.'); // {wages, rise, slowly}
    const c = contentWords('Rents fall.'); // {rents, fall}
    // d(a,b) = 1 − 2/4 = 0.5; d(a,c) = 1 − 0/5 = 1; d(b,c) = 1 − 0/5 = 1 → (0.5 + 1 + 1) / 3 = 5/6
    assert.equal(argumentDiversity([a, b, c]), 5 / 6);
  });

  it('leaves out agents without content words; null below two agents', () => {
    const a = contentWords('wages rise sharply');
    const b = contentWords('wages rise slowly');
    assert.equal(argumentDiversity([a, b, contentWords('It is B.')]), 0.5);
    assert.equal(argumentDiversity([a, new Set()]), null);
    assert.equal(argumentDiversity([]), null);
  });
});
