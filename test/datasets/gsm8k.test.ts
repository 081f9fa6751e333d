import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gsm8kLoader } from '../../src/datasets/gsm8k.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { SCORERS } from '../../src/metrics/scorers/index.js';
import { questionSchema } from '../../src/spec/question.js';
import { fixtureFile, rejectsWithFormatError } from './format-error-case.js';

const SAMPLE = fixtureFile('gsm8k', 'test.jsonl');

describe('gsm8k loader on the sample written for quorum', () => {
  it('reads the number after #### as the gold, commas removed', async () => {
    const questions = await gsm8kLoader.load(SAMPLE);
    for (const question of questions) questionSchema.parse(question);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold]),
      [
        ['gsm8k:L1', { kind: 'number', value: 27 }],
        ['gsm8k:L2', { kind: 'number', value: 640 }],
        ['gsm8k:L3', { kind: 'number', value: 1500 }],
      ],
    );
    assert.equal(questions[0]?.meta?.['solution'], 'The trays hold 6*14=<<6*14=84>>84 rolls.\nAfter the morning she has 84-57=<<84-57=27>>27 rolls.');
  });

  it('is detected from a .jsonl file and scored by gsm8k-number', async () => {
    assert.equal((await loadQuestions({ path: SAMPLE, limit: 1 })).name, 'gsm8k');
    const scorer = SCORERS.get('gsm8k')!;
    const [, , order] = await gsm8kLoader.load(SAMPLE);
    assert.equal(scorer.name, 'gsm8k-number');
    assert.equal(scorer.score({ answer: '1,500' }, order!).correct, true);
    assert.equal(scorer.score({ answer: 'It costs 125*12 = 1500 dollars.\n#### 1500.00' }, order!).correct, true);
    assert.equal(scorer.score({ answer: '#### 1499' }, order!).correct, false);
    assert.equal(scorer.score({ answer: 'no idea' }, order!).correct, false);
    assert.equal(scorer.score({ answer: null }, order!).correct, false);
    assert.ok(scorer.equivalent('#### 1,500', '1500', order!));
  });
});

describe('gsm8k loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-gsm8k-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const good = JSON.stringify({ question: 'What is 2 + 3?', answer: '2+3=<<2+3=5>>5\n#### 5' });
  const CASES = [
    { name: 'no final line', row: { question: 'What is 2 + 3?', answer: '2+3=5' }, field: 'answer', message: /expected a last line "#### <number>"/ },
    { name: 'final line not a number', row: { question: 'What is 2 + 3?', answer: '#### five' }, field: 'answer', message: /expected a last line "#### <number>"/ },
    { name: 'answer not a string', row: { question: 'What is 2 + 3?', answer: 5 }, field: 'answer', message: /expected the worked solution as a string, found 5/ },
    { name: 'question missing', row: { answer: '#### 5' }, field: 'question', message: /expected a non-empty string, found nothing/ },
  ];
  for (const { name, row, field, message } of CASES) {
    it(`names file, line and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
      await writeFile(file, `${good}\n\n${JSON.stringify(row)}\n`);
      await rejectsWithFormatError(gsm8kLoader.load(file), { file, line: 3, field, message });
    });
  }

  it('needs a file and reports an empty one', async () => {
    await assert.rejects(gsm8kLoader.load(), /the gsm8k dataset needs a file/);
    const file = join(dir, 'empty.jsonl');
    await writeFile(file, '\n');
    await rejectsWithFormatError(gsm8kLoader.load(file), { file, line: undefined, field: undefined, message: /no questions found/ });
  });
});
