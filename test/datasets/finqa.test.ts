import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { finqaLoader } from '../../src/datasets/finqa.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from './shared-data-path.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-finqa-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const ITEM = { id: 'X/2019/page_1.pdf-1', pre_text: ['revenue rose .', 'costs fell .'], post_text: ['all in millions .'], table: [['', '2019', '2018'], ['revenue', '$ 120', '100']], qa: { question: 'what was the change?', program: 'subtract(120, 100)', exe_ans: 20.0, answer: '20', gold_inds: { table_1: 'revenue …' } } };

describe('finqa loader', () => {
  it('loads the 200 shared dev items with passages, the table and the executed answer', async (t) => {
    if (!hasSharedData('finqa', 'dev.json')) return t.skip('shared FinQA sample absent');
    const { questions, name, path } = await loadQuestions({ dataset: 'finqa' });
    assert.equal(name, 'finqa');
    assert.equal(path, 'default:finqa');
    assert.equal(questions.length, 200);
    for (const question of questions) questionSchema.parse(question);
    assert.equal(questions.filter((question) => question.gold.kind === 'number').length, 190);
    assert.equal(questions.filter((question) => question.gold.kind === 'text').length, 10);
    const first = questions[0]!;
    assert.equal(first.id, 'finqa:V/2008/page_17.pdf-1');
    assert.equal(first.prompt, 'what is the average payment volume per transaction for american express?');
    assert.deepEqual(first.gold, { kind: 'number', value: 127.4, tolerance: 127.4 * 1e-4 });
    assert.equal(first.meta?.['program'], 'divide(637, const_5)');
    assert.deepEqual(first.context?.tables?.[0]?.rows[2], ['american express', '637', '647', '5.0', '86']);
    assert.equal(first.context?.passages?.[0]?.id, 'text_0');
    const limited = await finqaLoader.load(sharedDataFile('finqa', 'dev.json'), { limit: 3 });
    assert.equal(limited.length, 3);
  });

  it('reads a well-formed item and gives numbers the table-QA tolerance', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(file, JSON.stringify([ITEM, { ...ITEM, id: 'y', qa: { ...ITEM.qa, exe_ans: 'yes' } }, { ...ITEM, id: 'z', qa: { question: 'no gold?' } }]));
    const [number, yes, none] = await finqaLoader.load(file);
    assert.deepEqual(number!.gold, { kind: 'number', value: 20, tolerance: 0.005 + 1e-9 });
    assert.deepEqual(number!.context?.passages?.map((passage) => passage.id), ['text_0', 'text_1', 'text_2']);
    assert.deepEqual(yes!.gold, { kind: 'text', value: 'yes' });
    assert.deepEqual(none!.gold, { kind: 'none' });
  });

  it('names file, item index and field of malformed items', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[{ ...ITEM, qa: { ...ITEM.qa, question: '' } }], /field "\[0\]\.qa\.question": expected a non-empty string/],
      [[ITEM, { ...ITEM, pre_text: 'text' }], /field "\[1\]\.pre_text": expected a list of sentences/],
      [[{ ...ITEM, table: [['a'], 'row'] }], /field "\[0\]\.table\[1\]": expected a list of cells/],
      [[{ ...ITEM, qa: { ...ITEM.qa, exe_ans: 'maybe' } }], /field "\[0\]\.qa\.exe_ans": expected a number or "yes"\/"no"/],
      [[42], /field "\[0\]": expected an object/],
      [{ not: 'an array' }, /expected a JSON array of items/],
    ];
    for (const [content, pattern] of cases) {
      const file = join(dir, 'bad.json');
      await writeFile(file, JSON.stringify(content));
      await assert.rejects(finqaLoader.load(file), (error: unknown) => error instanceof DatasetFormatError && error.message.includes('bad.json') && pattern.test(error.message), String(pattern));
    }
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '[\n  {"id": 1,\n  oops\n]');
    await assert.rejects(finqaLoader.load(broken), (error: unknown) => error instanceof DatasetFormatError && error.line === 3);
  });
});
