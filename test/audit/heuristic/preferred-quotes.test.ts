import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { preferencesConflict, preferredQuotes } from '../../../src/audit/heuristic/preferred-quotes.js';

describe('preferredQuotes', () => {
  it('reads a list of quoted candidates joined by "or" and commas', () => {
    // expected by hand: both candidates, lower-cased with their punctuation dropped; "translation" after the degree is the role
    assert.deepEqual(preferredQuotes('"Collect news", or "Collect reports" is the most accurate translation.'), { candidates: ['collect news', 'collect reports'], role: 'translation', over: [], rejected: [] });
  });

  it('reads a step of 27 quoted candidates and no preference at once (the candidate list once backtracked 2^n ways)', () => {
    const step = `${Array.from({ length: 27 }, (_, index) => `"option ${index} here"`).join(' or ')} and none of them fits.`;
    const started = performance.now();
    assert.equal(preferredQuotes(step), undefined, 'no copula and degree follow the list: no preference');
    // before the fix, 22 candidates took 0.29 s and each more one doubled it (27: about 9 s); now well under a millisecond
    assert.ok(performance.now() - started < 1_000, `took ${Math.round(performance.now() - started)} ms`);
  });

  it('two steps that prefer different candidates for one role conflict', () => {
    const a = preferredQuotes('I still believe that "The river rose above the bridge" is a more accurate translation.')!;
    const b = preferredQuotes('"The river overflowed the bridge" is the most accurate translation.')!;
    assert.equal(preferencesConflict(a, b), true);
  });
});
