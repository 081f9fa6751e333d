import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

describe('escapeRegExp', () => {
  it('makes text with every metacharacter match itself, and only itself', () => {
    const text = String.raw`C:\runs\a.b*c+d?e^f$g{1}(h)|[i]/j.db`;
    const pattern = new RegExp(`^${escapeRegExp(text)}$`);
    assert.ok(pattern.test(text));
    assert.equal(pattern.test(text.replace('a.b', 'axb')), false, 'a dot is a dot');
    assert.equal(escapeRegExp('plain words 123'), 'plain words 123');
  });
});
