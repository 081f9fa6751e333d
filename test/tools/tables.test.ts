import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { fetaqaTable, finqaTable, tableFromRows, tatqaTable } from '../../src/tools/tables/array-table.js';
import { mmqaTable } from '../../src/tools/tables/mmqa-table.js';
import { renderTable } from '../../src/tools/tables/render-table.js';
import { selectRows } from '../../src/tools/tables/select-rows.js';
import { findColumn, resolveCell } from '../../src/tools/tables/table-cell.js';
import { parseWtqCsv, parseWtqTsv } from '../../src/tools/tables/wtq-csv.js';
import { hasSharedData, sharedDataFile } from '../datasets/shared-data-path.js';

describe('table parsers on the shared samples', () => {
  it('FinQA `table`: header first, 200 tables, the first one as in the file', (t) => {
    if (!hasSharedData('finqa', 'dev.json')) return t.skip('shared FinQA sample absent');
    const items = JSON.parse(readFileSync(sharedDataFile('finqa', 'dev.json'), 'utf8')) as Array<{ table: unknown }>;
    const tables = items.map((item, index) => finqaTable(item.table, { file: 'dev.json', field: `[${index}].table` }));
    assert.equal(tables.length, 200);
    assert.deepEqual(tables[0]!.header, ['company', 'payments volume ( billions )', 'total volume ( billions )', 'total transactions ( billions )', 'cards ( millions )']);
    assert.deepEqual(tables[0]!.rows[2], ['american express', '637', '647', '5.0', '86']);
    assert.ok(tables.every((table) => table.rows.every((row) => row.length === table.header.length)));
  });

  it('TAT-QA `table.table`: one header row, the second header row stays data', (t) => {
    if (!hasSharedData('tatqa', 'tatqa_dataset_test_gold.json')) return t.skip('shared TAT-QA sample absent');
    const documents = JSON.parse(readFileSync(sharedDataFile('tatqa', 'tatqa_dataset_test_gold.json'), 'utf8')) as Array<{ table: unknown }>;
    const tables = documents.map((document, index) => tatqaTable(document.table, { file: 'tatqa.json', field: `[${index}].table` }));
    assert.equal(tables.length, 34);
    assert.deepEqual(tables[1]!.header, ['', '', 'Years Ended', '', '', '']);
    assert.deepEqual(tables[1]!.rows[0], ['', 'July 27, 2019', 'July 28, 2018', 'July 29, 2017', 'Variance in Dollars', 'Variance in Percent']);
    assert.equal(tables[0]!.rows[1]![2], '(3.1)');
  });

  it('WikiTableQuestions CSV: backslash-escaped quotes and backslashes, line breaks inside quotes; every CSV equals its TSV', (t) => {
    const root = sharedDataFile('wikitablequestions', 'csv');
    if (!hasSharedData('wikitablequestions', 'csv')) return t.skip('shared WikiTableQuestions sample absent');
    const cyclists = parseWtqCsv(readFileSync(join(root, '203-csv', '733.csv'), 'utf8'), '733.csv', 'csv/203-csv/733.csv');
    assert.deepEqual(cyclists.header, ['Rank', 'Cyclist', 'Team', 'Time', 'UCI ProTour\nPoints']);
    assert.equal(cyclists.rows[0]![3], `5h 29' 10"`);
    assert.equal(cyclists.rows[7]![3], '+ 2"');
    const escapes = parseWtqCsv(readFileSync(join(root, '203-csv', '128.csv'), 'utf8'), '128.csv', 'csv/203-csv/128.csv');
    assert.equal(escapes.rows[0]![2], '\\0');
    let compared = 0;
    for (const folder of readdirSync(root)) {
      for (const name of readdirSync(join(root, folder)).filter((file) => file.endsWith('.csv'))) {
        const csv = parseWtqCsv(readFileSync(join(root, folder, name), 'utf8'), name, name);
        const tsv = parseWtqTsv(readFileSync(join(root, folder, name.replace(/\.csv$/, '.tsv')), 'utf8'), name, name);
        // The TSV rendering trims cells and writes some spaces as no-break spaces; the CSV keeps them as written.
        const trim = (rows: string[][]) => rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()));
        assert.deepEqual(trim([csv.header, ...csv.rows]), trim([tsv.header, ...tsv.rows]), `${folder}/${name}`);
        compared++;
      }
    }
    assert.equal(compared, 160);
  });

  it('FeTaQA `table_array` with page and section as caption', (t) => {
    if (!hasSharedData('fetaqa', 'fetaQA-v1_test.jsonl')) return t.skip('shared FeTaQA sample absent');
    const first = JSON.parse(readFileSync(sharedDataFile('fetaqa', 'fetaQA-v1_test.jsonl'), 'utf8').split('\n')[0]!) as { table_array: unknown };
    const table = fetaqaTable(first.table_array, { file: 'feta.jsonl', line: 1, field: 'table_array' }, 'Shagun Sharma — Television');
    assert.deepEqual(table.header, ['Year', 'Title', 'Role', 'Channel']);
    assert.equal(table.rows.length, 8);
    assert.equal(table.caption, 'Shagun Sharma — Television');
  });
});

describe('table parsers on malformed input', () => {
  it('names file, index and field', () => {
    assert.throws(() => finqaTable('no table', { file: 'dev.json', field: '[3].table' }), (error: unknown) => error instanceof DatasetFormatError && /dev\.json, field "\[3\]\.table": expected a list of rows/.test(error.message));
    assert.throws(() => tableFromRows([['a'], ['b', { x: 1 }]], { file: 'f.json', field: '[0].table' }, { id: 't' }), /field "\[0\]\.table\[1\]\[1\]": expected a cell string/);
    assert.throws(() => tatqaTable([], { file: 't.json', field: '[2].table' }), /expected an object \{uid, table\}/);
  });

  it('pads ragged rows so every row has one cell per column', () => {
    const table = tableFromRows([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']], { file: 'f', field: 'table' }, { id: 't' });
    assert.deepEqual(table.header, ['a', 'b', 'c', '']);
    assert.deepEqual(table.rows, [['1', '', '', ''], ['1', '2', '3', '4']]);
  });

  it('WikiTableQuestions CSV: an unterminated quote names its line', () => {
    assert.throws(() => parseWtqCsv('"a","b"\n"1","unterminated\n', 'x.csv', 'x'), (error: unknown) => error instanceof DatasetFormatError && error.line === 2 && /never closed/.test(error.message));
    assert.throws(() => parseWtqCsv('"a"x,"b"\n', 'x.csv', 'x'), /after a closing quote, found "x"/);
    assert.deepEqual(parseWtqCsv('a,"b \\"c\\" \\\\ d"\r\n1,2', 'x.csv', 'x'), { id: 'x', header: ['a', 'b "c" \\ d'], rows: [['1', '2']] });
  });

  it('MultiModalQA table records', () => {
    const table = mmqaTable({ id: 'T1', title: 'Page', table: { table_name: 'Winners', header: [{ column_name: 'Year' }, { column_name: 'Film' }], table_rows: [[{ text: '2019', links: [] }, { text: 'X', links: [] }]] } }, { file: 'MMQA_tables.jsonl', line: 1, field: 'table' });
    assert.deepEqual(table, { id: 'T1', header: ['Year', 'Film'], rows: [['2019', 'X']], caption: 'Page — Winners' });
    assert.throws(() => mmqaTable({ id: 'T1', table: { header: [{ column_name: 3 }], table_rows: [] } }, { file: 'MMQA_tables.jsonl', line: 4, field: 'table' }), /line 4, field "table\.header\[0\]\.column_name"/);
  });
});

describe('cells, rendering and row selection', () => {
  const table = { id: 'table', header: ['item', '2019 ( in millions )', '2018'], rows: [['revenue', '$ 5,829', '5735'], ['net | income', '1200\n(restated)', '(3.1)'], ['stores', '12', '10']] };

  it('resolves cells by row index and column name, loosely or by index', () => {
    assert.equal(findColumn(table, '2019 (in millions)'), 1);
    assert.equal(findColumn(table, '2'), 2);
    assert.equal(findColumn(table, 'nope'), -1);
    const cell = resolveCell(table, 0, '2019 ( in millions )');
    assert.ok(!('error' in cell) && cell.text === '$ 5,829' && cell.rowLabel === 'revenue');
    assert.match((resolveCell(table, 9, '2018') as { error: string }).error, /no row 9 \(rows 0–2\)/);
  });

  it('renders row numbers and escapes pipes and line breaks', () => {
    const text = renderTable(table, { rows: [0, 1] });
    assert.match(text, /^Table "table": 3 rows, columns "item", "2019 \( in millions \)", "2018"/);
    assert.match(text, /\| 1 \| net \\\| income \| 1200 \/ \(restated\) \| \(3\.1\) \|/);
    assert.match(text, /\(1 of 3 rows not shown\)$/);
  });

  it('keeps small tables whole and picks BM25 rows of large ones, in table order', () => {
    assert.deepEqual(selectRows(table, 'anything', 5), [0, 1, 2]);
    const big = { id: 'big', header: ['year', 'team'], rows: Array.from({ length: 50 }, (_, index) => [String(1950 + index), index === 37 ? 'Boston Celtics' : `Team ${index}`]) };
    const rows = selectRows(big, 'When did the Boston Celtics win?', 5);
    assert.equal(rows.length, 5);
    assert.ok(rows.includes(37));
    assert.deepEqual(rows, [...rows].sort((a, b) => a - b));
  });
});
