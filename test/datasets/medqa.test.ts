import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { medqaLoader } from '../../src/datasets/medqa.js';
import { ConfigError, DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from './shared-data-path.js';

const SAMPLE = ['medqa', 'phrases_no_exclude_test.jsonl'] as const;

describe('medqa loader on the shared sample', () => {
  it('loads 600 questions with the answer letters of the README', async (t) => {
    if (!hasSharedData(...SAMPLE)) return t.skip('shared MedQA sample absent');
    const questions = await medqaLoader.load(sharedDataFile(...SAMPLE));
    assert.equal(questions.length, 600);
    const letters: Record<string, number> = {};
    const steps: Record<string, number> = {};
    for (const question of questions) {
      questionSchema.parse(question);
      assert.equal(question.gold.kind, 'choice');
      if (question.gold.kind === 'choice') letters[question.gold.value] = (letters[question.gold.value] ?? 0) + 1;
      const step = String(question.meta?.['meta_info']);
      steps[step] = (steps[step] ?? 0) + 1;
      assert.deepEqual(Object.keys(question.options ?? {}), ['A', 'B', 'C', 'D']);
    }
    assert.deepEqual(letters, { A: 171, B: 144, C: 160, D: 125 });
    assert.deepEqual(steps, { step1: 315, 'step2&3': 284, 'stfep2&3': 1 });
    assert.deepEqual(
      questions.slice(0, 3).map((question) => question.id),
      ['medqa:L1', 'medqa:L2', 'medqa:L3'],
    );
    assert.equal(questions[599]?.id, 'medqa:L600');
    const first = questions[0]!;
    assert.deepEqual(first.gold, { kind: 'choice', value: 'B' });
    assert.equal(first.options?.['B'], 'Tell the attending that he cannot fail to disclose this mistake');
    assert.deepEqual(first.meta, { file: 'phrases_no_exclude_test.jsonl', line: 1, meta_info: 'step1' });
  });

  it('reads only the first `limit` questions', async (t) => {
    if (!hasSharedData(...SAMPLE)) return t.skip('shared MedQA sample absent');
    const questions = await medqaLoader.load(sharedDataFile(...SAMPLE), { limit: 20 });
    assert.equal(questions.length, 20);
    assert.equal(questions[19]?.id, 'medqa:L20');
  });

  it('is detected from the file and found by default through QUORUM_SHARED_DATA', async (t) => {
    if (!hasSharedData(...SAMPLE)) return t.skip('shared MedQA sample absent');
    const detected = await loadQuestions({ path: sharedDataFile(...SAMPLE), limit: 2 });
    assert.equal(detected.name, 'medqa');
    assert.equal(detected.questions.length, 2);
    const saved = process.env['QUORUM_SHARED_DATA'];
    process.env['QUORUM_SHARED_DATA'] = dirname(dirname(sharedDataFile(...SAMPLE)));
    try {
      const byDefault = await loadQuestions({ dataset: 'medqa', limit: 3 });
      assert.equal(byDefault.path, 'default:medqa');
      assert.deepEqual(byDefault.questions, (await loadQuestions({ path: byDefault.path, limit: 3 })).questions);
      assert.deepEqual(
        byDefault.questions.map((question) => question.id),
        ['medqa:L1', 'medqa:L2', 'medqa:L3'],
      );
    } finally {
      if (saved === undefined) delete process.env['QUORUM_SHARED_DATA'];
      else process.env['QUORUM_SHARED_DATA'] = saved;
    }
  });
});

describe('medqa loader on malformed files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-medqa-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const good = { question: 'Which drug treats muscarinic signs?', answer: 'Atropine', options: { A: 'Physostigmine', B: 'Atropine', C: 'Epinephrine', D: 'Pralidoxime' }, meta_info: 'step1', answer_idx: 'B' };
  const line = (changes: Record<string, unknown>, drop: string[] = []): string => {
    const record: Record<string, unknown> = { ...good, ...changes };
    for (const key of drop) delete record[key];
    return JSON.stringify(record);
  };

  // Line 1 is valid and line 2 blank, so every bad row is line 3 of its file.
  const CASES: Array<{ name: string; row: string; field: string | undefined; message: RegExp }> = [
    { name: 'missing answer_idx', row: line({}, ['answer_idx']), field: 'answer_idx', message: /missing; expected the letter of the correct option \(A, B, C, D\)/ },
    { name: 'answer_idx outside the options', row: line({ answer_idx: 'E' }), field: 'answer_idx', message: /"E" is not one of the options \(A, B, C, D\)/ },
    { name: 'answer_idx not a string', row: line({ answer_idx: 1 }), field: 'answer_idx', message: /expected a letter/ },
    { name: 'answer differs from the option', row: line({ answer: 'Epinephrine' }), field: 'answer', message: /"Epinephrine" differs from options\.B "Atropine"/ },
    { name: 'answer missing', row: line({}, ['answer']), field: 'answer', message: /expected the text of the correct option, found nothing/ },
    { name: 'question missing', row: line({}, ['question']), field: 'question', message: /expected a non-empty string/ },
    { name: 'options as a list', row: line({ options: ['Atropine', 'Epinephrine'] }), field: 'options', message: /expected an object of option letters/ },
    { name: 'lower-case option key', row: line({ options: { a: 'Atropine', B: 'Epinephrine' } }), field: 'options.a', message: /single capital letters/ },
    { name: 'empty option text', row: line({ options: { A: '', B: 'Atropine' } }), field: 'options.A', message: /non-empty string/ },
    { name: 'meta_info not a string', row: line({ meta_info: 3 }), field: 'meta_info', message: /expected a string/ },
    { name: 'invalid JSON', row: '{"question": "unterminated', field: undefined, message: /invalid JSON/ },
    { name: 'not an object', row: '["question", "answer"]', field: undefined, message: /expected a JSON object, found an array/ },
  ];

  for (const { name, row, field, message } of CASES) {
    it(`names file, line and field: ${name}`, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
      await writeFile(file, `${line({})}\n\n${row}\n${line({})}\n`);
      await assert.rejects(medqaLoader.load(file), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.file, file);
        assert.equal(error.line, 3);
        assert.equal(error.field, field);
        assert.equal(error.code, 'DATASET_FORMAT');
        assert.ok(error.message.startsWith(`${file}, line 3${field === undefined ? '' : `, field "${field}"`}: `), error.message);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  it('skips blank lines and numbers ids by physical line', async () => {
    const file = join(dir, 'blank-lines.jsonl');
    await writeFile(file, `\n${line({})}\r\n   \n${line({ answer_idx: 'A', answer: 'Physostigmine' })}\n`);
    const questions = await medqaLoader.load(file);
    assert.deepEqual(
      questions.map((question) => [question.id, question.gold]),
      [
        ['medqa:L2', { kind: 'choice', value: 'B' }],
        ['medqa:L4', { kind: 'choice', value: 'A' }],
      ],
    );
  });

  it('does not read past the limit (a bad line after it is not reached)', async () => {
    const file = join(dir, 'bad-after-limit.jsonl');
    await writeFile(file, `${line({})}\nnot json\n`);
    assert.equal((await medqaLoader.load(file, { limit: 1 })).length, 1);
  });

  it('reports an empty file and a missing file', async () => {
    const empty = join(dir, 'empty.jsonl');
    await writeFile(empty, '\n\n');
    await assert.rejects(medqaLoader.load(empty), (error: unknown) => error instanceof DatasetFormatError && /no questions found/.test(error.message));
    await assert.rejects(medqaLoader.load(join(dir, 'nope.jsonl')), (error: unknown) => error instanceof ConfigError && /dataset file not found/.test(error.message));
  });
});
