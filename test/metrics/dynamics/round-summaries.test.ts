import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeRounds } from '../../../src/metrics/dynamics/round-summaries.js';
import { argumentDiversityMetric, peerReferenceRate, unitArgumentDiversity, unitPeerReferenceRate } from '../../../src/metrics/dynamics/run-dynamics.js';
import { unitDynamics } from '../../../src/metrics/dynamics/unit-dynamics.js';
import { summarizeUnit } from '../../../src/metrics/summarize-unit.js';
import type { TraceEventInput } from '../../../src/spec/trace.js';
import { unitSummarySchema } from '../../../src/store/unit-summary-schema.js';
import { everyEventTypeBodies, finalBody, traceEvents, turnBody, unitSummary } from '../../../src/testing/trace-fixtures.js';

const close = (actual: number | null | undefined, expected: number): void => {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);
};

const AGENTS = ['Agent A', 'Agent B', 'Agent C'];

/** A free-format turn with this rationale; from round 1 on it saw every agent's previous turn. */
function turn(agent: string, round: number, rationale: string, extra: { selected?: boolean; draft?: number } = {}): TraceEventInput {
  return turnBody({
    agent,
    round,
    position: AGENTS.indexOf(agent),
    saw: round === 0 ? [] : AGENTS.map((name) => ({ agent: name, round: round - 1 })),
    parsed: { answer: { status: 'ok', value: 'B' }, rationale, source: 'text' },
    ...extra,
  });
}

const judgeRank = (round: number): TraceEventInput => ({ ...(everyEventTypeBodies()[2] as Extract<TraceEventInput, { type: 'judge-rank' }>), round });

/**
 * Three agents, two interaction rounds. Stances: round 1 A agrees with B,
 * C says A is wrong; round 2 A builds on C. Round 1 also has an unselected
 * draft of B and a judge ranking (calls, not turns).
 */
const events = traceEvents([
  turn('Agent A', 0, 'The wages will rise sharply.'),
  turn('Agent B', 0, 'Wages rise slowly.'),
  turn('Agent C', 0, 'Rents fall.'),
  turn('Agent A', 1, 'I agree with Agent B. Wages rise.'),
  turn('Agent B', 1, 'Rents matter, I agree with Agent C.', { selected: false, draft: 1 }),
  turn('Agent B', 1, 'Rents matter.'),
  turn('Agent C', 1, 'Agent A is wrong about rents.'),
  judgeRank(1),
  turn('Agent A', 2, 'Building on Agent C, rents dominate.'),
  turn('Agent B', 2, ''),
  turn('Agent C', 2, 'Rents dominate.'),
  finalBody({ roundsRun: 3 }),
]);

describe('per-round summaries of a unit', () => {
  it('count calls and tokens of every call, turns of selected drafts, peer references and AD, by hand', () => {
    const rounds = summarizeRounds(events);
    assert.equal(rounds.length, 3);
    // turnBody usage: 120 + 40 tokens; the judge ranking's: 300 + 20
    assert.deepEqual(
      rounds.map(({ calls, tokens, turns, peerReferences }) => ({ calls, tokens, turns, peerReferences })),
      [
        { calls: 3, tokens: 480, turns: 3, peerReferences: 0 },
        { calls: 5, tokens: 4 * 160 + 320, turns: 3, peerReferences: 2 },
        { calls: 3, tokens: 480, turns: 3, peerReferences: 1 },
      ],
    );
    // round 0: {wages, rise, sharply} {wages, rise, slowly} {rents, fall} → (0.5 + 1 + 1) / 3 = 5/6
    close(rounds[0]!.argumentDiversity, 5 / 6);
    // round 1: A {agree, agent, wages, rise}, B {rents, matter}, C {agent, wrong, rents}
    //   d(A,B) = 1 − 0/6 = 1; d(A,C) = 1 − 1/6 = 5/6; d(B,C) = 1 − 1/4 = 3/4 → (1 + 5/6 + 3/4) / 3 = 31/36
    close(rounds[1]!.argumentDiversity, 31 / 36);
    // round 2: B wrote nothing; A {building, agent, rents, dominate}, C {rents, dominate} → 1 − 2/4 = 0.5
    close(rounds[2]!.argumentDiversity, 0.5);

    // unit PRR = (2 + 1) / (3 + 3) = 0.5; unit AD = (5/6 + 31/36 + 1/2) / 3 = 79/108
    assert.equal(unitPeerReferenceRate(rounds), 0.5);
    close(unitArgumentDiversity(rounds), 79 / 108);
    const perUnit = unitDynamics(summarizeUnit(events));
    assert.equal(perUnit.prr, 0.5);
    close(perUnit.ad, 79 / 108);
    // answers are option letters: no CF, no absolute error
    assert.equal(perUnit.cf, null);
    assert.equal(perUnit.absoluteError, null);
    assert.deepEqual(unitDynamics(unitSummary()), { prr: null, ad: null, cf: null, absoluteError: null });
  });

  it('summarizeUnit stores them as the optional `rounds` field, which the store schema accepts', () => {
    const summary = summarizeUnit(events);
    assert.deepEqual(summary.rounds, summarizeRounds(events));
    assert.deepEqual(unitSummarySchema.parse(summary), summary);
    const { rounds: _absent, ...older } = summary;
    assert.deepEqual(unitSummarySchema.parse(older), older);
  });

  it('aggregate PRR and AD over units: mean over defined units, undefined and missing units counted', () => {
    const full = summarizeUnit(events);
    const voting = summarizeUnit(traceEvents([turn('Agent A', 0, 'wages rise'), turn('Agent B', 0, 'rents fall'), finalBody({ roundsRun: 1 })]));
    const quiet = summarizeUnit(
      traceEvents([turn('Agent A', 0, 'x'), turn('Agent B', 0, 'rents'), turn('Agent A', 1, 'Nothing new.'), turn('Agent B', 1, 'Rents.'), finalBody({ roundsRun: 2 })]),
    );
    const older = unitSummary();
    const prr = peerReferenceRate([full, voting, quiet, older]);
    // full 0.5, quiet 0/2 = 0 → mean 0.25; voting ran no interaction round; older has no per-round data
    assert.deepEqual(prr, { mean: 0.25, units: 2, undefinedUnits: 1, missing: 1, turns: 8, references: 3, byRound: [null, 2 / 5, 1 / 3] });

    const ad = argumentDiversityMetric([full, voting, quiet, older]);
    // voting: {wages, rise} vs {rents, fall} → 1. quiet: round 0 has one agent with content words ("x" is a single letter) → null;
    //   round 1 {nothing, new} vs {rents} → 1. Unit means: full 79/108, voting 1, quiet 1.
    close(ad.mean, (79 / 108 + 1 + 1) / 3);
    // last rounds: full 0.5, voting 1, quiet 1
    close(ad.final, 2.5 / 3);
    assert.equal(ad.units, 3);
    assert.equal(ad.undefinedUnits, 0);
    assert.equal(ad.missing, 1);
    close(ad.byRound[0], (5 / 6 + 1) / 2);
    close(ad.byRound[1], (31 / 36 + 1) / 2);
    close(ad.byRound[2], 0.5);
  });
});

describe('summarizer and moderator turns (ChatEval, MAD) are calls, not answers', () => {
  // Two debaters answer B in both rounds; a summarizer speaks after round 0 and a moderator after round 1.
  // Their turns carry no answer: counted with the round's calls and tokens, never as a turn, an answer or a text for AD.
  const speaking = (agent: string, round: number, role: 'summarizer' | 'moderator'): TraceEventInput =>
    turnBody({ agent, round, position: 2, saw: [], parsed: { answer: { status: 'unparsed', value: null }, rationale: 'Both agents argue for B; nothing new.', source: 'text' }, role });
  const debate = traceEvents([
    turn('Agent A', 0, 'Wages rise.'),
    turn('Agent B', 0, 'Wages rise.'),
    speaking('Summarizer', 0, 'summarizer'),
    turn('Agent A', 1, 'Wages rise.'),
    turn('Agent B', 1, 'Wages rise.'),
    speaking('Moderator', 1, 'moderator'),
    finalBody({ roundsRun: 2 }),
  ]);

  it('round summaries: 3 calls but 2 turns per round, AD over the debaters only (identical words → 0)', () => {
    const rounds = summarizeRounds(debate);
    assert.deepEqual(rounds.map(({ calls, turns }) => ({ calls, turns })), [{ calls: 3, turns: 2 }, { calls: 3, turns: 2 }]);
    // {wages, rise} twice: Jaccard distance 0; with the summary's words it would be > 0
    close(rounds[0]!.argumentDiversity, 0);
  });

  it('unit summary: answers by round list the two debaters only, and no unparsed answer is invented', () => {
    const summary = summarizeUnit(debate);
    assert.deepEqual(Object.keys(summary.answersByRound).sort(), ['Agent A', 'Agent B']);
    assert.equal(summary.calls, 6);
  });
});
