import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { choiceLetterScorer, numericScorer, SCORERS, squadEmF1Scorer } from '../../../src/metrics/scorers/index.js';
import { scorerNamed } from '../../../src/metrics/scorers/scorer-for.js';

describe('scorerNamed', () => {
  it('finds every official and generic scorer by its recorded name, the same object on every call, and nothing for unknown names', () => {
    for (const scorer of [...SCORERS.values(), choiceLetterScorer, numericScorer, squadEmF1Scorer]) {
      assert.equal(scorerNamed(scorer.name), scorer, scorer.name);
      assert.equal(scorerNamed(scorer.name), scorer, `${scorer.name}, asked again`);
    }
    assert.equal(scorerNamed('no-such-scorer'), undefined);
    assert.equal(scorerNamed(''), undefined);
  });
});
