import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignBags, tatqaGetMetrics } from '../../../src/metrics/scorers/tatqa/tatqa-bags.js';

// Expected values: tatqa_metric.py's _align_bags and get_metrics (NExTplusplus/TAT-QA @ 870accc) called with
// the same arguments under Python 3.11.7, NumPy 2.4.6, SciPy 1.17.1. TaTQAEmAndF1 itself always passes one
// joined string per side; these exercise the alignment for callers that pass lists of spans.
describe('TAT-QA bag alignment (DROP style)', () => {
  it('aligns bags one to one for the largest total F1', () => {
    assert.deepEqual(alignBags([new Set(['a']), new Set(['b', 'c'])], [new Set(['b', 'c']), new Set(['a'])]), [1, 1]);
    assert.deepEqual(alignBags([new Set(['a', 'x']), new Set(['b'])], [new Set(['a']), new Set(['b', 'c']), new Set(['d'])]), [2 / 3, 2 / 3, 0]);
    assert.deepEqual(alignBags([new Set(['a']), new Set(['b']), new Set(['z'])], [new Set(['a', 'b'])]), [2 / 3, 0, 0]);
  });

  it('get_metrics on lists of spans: EM as sets of normalised spans, F1 the mean aligned F1', () => {
    assert.deepEqual(tatqaGetMetrics(['Rome', 'the Paris'], ['paris', 'rome']), { em: 1, f1: 1 });
    // "a" is an article: the spans normalise to "b", "c" against "", "b c d".
    assert.deepEqual(tatqaGetMetrics(['a b', 'c'], ['a', 'b c d']), { em: 0, f1: 0.25 });
  });
});
