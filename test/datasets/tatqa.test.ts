import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { tatqaLoader } from '../../src/datasets/tatqa.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';
import { hasSharedData } from './shared-data-path.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-tatqa-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const QUESTION = { uid: 'q1', order: 1, question: 'What is the total?', answer: 12.5, derivation: '10 + 2.5', answer_type: 'arithmetic', answer_from: 'table', rel_paragraphs: [], req_comparison: false, scale: 'million' };
const DOCUMENT = { table: { uid: 't1', table: [['', '2019'], ['a', '10'], ['b', '2.5']] }, paragraphs: [{ uid: 'p1', order: 1, text: 'Amounts in millions.' }], questions: [QUESTION] };

describe('tatqa loader', () => {
  it('loads the 204 shared questions with their documents, answer types and scales', async (t) => {
    if (!hasSharedData('tatqa', 'tatqa_dataset_test_gold.json')) return t.skip('shared TAT-QA sample absent');
    const { questions } = await loadQuestions({ dataset: 'tatqa' });
    assert.equal(questions.length, 204);
    for (const question of questions) questionSchema.parse(question);
    const types: Record<string, number> = {};
    for (const question of questions) types[String(question.meta?.['answer_type'])] = (types[String(question.meta?.['answer_type'])] ?? 0) + 1;
    assert.deepEqual(types, { span: 83, 'multi-span': 30, arithmetic: 85, count: 6 });
    const arithmetic = questions.find((question) => question.id === 'tatqa:200c49c9af38ccc05eb04a1b4f96e34c')!;
    assert.deepEqual(arithmetic.gold, { kind: 'number', value: 17.7, tolerance: 0.005 + 1e-9 });
    assert.equal(arithmetic.meta?.['scale'], 'percent');
    assert.equal(arithmetic.meta?.['derivation'], '(16.6/93.8 ) * 100');
    const multi = questions.find((question) => question.id === 'tatqa:7c510956809977a550837006a464fd91')!;
    assert.equal(multi.gold.kind, 'text');
    assert.deepEqual(multi.meta?.['answers'], ['1,568.6', '690.5']);
    assert.equal(multi.gold.kind === 'text' ? multi.gold.value : '', '1,568.6, 690.5');
    assert.equal(multi.context?.passages?.[0]?.id, 'paragraph_1');
    assert.equal((await loadQuestions({ dataset: 'tatqa', limit: 5 })).questions.length, 5);
  });

  it('reads spans, plain-number spans and counts', async () => {
    const file = join(dir, 'ok.json');
    const questions = [
      QUESTION,
      { ...QUESTION, uid: 'q2', answer: ['the modified method'], answer_type: 'span', scale: '' },
      { ...QUESTION, uid: 'q3', answer: ['1,571.7'], answer_type: 'span', scale: 'thousand' },
      { ...QUESTION, uid: 'q4', answer: '3', answer_type: 'count', scale: '' },
    ];
    await writeFile(file, JSON.stringify([{ ...DOCUMENT, questions }]));
    const loaded = await tatqaLoader.load(file);
    assert.deepEqual(loaded.map((question) => question.gold), [
      { kind: 'number', value: 12.5, tolerance: 0.005 + 1e-9 },
      { kind: 'text', value: 'the modified method' },
      { kind: 'number', value: 1571.7, tolerance: 1571.7 * 1e-4 },
      { kind: 'number', value: 3, tolerance: 0.005 + 1e-9 },
    ]);
    assert.equal(loaded[2]!.meta?.['scale'], 'thousand');
  });

  it('names file, document, question and field of malformed data', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[{ ...DOCUMENT, questions: [{ ...QUESTION, answer_type: 'guess' }] }], /field "\[0\]\.questions\[0\]\.answer_type": expected span, multi-span, arithmetic or count/],
      [[DOCUMENT, { ...DOCUMENT, questions: [{ ...QUESTION, scale: 'dozens' }] }], /field "\[1\]\.questions\[0\]\.scale"/],
      [[{ ...DOCUMENT, questions: [{ ...QUESTION, answer: 'twelve' }] }], /field "\[0\]\.questions\[0\]\.answer": expected a number for a arithmetic answer/],
      [[{ ...DOCUMENT, questions: [{ ...QUESTION, answer: [], answer_type: 'span' }] }], /expected a non-empty list of strings for a span answer/],
      [[{ ...DOCUMENT, table: [['a']] }], /field "\[0\]\.table": expected an object \{uid, table\}/],
      [[{ ...DOCUMENT, paragraphs: [{ uid: 'p', order: 1 }] }], /field "\[0\]\.paragraphs\[0\]\.text"/],
    ];
    for (const [content, pattern] of cases) {
      const file = join(dir, 'bad.json');
      await writeFile(file, JSON.stringify(content));
      await assert.rejects(tatqaLoader.load(file), (error: unknown) => error instanceof DatasetFormatError && pattern.test(error.message), String(pattern));
    }
  });
});
