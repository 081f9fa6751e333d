import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareOptionKeys } from '../../src/datasets/option-key-order.js';

describe('compareOptionKeys', () => {
  it('orders every mix of option letters and other keys exactly as localeCompare does', () => {
    const keys = ['A', 'B', 'E', 'Z', 'a', 'b', 'AA', 'AB', 'Ä', '1', '10', '_x', 'ab', ' ', 'b2', 'É'];
    let state = 7;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      const picked = keys.filter(() => random() < 0.5).sort(() => random() - 0.5);
      assert.deepEqual([...picked].sort(compareOptionKeys), [...picked].sort((a, b) => a.localeCompare(b)), picked.join('|'));
    }
    for (const a of keys) for (const b of keys) assert.equal(Math.sign(compareOptionKeys(a, b)), Math.sign(a.localeCompare(b)), `${a} vs ${b}`);
  });
});
