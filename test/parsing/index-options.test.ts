import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexOptions } from '../../src/parsing/choice-reader.js';
import { parseMcqAnswer } from '../../src/parsing/mcq-answer.js';

describe('indexOptions', () => {
  it('builds the index of an options object once and reuses it while the object is unchanged', () => {
    const options = { A: 'Physostigmine', B: 'Pralidoxime', C: 'Atropine', D: 'Epinephrine' };
    const first = indexOptions(options);
    assert.equal(indexOptions(options), first, 'the same object, unchanged: the same index');
    assert.notEqual(indexOptions({ ...options }), first, 'another object is indexed on its own');
    assert.deepEqual(indexOptions({ ...options }), first);
  });

  it('indexes an options object again when a text, a key or the key order changed', () => {
    const options: Record<string, string> = { A: 'Physostigmine', B: 'Pralidoxime', C: 'Atropine' };
    const before = indexOptions(options);
    assert.equal(parseMcqAnswer('Atropine', options).value, 'C');
    options['C'] = 'Diazepam';
    assert.notEqual(indexOptions(options), before);
    assert.equal(indexOptions(options).texts.get('C'), 'diazepam');
    assert.equal(parseMcqAnswer('Atropine', options).status, 'unparsed');
    options['D'] = 'Atropine';
    assert.equal(parseMcqAnswer('Atropine', options).value, 'D');
    delete options['A'];
    assert.equal(indexOptions(options).keys.has('A'), false);
    const reordered: Record<string, string> = { B: 'x', A: 'y' };
    const index = indexOptions(reordered);
    delete reordered['B'];
    reordered['B'] = 'x';
    assert.notEqual(indexOptions(reordered), index);
    assert.deepEqual([...indexOptions(reordered).keys.keys()], ['A', 'B']);
  });
});
