import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkCorruptionRate, corruptedDatasetName, corruptQuestion, perturbNumber } from '../../src/robustness/corrupt-question.js';
import type { Question } from '../../src/spec/question.js';
import { seededRandom } from '../../src/util/seed.js';

const rows = Array.from({ length: 20 }, (_, index) => [`item ${String.fromCharCode(97 + index)}`, `${(index + 1) * 1234}`, `${index + 10}.5%`]);
const question: Question = {
  id: 'q1',
  prompt: 'What was the change?',
  gold: { kind: 'number', value: 637 },
  context: {
    tables: [{ id: 'table', header: ['item', '2019', 'share'], rows }],
    passages: [{ id: 'text_0', text: 'In 2019 revenue was $5,735 million, up 12.5% from 5098 in 2018.' }],
  },
};

describe('--corrupt: seeded perturbation of table cells and numbers in text', () => {
  it('rate 0 leaves the question untouched', () => {
    assert.equal(corruptQuestion(question, { rate: 0, seed: 1 }).question, question);
  });

  it('is deterministic per (seed, question) and changes roughly rate × cells', () => {
    const first = corruptQuestion(question, { rate: 0.3, seed: 7 });
    const again = corruptQuestion(question, { rate: 0.3, seed: 7 });
    assert.deepEqual(first, again);
    const other = corruptQuestion(question, { rate: 0.3, seed: 8 });
    assert.notDeepEqual(first.question.context, other.question.context);
    const cellChanges = first.changes.filter((change) => change.where.startsWith('table:'));
    assert.ok(cellChanges.length >= 6 && cellChanges.length <= 30, `${cellChanges.length} of 60 cells changed`);
    assert.deepEqual(first.question.context?.tables?.[0]?.header, ['item', '2019', 'share']);
    assert.equal(first.question.prompt, question.prompt);
    assert.deepEqual(first.question.gold, question.gold);
    assert.deepEqual(first.question.meta, { corruption: { rate: 0.3, seed: 7, changes: first.changes.length } });
    for (const change of cellChanges) assert.notEqual(change.from, change.to);
  });

  it('keeps the written format of numbers and never changes years in text', () => {
    const random = seededRandom(3);
    for (const text of ['5,735', '12.5', '5098', '-3.25']) {
      const changed = perturbNumber(text, random);
      assert.notEqual(changed, text);
      assert.equal(changed.includes(','), text.includes(','), changed);
      assert.equal(/\.(\d+)$/.exec(changed)?.[1]?.length, /\.(\d+)$/.exec(text)?.[1]?.length, changed);
    }
    // at rate 0.3 over many seeds the years survive while other numbers change
    let textChanged = 0;
    for (let seed = 0; seed < 30; seed += 1) {
      const text = corruptQuestion(question, { rate: 0.3, seed }).question.context!.passages![0]!.text;
      assert.ok(text.startsWith('In 2019 ') && text.endsWith(' in 2018.'), text);
      if (text !== question.context!.passages![0]!.text) textChanged += 1;
    }
    assert.ok(textChanged > 10, `${textChanged} of 30 passages changed`);
  });

  it('accepts rates in [0, 0.3] and names the corrupted dataset', () => {
    assert.equal(checkCorruptionRate(0.3), 0.3);
    assert.throws(() => checkCorruptionRate(0.31), /outside \[0, 0.3\]/);
    assert.throws(() => checkCorruptionRate(-0.1), /outside/);
    assert.equal(corruptedDatasetName('finqa', { rate: 0.1, seed: 1 }), 'finqa+corrupt(p=0.1,seed=1)');
    assert.equal(corruptedDatasetName('finqa', { rate: 0, seed: 1 }), 'finqa');
  });
});
