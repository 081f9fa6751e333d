import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { deriveSeed } from '../../src/util/seed.js';

describe('deriveSeed', () => {
  it('is the first four bytes of the SHA-256 digest, big-endian, without the top bit', () => {
    for (let index = 0; index < 2000; index++) {
      const parts = [`medqa:L${index}`, `agent-${index % 5}`, index % 3, index % 2 === 0 ? 'act' : 'é💊'];
      const reference = createHash('sha256').update([index * 7919, ...parts].join('\u001f')).digest().readUInt32BE(0) & 0x7fffffff;
      assert.equal(deriveSeed(index * 7919, ...parts), reference, `parts ${index}`);
    }
  });
});
