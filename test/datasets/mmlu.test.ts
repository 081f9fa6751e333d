import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsvRecords } from '../../src/util/csv-records.js';
import { mmluLoader, mmluSubject } from '../../src/datasets/mmlu.js';
import { SCORERS } from '../../src/metrics/scorers/index.js';
import { questionSchema } from '../../src/spec/question.js';
import { fixtureFile, rejectsWithFormatError } from './format-error-case.js';

const SAMPLE = fixtureFile('mmlu', 'clinical_knowledge_test.csv');

describe('mmlu loader on the sample written for quorum', () => {
  it('reads header-less rows: question, options A–D, answer letter; subject from the file name', async () => {
    const questions = await mmluLoader.load(SAMPLE);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold]),
      [
        ['mmlu:clinical_knowledge:L1', { kind: 'choice', value: 'C' }],
        ['mmlu:clinical_knowledge:L2', { kind: 'choice', value: 'B' }],
        ['mmlu:clinical_knowledge:L3', { kind: 'choice', value: 'B' }],
        ['mmlu:clinical_knowledge:L4', { kind: 'choice', value: 'D' }],
      ],
    );
    const quoted = questions[2]!;
    assert.equal(quoted.prompt, 'Which of these is a sign of "right-sided" heart failure?');
    assert.equal(quoted.options?.['B'], 'Raised jugular venous pressure, with ankle oedema');
    assert.deepEqual(quoted.meta, { file: 'clinical_knowledge_test.csv', line: 3, subject: 'clinical_knowledge' });
    assert.equal((await mmluLoader.load(SAMPLE, { limit: 2 })).length, 2);
  });

  it('is scored by letter accuracy (mmlu-letter)', async () => {
    const [first] = await mmluLoader.load(SAMPLE);
    const scorer = SCORERS.get('mmlu')!;
    assert.equal(scorer.name, 'mmlu-letter');
    assert.equal(scorer.score({ answer: 'C' }, first!).correct, true);
    assert.equal(scorer.score({ answer: '(c)' }, first!).correct, true);
    assert.equal(scorer.score({ answer: 'A' }, first!).correct, false);
  });

  it('names subjects of every split', () => {
    assert.equal(mmluSubject('data/dev/college_medicine_dev.csv'), 'college_medicine');
    assert.equal(mmluSubject('anatomy_val.csv'), 'anatomy');
    assert.equal(mmluSubject('mine.csv'), 'mine');
  });

  it('keeps quoted line breaks inside one record and counts the line it starts on', () => {
    const records = parseCsvRecords('x.csv', 'a,"two\nlines",c\r\n\nd,e,f\n');
    assert.deepEqual(records, [
      { line: 1, cells: ['a', 'two\nlines', 'c'] },
      { line: 4, cells: ['d', 'e', 'f'] },
    ]);
  });
});

describe('mmlu loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-mmlu-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const good = 'What is 2 + 2?,3,4,5,6,B';
  const CASES = [
    { name: 'answer not a letter of the options', row: 'What is 2 + 2?,3,4,5,6,E', field: 'answer', message: /"E" is not one of the options \(A, B, C, D\)/ },
    { name: 'answer as a number', row: 'What is 2 + 2?,3,4,5,6,1', field: 'answer', message: /"1" is not one of the options/ },
    { name: 'too few cells', row: 'What is 2 + 2?,4,B', field: 'row', message: /found 3 cells/ },
    { name: 'empty option', row: 'What is 2 + 2?,3,,5,6,B', field: 'B', message: /option B \(column 3\), found an empty cell/ },
    { name: 'empty question', row: ',3,4,5,6,B', field: 'question', message: /non-empty question/ },
    { name: 'a header row', row: 'question,A,B,C,D,answer', field: 'answer', message: /"answer" is not one of the options/ },
  ];
  for (const { name, row, field, message } of CASES) {
    it(`names file, line and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}_test.csv`);
      await writeFile(file, `${good}\n\n${row}\n`);
      await rejectsWithFormatError(mmluLoader.load(file), { file, line: 3, field, message });
    });
  }

  it('reports an unclosed quote at the line it opens on', async () => {
    const file = join(dir, 'unclosed_test.csv');
    await writeFile(file, `${good}\n"What is 2 + 2?,3,4,5,6,B\n${good}\n`);
    await rejectsWithFormatError(mmluLoader.load(file), { file, line: 2, field: undefined, message: /quoted cell is never closed/ });
  });
});
