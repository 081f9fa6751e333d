import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { detectDataset, loadQuestions } from '../../src/datasets/load-questions.js';
import { MMQA_SAMPLE_FILE, mmqaLoader } from '../../src/datasets/multimodalqa.js';
import { ConfigError, DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';

const FIXTURE = join(MMQA_SAMPLE_FILE, '..');
let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-mmqa-'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('mmqa loader on the written sample (fixtures/multimodalqa)', () => {
  it('joins each question with its table, texts and images', async () => {
    const { questions, path } = await loadQuestions({ dataset: 'mmqa' });
    assert.equal(path, 'default:mmqa');
    assert.equal(questions.length, 4);
    for (const question of questions) questionSchema.parse(question);
    const [tableOnly, tableText, imageTable, textOnly] = questions;
    assert.deepEqual(tableOnly!.gold, { kind: 'text', value: 'Northern Lights Diary' });
    assert.equal(tableOnly!.context?.tables?.[0]?.header[4], 'Prize money (USD)');
    assert.equal(tableOnly!.context?.tables?.[0]?.caption, 'Riverside Film Festival — Grand Prize winners');
    assert.deepEqual(tableText!.context?.passages?.map((passage) => passage.title), ['Tomas Varga', 'Aiko Tanabe']);
    assert.equal(tableText!.meta?.['type'], 'Compose(TextQ,TableQ)');
    const image = imageTable!.context?.images?.[0];
    assert.equal(image?.caption, 'The Quiet Harbor');
    assert.match(image?.path ?? '', /final_dataset_images[/\\]quiet-harbor-poster\.png$/);
    assert.deepEqual(textOnly!.gold, { kind: 'text', value: 'yes' });
    assert.equal(textOnly!.context?.tables, undefined);
    assert.equal((await detectDataset(MMQA_SAMPLE_FILE)).name, 'mmqa');
  });

  it('reads the gzipped files of the official release', async () => {
    for (const name of ['MMQA_dev', 'MMQA_tables', 'MMQA_texts', 'MMQA_images']) {
      await writeFile(join(dir, `${name}.jsonl.gz`), gzipSync(await readFile(join(FIXTURE, `${name}.jsonl`))));
    }
    await cp(join(FIXTURE, 'final_dataset_images'), join(dir, 'final_dataset_images'), { recursive: true });
    const questions = await mmqaLoader.load(join(dir, 'MMQA_dev.jsonl.gz'), { limit: 3 });
    assert.equal(questions.length, 3);
    assert.equal(questions[2]!.context?.images?.length, 1);
  });

  it('names file, line and field of malformed questions and missing documents', async () => {
    const lines = (await readFile(join(FIXTURE, 'MMQA_dev.jsonl'), 'utf8')).trim().split('\n');
    const bad = join(dir, 'bad');
    await cp(FIXTURE, bad, { recursive: true });
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...first, question: '' }, /line 2, field "question"/],
      [{ ...first, metadata: { ...(first['metadata'] as object), table_id: 'nope' } }, /line 2, field "metadata\.table_id": nope is not in MMQA_tables/],
      [{ ...first, metadata: { ...(first['metadata'] as object), text_doc_ids: 'x' } }, /line 2, field "metadata\.text_doc_ids": expected a list of document ids/],
      [{ ...first, answers: [{ answer: null }] }, /line 2, field "answers\[0\]\.answer"/],
    ];
    for (const [record, pattern] of cases) {
      await writeFile(join(bad, 'MMQA_dev.jsonl'), `${lines[0]}\n${JSON.stringify(record)}\n`);
      await assert.rejects(mmqaLoader.load(join(bad, 'MMQA_dev.jsonl')), (error: unknown) => error instanceof DatasetFormatError && pattern.test(error.message), String(pattern));
    }
    await writeFile(join(bad, 'MMQA_dev.jsonl'), `${lines[2]}\n`);
    await rm(join(bad, 'final_dataset_images', 'quiet-harbor-poster.png'));
    await assert.rejects(mmqaLoader.load(join(bad, 'MMQA_dev.jsonl')), (error: unknown) => error instanceof ConfigError && /quiet-harbor-poster\.png .* not found/.test(error.message));
  });
});
