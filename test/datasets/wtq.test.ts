import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { wtqLoader } from '../../src/datasets/wikitablequestions.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';
import { scoreAnswer } from '../../src/metrics/score-answer.js';
import { hasSharedData } from './shared-data-path.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-wtq-'));
  await mkdir(join(dir, 'data'));
  await mkdir(join(dir, 'csv', '200-csv'), { recursive: true });
  await writeFile(join(dir, 'csv', '200-csv', '1.csv'), '"Year","Film"\n"2019","A \\"quoted\\" film"\n"2020","Line\nbreak"\n');
  await writeFile(join(dir, 'csv', '200-csv', '2.tsv'), 'Year\tTeam\n2004\tA\\pB\n');
});
after(() => rm(dir, { recursive: true, force: true }));

const HEADER = 'id\tutterance\tcontext\ttargetValue\n';

describe('wtq loader', () => {
  it('loads the 200 shared questions with their 160 tables; lists, numbers and text golds', async (t) => {
    if (!hasSharedData('wikitablequestions', 'data', 'pristine-unseen-tables.tsv')) return t.skip('shared WikiTableQuestions sample absent');
    const { questions } = await loadQuestions({ dataset: 'wtq' });
    assert.equal(questions.length, 200);
    for (const question of questions) questionSchema.parse(question);
    assert.equal(new Set(questions.map((question) => question.meta?.['table'])).size, 160);
    const first = questions[0]!;
    assert.deepEqual([first.id, first.prompt, first.gold], ['wtq:nu-0', 'which country had the most cyclists finish within the top 10?', { kind: 'text', value: 'Italy' }]);
    assert.equal(first.context?.tables?.[0]?.rows[0]?.[3], `5h 29' 10"`);
    const murdered = questions.find((question) => question.id === 'wtq:nu-1')!;
    assert.deepEqual(murdered.gold, { kind: 'number', value: 100000, tolerance: 10 });
    const years = questions.find((question) => question.id === 'wtq:nu-10')!;
    assert.deepEqual(years.meta?.['answers'], ['2004', '2005', '2006']);
    assert.equal(scoreAnswer({ status: 'ok', value: '2004, 2005 and 2006' }, years.gold), true);
    assert.equal(scoreAnswer({ status: 'ok', value: '2004' }, years.gold), false);
  });

  it('finds tables under the dataset root, falls back to the .tsv, and unescapes fields', async () => {
    const file = join(dir, 'data', 'q.tsv');
    await writeFile(file, `${HEADER}q-0\twhich film?\tcsv/200-csv/1.csv\tA "quoted" film\nq-1\twho won\\nin 2004?\tcsv/200-csv/2.csv\tA\\pB\n`);
    const [film, team] = await wtqLoader.load(file);
    assert.deepEqual(film!.context?.tables?.[0]?.rows, [['2019', 'A "quoted" film'], ['2020', 'Line\nbreak']]);
    assert.equal(team!.prompt, 'who won\nin 2004?');
    assert.deepEqual(team!.gold, { kind: 'text', value: 'A|B' });
    assert.deepEqual(team!.context?.tables?.[0]?.rows, [['2004', 'A|B']]);
  });

  it('names file, line and field of malformed rows', async () => {
    const cases: Array<[string, RegExp]> = [
      ['id\tquestion\n', /line 1: expected the header id, utterance, context, targetValue/],
      [`${HEADER}q-0\tfine?\tcsv/200-csv/1.csv\tx\nq-1\tshort\n`, /line 3, field "context": missing/],
      [`${HEADER}q-0\twhich?\ttables/1.csv\tx\n`, /line 2, field "context": expected a table path/],
      [`${HEADER}q-0\twhich?\tcsv/200-csv/9.csv\tx\n`, /line 2, field "context": table csv\/200-csv\/9\.csv not found/],
      [`${HEADER}q-0\twhich?\tcsv/200-csv/1.csv\ta||b\n`, /line 2, field "targetValue"/],
    ];
    for (const [content, pattern] of cases) {
      const file = join(dir, 'data', 'bad.tsv');
      await writeFile(file, content);
      await assert.rejects(wtqLoader.load(file), (error: unknown) => error instanceof DatasetFormatError && pattern.test(error.message), String(pattern));
    }
  });
});
