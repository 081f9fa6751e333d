/**
 * The UI's pure helpers: arranging a trace into the agent × round grid
 * and its per-round lines, laying out two agents' steps from a stored
 * alignment, and reading provenance out of shared-log entries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedCell, citedPassage, citedTable, referencedEntries } from '../../src/web/ui/lib/provenance.js';
import { roundLine, roundSummaries } from '../../src/web/ui/lib/round-summary.js';
import { defaultPair, sideBySide } from '../../src/web/ui/lib/side-by-side.js';
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

describe('roundSummaries', () => {
  // Expected lines read off the showcase fixture by hand: round 0 A→B, B→B, C→C; round 1 all B; round 2 C muted.
  const model = traceModel(showcaseEvents(), ['Agent A', 'Agent B', 'Agent C']);

  it('says per round who answered what and whether the speakers agreed, muted agents not counted', () => {
    assert.deepEqual(roundSummaries(model).map(roundLine), [
      'round 0 · Agent A: B, Agent B: B, Agent C: C · split: B ×2, C ×1',
      'round 1 · Agent A: B, Agent B: B, Agent C: B · unanimous: B',
      'round 2 · Agent A: B, Agent B: B, Agent C: muted · unanimous: B (2 of 3 spoke)',
    ]);
  });

  it("takes the runner's per-round unanimity when the final event records it", () => {
    const events = showcaseEvents().map((event) => (event.type === 'final' ? { ...event, unanimousByRound: [true, true, false] } : event));
    const recorded = roundSummaries(traceModel(events, ['Agent A', 'Agent B', 'Agent C']));
    assert.deepEqual(recorded.map((summary) => summary.unanimous), [true, true, false]);
  });
});

describe('sideBySide', () => {
  // A hand-made stored alignment: X (2 steps) and Y (3 steps) in S, Z outside S.
  const match = (step: number, to: number, cosine: number, contradiction: [number, number], flagged: boolean) => ({ step, match: to, cosine, contradiction, flagged });
  const agent = (name: string, steps: string[], inAgreementSet: boolean) => ({ name, answer: 'B', answers: ['B'], inAgreementSet, steps, ownSteps: steps.length, moved: false });
  const pairXY = {
    a: 'X',
    b: 'Y',
    hyb: 0.4,
    sim: 0.7,
    empty: false,
    cosine: [
      [0.2, 0.3, 0.9],
      [0.5, 0.1, 0.4],
    ],
    forward: { sim: 0.7, hyb: 0.45, matches: [match(0, 2, 0.9, [0.1, 0.8], true), match(1, 0, 0.5, [0.2, 0.1], false)] },
    backward: { sim: 0.7, hyb: 0.35, matches: [match(0, 1, 0.5, [0.05, 0.02], false), match(1, 0, 0.3, [0.3, 0.2], false), match(2, 0, 0.9, [0.8, 0.1], true)] },
  };
  const details = {
    aggregated: 'B',
    gold: 'B',
    correct: true,
    agents: [agent('X', ['x1', 'x2'], true), agent('Y', ['y1', 'y2', 'y3'], true), agent('Z', ['z1'], false)],
    pairs: [pairXY],
    scoringPoints: null,
    groundTruth: [],
    bestMatchPairs: 5,
    flaggedPairs: 2,
    vagueSteps: 0,
    agreementSetSteps: 5,
    lowCara: false,
    failureModes: [],
  };

  it("links each step to its stored best match, oriented by which agent is on the left", () => {
    const xy = sideBySide(details, 'X', 'Y');
    assert.deepEqual(xy.aligned?.linksLeft, [
      { match: 2, cosine: 0.9, contradiction: 0.8, flagged: true },
      { match: 0, cosine: 0.5, contradiction: 0.2, flagged: false },
    ]);
    assert.deepEqual(xy.aligned?.linksRight.map((link) => link?.match), [1, 0, 0]);
    const yx = sideBySide(details, 'Y', 'X');
    assert.deepEqual(yx.stepsLeft, ['y1', 'y2', 'y3']);
    assert.deepEqual(yx.aligned?.linksLeft, xy.aligned?.linksRight, 'Y on the left: the b→a matches');
    assert.deepEqual(yx.aligned?.linksRight, xy.aligned?.linksLeft);
  });

  it('has no links for an agent outside the agreement set (the audit aligns only S)', () => {
    const xz = sideBySide(details, 'X', 'Z');
    assert.equal(xz.aligned, null);
    assert.deepEqual(xz.stepsRight, ['z1']);
  });

  it('starts from the pair with the most contradicting best match, else the lowest CARA-HYB', () => {
    const pairXZ = { ...pairXY, b: 'Z', hyb: 0.1, forward: { ...pairXY.forward, matches: [match(0, 0, 0.6, [0.95, 0.1], true)] }, backward: { ...pairXY.backward, matches: [] } };
    assert.deepEqual(defaultPair({ ...details, pairs: [pairXY, pairXZ] }), ['X', 'Z']);
    const quiet = (pair: typeof pairXY, hyb: number) => ({ ...pair, hyb, forward: null, backward: null });
    assert.deepEqual(defaultPair({ ...details, pairs: [quiet(pairXY, 0.6), quiet(pairXZ, 0.2)] }), ['X', 'Z']);
    assert.deepEqual(defaultPair({ ...details, pairs: [] }), ['X', 'Y']);
  });
});
