import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { loadRatingsCsv, parseRatingsCsv } from '../../src/validation/ratings-csv.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-ratings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The error a malformed file raises. */
function rejected(text: string): DatasetFormatError {
  try {
    parseRatingsCsv(text, 'ratings.csv');
  } catch (error) {
    assert.ok(error instanceof DatasetFormatError, `expected a DatasetFormatError, got ${String(error)}`);
    return error;
  }
  assert.fail('the file parsed');
}

describe('ratings CSV', () => {
  it('reads question_id, rater, rating in any column order; quotes, CRLF, a BOM, blank lines and extra columns are fine', () => {
    const text = '\uFEFFrater,question_id,rating,note\r\n"Smith, J.",q1,4,"said ""mostly"" the same"\r\n\r\nLee,q1,5,\r\nLee,q2,1,contradiction\r\n';
    assert.deepEqual(parseRatingsCsv(text, 'ratings.csv'), [
      { questionId: 'q1', rater: 'Smith, J.', rating: 4, origin: 'ratings.csv:2' },
      { questionId: 'q1', rater: 'Lee', rating: 5, origin: 'ratings.csv:4' },
      { questionId: 'q2', rater: 'Lee', rating: 1, origin: 'ratings.csv:5' },
    ]);
  });

  it('an optional protocol column names the protocol of the rated reasoning', () => {
    assert.deepEqual(parseRatingsCsv('question_id,protocol,rater,rating\nq1,gdp,r1,3\nq1,du,r1,2\n', 'r.csv').map((rating) => rating.protocol), ['gdp', 'du']);
  });

  it('malformed rows are rejected with the file, the line and the column', () => {
    const header = 'question_id,rater,rating\n';
    const cases: Array<[string, RegExp]> = [
      [`${header}q1,r1,4\nq2,r1,6\n`, /^ratings\.csv, line 3, field "rating": expected a whole number from 1 to 5, found "6"$/],
      [`${header}q1,r1,3.5\n`, /^ratings\.csv, line 2, field "rating": expected a whole number from 1 to 5, found "3\.5"$/],
      [`${header}q1,r1,\n`, /line 2, field "rating": expected a whole number from 1 to 5, found ""/],
      [`${header}q1,r1,four\n`, /line 2, field "rating": .*found "four"/],
      [`${header}q1,r1\n`, /^ratings\.csv, line 2: expected 3 cells like the header on line 1, found 2$/],
      [`${header}q1,r1,2,extra\n`, /line 2: expected 3 cells like the header on line 1, found 4/],
      [`${header},r1,2\n`, /line 2, field "question_id": the question id is empty/],
      [`${header}q1, ,2\n`, /line 2, field "rater": the rater is empty/],
      [`${header}q1,r1,2\n\nq1,r1,3\n`, /^ratings\.csv, line 4, field "rater": r1 already rated question q1 on line 2$/],
      [`${header}"q1,r1,2\n`, /line 2: a quoted cell is never closed/],
      ['question,rater,score\nq1,r1,2\n', /^ratings\.csv, line 1, field "question_id": the header has no "question_id", "rating" column/],
      [header, /^ratings\.csv, line 1: no ratings$/],
      ['', /^ratings\.csv: no ratings$/],
    ];
    for (const [text, message] of cases) {
      const error = rejected(text);
      assert.match(error.message, message, JSON.stringify(text));
      assert.equal(error.code, 'DATASET_FORMAT');
      assert.match(error.hint!, /question_id,rater,rating|one rating per rater and question/);
    }
    assert.equal(rejected(`${header}q1,r1,4\nq2,r1,0\n`).line, 3);
  });

  it('loadRatingsCsv reads a file and names it in errors', async () => {
    const file = join(dir, 'ratings.csv');
    writeFileSync(file, 'question_id,rater,rating\nq1,r1,2\nq2,r1,9\n');
    await assert.rejects(loadRatingsCsv(file), (error: unknown) => error instanceof DatasetFormatError && error.message.startsWith(`${file}, line 3, field "rating"`));
    await assert.rejects(loadRatingsCsv(join(dir, 'none.csv')), /none\.csv: no such file/);
  });
});
