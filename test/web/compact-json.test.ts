import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compactJson } from '../../src/web/server/compact-json.js';

describe('compactJson', () => {
  it('cuts long arrays at any depth and says how many items were left out', () => {
    const ids = Array.from({ length: 120 }, (_, index) => `q${index}`);
    const compact = compactJson({ datasets: [{ questionIds: ids, name: 'medqa' }], seeds: [1, 2] }, 50) as { datasets: Array<{ questionIds: string[]; name: string }>; seeds: number[] };
    assert.equal(compact.datasets[0]!.questionIds.length, 51);
    assert.equal(compact.datasets[0]!.questionIds.at(-1), '… 70 more');
    assert.deepEqual(compact.seeds, [1, 2]);
    assert.equal(compact.datasets[0]!.name, 'medqa');
    assert.deepEqual(compactJson(null), null);
  });
});
