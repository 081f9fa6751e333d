/**
 * The UI's pure helpers: arranging a trace into the agent × round grid,
 * and reading provenance out of shared-log entries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedPassage, citedTable, referencedEntries } from '../../src/web/ui/lib/provenance.js';
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

  it('finds the cited cell by column name or index, in any accepted table shape', () => {
    assert.deepEqual(citedTable({ table: { header, rows }, row: 1, column: '2019' }), { title: undefined, header, rows, row: 1, column: 2 });
    assert.equal(citedTable({ tableData: [header, ...rows], row: 0, column: 1 })?.column, 1);
    assert.equal(citedTable({ table: { id: 't1', header, rows }, row: 5, column: 'Revenue' })?.row, -1, 'a row outside the excerpt');
    assert.equal(citedTable({ table: 'table-1', row: 1 }), undefined, 'no table carried: nothing to draw');
  });

  it('finds the quoted span by offsets, or by the quote itself', () => {
    const passage = 'Revenue grew. Services increased 19.3% in 2019. Hardware was flat.';
    const quote = 'Services increased 19.3% in 2019';
    const start = passage.indexOf(quote);
    assert.deepEqual(citedPassage({ document: { title: 'MD&A', passage }, start, end: start + quote.length }, quote), { title: 'MD&A', text: passage, start, end: start + quote.length });
    assert.deepEqual(citedPassage({ passage }, quote), { title: undefined, text: passage, start, end: start + quote.length });
    assert.equal(citedPassage({ passage }, 'not in it')?.start, -1);
    assert.equal(citedPassage({ document: 'doc-1' }, quote), undefined);
  });

  it('reads the entries an answer relies on', () => {
    assert.deepEqual(referencedEntries({ relies: [0, 2], entry: 5, other: [9] }), [0, 2, 5]);
    assert.deepEqual(referencedEntries({}), []);
  });
});
