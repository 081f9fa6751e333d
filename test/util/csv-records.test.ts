import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { parseCsvRecords } from '../../src/util/csv-records.js';

/** The error a malformed text raises. */
function rejected(text: string, dialect = {}): DatasetFormatError {
  try {
    parseCsvRecords('t.csv', text, dialect);
  } catch (error) {
    assert.ok(error instanceof DatasetFormatError, `expected a DatasetFormatError, got ${String(error)}`);
    return error;
  }
  assert.fail('the text parsed');
}

// Expected cells and lines are written out by hand from RFC 4180 §2 (rules 5–7: quoted
// cells hold commas, line breaks and "" for a quote); lines count from 1 where the record starts.
describe('parseCsvRecords', () => {
  it('quoted commas, doubled quotes, CRLF and a BOM', () => {
    const text = '\uFEFFname,said\r\n"Smith, J.","he said ""no"""\r\nLee,plain\r\n';
    assert.deepEqual(parseCsvRecords('t.csv', text), [
      { line: 1, cells: ['name', 'said'] },
      { line: 2, cells: ['Smith, J.', 'he said "no"'] },
      { line: 3, cells: ['Lee', 'plain'] },
    ]);
  });

  it('a quoted line break stays in its cell; the next record counts the physical line it starts on', () => {
    const text = 'a,"two\nlines",c\r\n\nd,"three\r\nmore\nlines"\ne,f';
    assert.deepEqual(parseCsvRecords('t.csv', text), [
      { line: 1, cells: ['a', 'two\nlines', 'c'] },
      { line: 4, cells: ['d', 'three\r\nmore\nlines'] },
      { line: 7, cells: ['e', 'f'] },
    ]);
  });

  it('ragged rows are returned as written; empty and white-space lines are skipped, a row of empty cells is kept', () => {
    assert.deepEqual(parseCsvRecords('t.csv', 'a,b,c\n1\n\n  \n,,\n1,2,3,4\n'), [
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1'] },
      { line: 5, cells: ['', '', ''] },
      { line: 6, cells: ['1', '2', '3', '4'] },
    ]);
  });

  it('non-ASCII text before a record does not shift its line', () => {
    assert.deepEqual(parseCsvRecords('t.csv', 'café,"naïve\nπ"\nx,y\n').map((record) => record.line), [1, 3]);
  });

  it('other separators, and files without quoting', () => {
    assert.deepEqual(parseCsvRecords('t.csv', 'Year#Team\n"1990#1991"#A\n', { separator: '#' }), [
      { line: 1, cells: ['Year', 'Team'] },
      { line: 2, cells: ['1990#1991', 'A'] },
    ]);
    assert.deepEqual(parseCsvRecords('t.tsv', 'id\tutterance\nnu-0\twhat is "x"?\n', { separator: '\t', quoted: false }), [
      { line: 1, cells: ['id', 'utterance'] },
      { line: 2, cells: ['nu-0', 'what is "x"?'] },
    ]);
  });

  it('backslash escapes (WikiTableQuestions): \\" and \\\\ inside quotes', () => {
    assert.deepEqual(parseCsvRecords('t.csv', '"5h 29\' 10\\"","\\\\0",a\\b\n', { escape: '\\' }), [{ line: 1, cells: [`5h 29' 10"`, '\\0', 'a\\b'] }]);
  });

  it('an unclosed quote names the line its record starts on', () => {
    const error = rejected('a,b\r\nc,d\r\n"open\r\n\r\nstill open', { hint: 'see the docs' });
    assert.equal(error.file, 't.csv');
    assert.equal(error.line, 3);
    assert.match(error.message, /^t\.csv, line 3: a quoted cell is never closed/);
    assert.equal(error.hint, 'see the docs');
  });

  it('text after a closing quote, and a quote inside an unquoted cell, name line and cell', () => {
    const closing = rejected('a,b\nc,"d"e\n');
    assert.equal(closing.line, 2);
    assert.equal(closing.field, 'cell 2');
    assert.match(closing.message, /expected a separator or the end of the line after a closing quote, found "e"/);
    const opening = rejected('a,b\nc,d"e\n');
    assert.equal(opening.line, 2);
    assert.match(opening.message, /a quote inside an unquoted cell/);
    assert.match(rejected('"a"x\n', { escape: '\\' }).message, /write \\" for a quote/);
  });
});
