import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { genericLoader } from '../../src/datasets/generic-jsonl.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { ConfigError, DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-generic-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = async (name: string, rows: unknown[]): Promise<string> => {
  const file = join(dir, name);
  await writeFile(file, rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n'));
  return file;
};

const VALID = [
  { id: 'mcq-1', question: 'Which organ secretes insulin?', options: { B: 'Pancreas', A: 'Liver' }, answer: 'B', meta: { source: 'hand-written' } },
  { id: 2, question: 'Pick the noble gas.', options: ['Oxygen', 'Argon', 'Nitrogen'], answer: 'b' },
  { id: 'num-1', question: 'Revenue growth in %?', answer: '1,234.5', answer_type: 'number', tolerance: 0.5, context: { tables: [{ header: ['year', 'revenue'], rows: [[2023, 10.5], [2024, null]] }] } },
  { id: 'num-2', question: 'How many?', answer: 7 },
  { id: 'text-1', question: 'Capital of France?', answer: 'Paris', aliases: ['paris, france'], context: { passages: [{ text: 'Paris is the capital.' }], images: [{ path: 'img/map.png' }] } },
  '',
  { id: 'open-1', question: 'Explain the management of DKA.', answer_type: 'none', scoring_points: ['IV fluids', 'insulin infusion', 'potassium replacement'] },
];

describe('generic JSONL loader', () => {
  it('loads every answer type with context, rubric and metadata', async () => {
    const file = await write('valid.jsonl', VALID);
    const questions = await genericLoader.load(file);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => question.id),
      ['mcq-1', '2', 'num-1', 'num-2', 'text-1', 'open-1'],
    );
    const [mcq, listed, number, count, text, open] = questions;
    assert.deepEqual(mcq, { id: 'mcq-1', prompt: 'Which organ secretes insulin?', options: { A: 'Liver', B: 'Pancreas' }, gold: { kind: 'choice', value: 'B' }, meta: { source: 'hand-written', line: 1 } });
    assert.deepEqual(listed?.options, { A: 'Oxygen', B: 'Argon', C: 'Nitrogen' });
    assert.deepEqual(listed?.gold, { kind: 'choice', value: 'B' });
    assert.deepEqual(number?.gold, { kind: 'number', value: 1234.5, tolerance: 0.5 });
    assert.deepEqual(number?.context?.tables, [{ id: 'table-1', header: ['year', 'revenue'], rows: [['2023', '10.5'], ['2024', '']] }]);
    assert.deepEqual(count?.gold, { kind: 'number', value: 7 });
    assert.deepEqual(text?.gold, { kind: 'text', value: 'Paris', aliases: ['paris, france'] });
    // the image path is relative to the data file, not to the working directory
    assert.deepEqual(text?.context, { passages: [{ id: 'passage-1', text: 'Paris is the capital.' }], images: [{ id: 'image-1', path: join(dir, 'img/map.png') }] });
    assert.deepEqual(open?.gold, { kind: 'none' });
    assert.deepEqual(open?.scoringPoints, ['IV fluids', 'insulin infusion', 'potassium replacement']);
    assert.equal(open?.meta?.['line'], 7);
  });

  it('resolves image paths against the data file and keeps absolute paths and data URLs', async () => {
    const images = [{ path: '../shared/chart.png' }, { path: '/srv/images/x.png' }, { path: 'data:image/png;base64,iVBORw0KGgo=' }];
    const file = await write('images.jsonl', [{ id: 'img-1', question: 'What does the chart show?', answer: 'growth', context: { images } }]);
    const [question] = await genericLoader.load(file);
    assert.deepEqual(question?.context?.images?.map((image) => image.path), [join(dir, '../shared/chart.png'), '/srv/images/x.png', 'data:image/png;base64,iVBORw0KGgo=']);
  });

  it('is detected from the file', async () => {
    const file = await write('detect.jsonl', VALID);
    const loaded = await loadQuestions({ path: file, limit: 2 });
    assert.equal(loaded.name, 'generic');
    assert.equal(loaded.path, file);
    assert.equal(loaded.questions.length, 2);
  });

  const ok = { id: 'x', question: 'Which?', options: { A: 'one', B: 'two' }, answer: 'A' };
  const CASES: Array<{ name: string; row: unknown; field: string | undefined; message: RegExp; hint?: RegExp }> = [
    { name: 'misspelt field', row: { ...ok, scoring_point: ['x'] }, field: 'scoring_point', message: /unknown field/, hint: /under "meta"/ },
    { name: 'answer outside the options', row: { ...ok, answer: 'C' }, field: 'answer', message: /"C" is not one of the option letters \(A, B\)/ },
    { name: 'missing answer', row: { id: 'x', question: 'Which?' }, field: 'answer', message: /missing; give the gold answer, or set "answer_type": "none"/ },
    { name: 'not a number', row: { id: 'x', question: 'How much?', answer: 'about five', answer_type: 'number' }, field: 'answer', message: /expected a number, found "about five"/ },
    { name: 'question of the wrong type', row: { ...ok, question: 3 }, field: 'question', message: /expected string, received number/ },
    { name: 'question missing', row: { id: 'x', options: ok.options, answer: 'A' }, field: 'question', message: /expected string \(missing\)/ },
    { name: 'bad table cell', row: { id: 'x', question: 'q', answer: 1, context: { tables: [{ header: ['a'], rows: [['1'], [{ v: 2 }]] }] } }, field: 'context.tables[0].rows[1][0]', message: /expected string or number or boolean or null/ },
    { name: 'lower-case option key', row: { ...ok, options: { a: 'one', B: 'two' } }, field: 'options.a', message: /Invalid key/ },
    { name: 'choice without options', row: { id: 'x', question: 'q', answer: 'A', answer_type: 'choice' }, field: 'options', message: /needs options/ },
    { name: 'tolerance on a text answer', row: { id: 'x', question: 'q', answer: 'Paris', tolerance: 1 }, field: 'tolerance', message: /only numeric answers have a tolerance/ },
    { name: 'answer on an open question', row: { id: 'x', question: 'q', answer: 'Paris', answer_type: 'none' }, field: 'answer', message: /must be absent/ },
    { name: 'unknown answer type', row: { ...ok, answer_type: 'multi' }, field: 'answer_type', message: /expected one of/ },
    { name: 'invalid JSON', row: '{"id": "x", ', field: undefined, message: /invalid JSON/ },
  ];

  for (const { name, row, field, message, hint } of CASES) {
    it(`names file, line and field: ${name}`, async () => {
      const file = await write(`${name.replace(/\W+/g, '-')}.jsonl`, [{ ...ok, id: 'first' }, row]);
      await assert.rejects(genericLoader.load(file), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.file, file);
        assert.equal(error.line, 2);
        assert.equal(error.field, field, error.message);
        assert.match(error.message, message);
        if (hint !== undefined) assert.match(error.hint ?? '', hint);
        return true;
      });
    });
  }

  it('rejects duplicate ids, naming both lines', async () => {
    const file = await write('duplicate.jsonl', [ok, { ...ok, id: 'y' }, ok]);
    await assert.rejects(genericLoader.load(file), (error: unknown) => {
      assert.ok(error instanceof DatasetFormatError);
      assert.equal(error.line, 3);
      assert.equal(error.field, 'id');
      assert.match(error.message, /duplicate id "x" \(first on line 1\)/);
      return true;
    });
  });

  it('needs a file', async () => {
    await assert.rejects(genericLoader.load(), ConfigError);
  });
});
