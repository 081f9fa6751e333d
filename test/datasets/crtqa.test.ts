import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crtqaLoader } from '../../src/datasets/crtqa.js';
import { fallbackScorer } from '../../src/metrics/scorers/index.js';
import { questionSchema } from '../../src/spec/question.js';
import { fixtureFile, rejectsWithFormatError } from './format-error-case.js';

const SAMPLE = fixtureFile('crtqa', 'dataset.json');

describe('crtqa loader on the sample written for quorum', () => {
  it('reads questions per table file, with the "#"-separated table and its title', async () => {
    const questions = await crtqaLoader.load(SAMPLE);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold]),
      [
        ['crtqa:quorum_library_loans.csv:0', { kind: 'text', value: 'Riverside, 210' }],
        ['crtqa:quorum_library_loans.csv:1', { kind: 'text', value: '2' }],
        ['crtqa:quorum_marathon.csv:0', { kind: 'text', value: 'No' }],
      ],
    );
    const table = questions[0]!.context?.tables?.[0];
    assert.deepEqual(table?.header, ['branch', 'January', 'February', 'March']);
    assert.deepEqual(table?.rows[0], ['Riverside', '820', '760', '930']);
    assert.equal(table?.caption, 'Library loans by branch, first quarter');
    assert.equal(questions[2]!.context?.tables?.[0]?.rows[0]?.[1], 'A. Okafor');
    assert.equal((await crtqaLoader.load(SAMPLE, { limit: 2 })).length, 2);
    assert.equal(fallbackScorer(questions[1]!.gold).score({ answer: '2' }, questions[1]!).correct, true);
  });
});

describe('crtqa loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-crtqa-'));
    await mkdir(join(dir, 'all_csv'));
    await writeFile(join(dir, 'all_csv', 't.csv'), 'a#b\n1#2\n');
    await writeFile(join(dir, 'all_csv', 'ragged.csv'), 'a#b\n1#2\n3\n');
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const good = { 'Question name': 'What is b when a is 1?', Answer: '2', Tittle: 'T' };
  const CASES = [
    { name: 'answer missing', document: { 't.csv': [good, { ...good, Answer: undefined }] }, field: 't.csv[1].Answer', message: /expected a string or a number, found nothing/ },
    { name: 'question missing', document: { 't.csv': [{ Answer: '2' }] }, field: 't.csv[0].Question name', message: /non-empty string/ },
    { name: 'questions not a list', document: { 't.csv': good }, field: 't.csv', message: /expected a list of questions/ },
    { name: 'table missing', document: { 'absent.csv': [good] }, field: 'absent.csv', message: /its table all_csv\/absent\.csv is missing/ },
  ];
  for (const { name, document, field, message } of CASES) {
    it(`names file and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
      await writeFile(file, JSON.stringify(document));
      await rejectsWithFormatError(crtqaLoader.load(file), { file, line: undefined, field, message });
    });
  }

  it('names the table file and line of a ragged row', async () => {
    const file = join(dir, 'ragged.json');
    await writeFile(file, JSON.stringify({ 'ragged.csv': [good] }));
    await rejectsWithFormatError(crtqaLoader.load(file), { file: join(dir, 'all_csv', 'ragged.csv'), line: 3, field: undefined, message: /expected 2 "#"-separated cells as in the header, found 1/ });
  });
});
