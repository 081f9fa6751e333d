import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fetaqaLoader } from '../../src/datasets/fetaqa.js';
import { detectDataset, loadQuestions } from '../../src/datasets/load-questions.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from './shared-data-path.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-fetaqa-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const RECORD = { feta_id: 7, table_page_title: 'Page', table_section_title: 'Section', table_array: [['Year', 'Title'], ['2019', 'X']], highlighted_cell_ids: [[1, 1]], question: 'What?', answer: 'In 2019, X.' };

describe('fetaqa loader', () => {
  it('loads the 200 shared questions with inline tables and free-form answers', async (t) => {
    if (!hasSharedData('fetaqa', 'fetaQA-v1_test.jsonl')) return t.skip('shared FeTaQA sample absent');
    const { questions } = await loadQuestions({ dataset: 'fetaqa' });
    assert.equal(questions.length, 200);
    for (const question of questions) questionSchema.parse(question);
    const first = questions[0]!;
    assert.equal(first.id, 'fetaqa:2206');
    assert.equal(first.gold.kind, 'text');
    assert.match(first.gold.kind === 'text' ? first.gold.value : '', /^In 2019, Shagun Sharma played/);
    assert.equal(first.context?.tables?.[0]?.caption, 'Shagun Sharma — Television');
    assert.equal((first.meta?.['highlighted_cell_ids'] as unknown[]).length, 9);
    assert.equal((await detectDataset(sharedDataFile('fetaqa', 'fetaQA-v1_test.jsonl'))).name, 'fetaqa');
  });

  it('names file, line and field of malformed lines', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...RECORD, question: '' }, /line 2, field "question"/],
      [{ ...RECORD, answer: 3 }, /line 2, field "answer": expected the answer sentence/],
      [{ ...RECORD, table_array: [['a'], 'b'] }, /line 2, field "table_array\[1\]"/],
      [{ ...RECORD, highlighted_cell_ids: [[1]] }, /line 2, field "highlighted_cell_ids"/],
    ];
    for (const [record, pattern] of cases) {
      const file = join(dir, 'bad.jsonl');
      await writeFile(file, `${JSON.stringify(RECORD)}\n${JSON.stringify(record)}\n`);
      await assert.rejects(fetaqaLoader.load(file), (error: unknown) => error instanceof DatasetFormatError && pattern.test(error.message), String(pattern));
    }
  });
});
