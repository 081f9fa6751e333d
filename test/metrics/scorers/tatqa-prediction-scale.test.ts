import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inferPredictionScale } from '../../../src/metrics/scorers/tatqa/tatqa-prediction-scale.js';

// quorum's own rule (docs/metrics.md), not the evaluator's: expected values follow that rule as documented.
describe('TAT-QA predicted scale from a scale word', () => {
  it('takes a trailing scale word after a number as the scale and removes it', () => {
    assert.deepEqual(inferPredictionScale(['$17.6 million']), { values: ['$17.6'], scale: 'million' });
    assert.deepEqual(inferPredictionScale(['1.2 Billions.']), { values: ['1.2'], scale: 'billion' });
    assert.deepEqual(inferPredictionScale(['22.12 percent']), { values: ['22.12'], scale: 'percent' });
    assert.deepEqual(inferPredictionScale(['22.12 per cent']), { values: ['22.12'], scale: 'percent' });
    assert.deepEqual(inferPredictionScale(['5 thousand', '7 thousand']), { values: ['5', '7'], scale: 'thousand' });
  });

  it('leaves the text alone otherwise', () => {
    assert.deepEqual(inferPredictionScale(['22.12%']), { values: ['22.12%'], scale: '' });
    assert.deepEqual(inferPredictionScale(['1.2m']), { values: ['1.2m'], scale: '' });
    assert.deepEqual(inferPredictionScale(['5 million', '7 thousand']), { values: ['5 million', '7 thousand'], scale: '' });
    assert.deepEqual(inferPredictionScale(['5 million', 'none']), { values: ['5 million', 'none'], scale: '' });
    assert.deepEqual(inferPredictionScale(['a million reasons']), { values: ['a million reasons'], scale: '' });
    assert.deepEqual(inferPredictionScale([]), { values: [], scale: '' });
  });
});
