/**
 * The UI's pure helpers: arranging a trace into the agent × round grid,
 * and reading provenance out of shared-log entries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedCell, citedPassage, citedTable, referencedEntries } from '../../src/web/ui/lib/provenance.js';
import { cellKey, traceModel, turnAnswer } from '../../src/web/ui/lib/trace-model.js';
import { dealogEvents } from './fixtures/dealog-unit.js';
import { showcaseEvents } from './fixtures/gdp-unit.js';

describe('traceModel', () => {
  const model = traceModel(showcaseEvents(), ['Agent A', 'Agent B', 'Agent C']);

  it('puts every turn in its agent × round cell, the judge-selected draft first', () => {
    assert.deepEqual(model.agents, ['Agent A', 'Agent B', 'Agent C']);
    assert.deepEqual(model.rounds, [0, 1, 2]);
    const a0 = model.cells.get(cellKey('Agent A', 0))!;
    assert.equal(a0.drafts.length, 2);
    assert.equal(a0.selected?.draft, 0);
    assert.deepEqual(a0.draftRanking?.ranking, ['Agent A#0', 'Agent A#1']);
    assert.equal(turnAnswer(a0.selected), 'B');
  });

  it('marks mutes, judge ranks and votes', () => {
    assert.equal(model.cells.get(cellKey('Agent C', 2))?.muted?.reason, 'lowest-ranked by the judge in round 1');
    assert.equal(model.cells.get(cellKey('Agent C', 2))?.selected, undefined);
    assert.deepEqual(model.cells.get(cellKey('Agent C', 0))?.rank, { place: 3, of: 3, score: 0.22 });
    assert.equal(model.votes.get(1)?.unanimous, true);
    assert.equal(model.final?.answer.value, 'B');
    assert.equal(model.hasSteps, true);
  });

  it('collects shared-log entries in log order', () => {
    const log = traceModel(dealogEvents(), []);
    assert.equal(log.cells.size, 0);
    assert.deepEqual(
      log.logEntries.map((entry) => entry.logSeq),
      [0, 1, 2, 3, 4, 5, 6, 7, 8],
    );
    assert.equal(log.verifies.length, 2);
  });
});

describe('provenance', () => {
  const header = ['Segment', '2018', '2019'];
  const rows = [
    ['Hardware', '812', '905'],
    ['Services', '1,034', '1,234'],
  ];

  it('finds the cited cell in a carried table by column index or name, in any accepted table shape', () => {
    assert.deepEqual(citedTable({ table: 'table-1', tableData: { header, rows }, row: 1, column: '2019', columnIndex: 2 }), { title: 'table-1', header, rows, row: 1, column: 2 });
    assert.equal(citedTable({ table: { header, rows }, row: 1, column: '2018' })?.column, 1);
    assert.equal(citedTable({ cells: [header, ...rows], row: 0, column: 1 })?.row, 0);
    assert.equal(citedTable({ tableData: { header, rows }, row: 5, column: 'Revenue' })?.row, -1, 'a row outside the excerpt');
  });

  it('describes the cited cell from the ids when the table is not carried (what the engine writes)', () => {
    const meta = { source: 'table', table: 'table-1', row: 1, column: '2018', columnIndex: 1, rowLabel: 'Services', cell: '1,034', value: '1,043' };
    assert.equal(citedTable(meta), undefined);
    assert.deepEqual(citedCell(meta), { table: 'table-1', row: 1, rowLabel: 'Services', column: '2018', cell: '1,034', value: '1,043' });
    assert.equal(citedCell({ answer: 3 }), undefined);
  });

  it('finds the quoted span by offsets or by the quote in a carried passage, and keeps bare offsets otherwise', () => {
    const passage = 'Revenue grew. Services increased 19.3% in 2019. Hardware was flat.';
    const quote = 'Services increased 19.3% in 2019';
    const start = passage.indexOf(quote);
    const end = start + quote.length;
    assert.deepEqual(citedPassage({ passage: 'passage-2', start, end, match: 'exact', passageText: passage }, quote), { title: 'passage-2', text: passage, start, end, match: 'exact' });
    assert.deepEqual(citedPassage({ document: { title: 'MD&A', passage } }, quote), { title: 'MD&A', text: passage, start, end, match: undefined });
    assert.equal(citedPassage({ passageText: passage }, 'not in it')?.start, -1);
    assert.deepEqual(citedPassage({ source: 'passage', passage: 'passage-2', start: 3, end: 9, match: 'exact' }, quote), { title: 'passage-2', text: undefined, start: 3, end: 9, match: 'exact' });
    assert.equal(citedPassage({ passage: 'passage-2' }, quote), undefined);
  });

  it('reads the entries an entry builds on or judges', () => {
    assert.deepEqual(referencedEntries({ uses: [0, 2], answerSeq: 4, other: [9] }), [0, 2, 4]);
    assert.deepEqual(referencedEntries({ relies: [1], entries: [1, 3] }), [1, 3]);
    assert.deepEqual(referencedEntries({}), []);
  });
});
