import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unitAuditInput } from '../../src/audit-runner/unit-audit-input.js';
import type { UnitRecord } from '../../src/spec/store.js';
import { finalBody, traceEvents, turnBody, voteBody } from '../../src/testing/trace-fixtures.js';

const unit: UnitRecord = { id: 'u_1', runId: 'r', questionId: 'q1', protocol: 'gdp', seed: 3, status: 'done', summary: null, finishedAt: null };

function gdpTurn(agent: string, round: number, answer: string | null, steps: Array<[string, string]>, draft = 0) {
  return turnBody({
    agent,
    round,
    draft,
    // the fixtures' judge always picks draft 0
    selected: draft === 0,
    parsed: {
      answer: answer === null ? { status: 'unparsed', value: null } : { status: 'ok', value: answer },
      rationale: steps.map(([claim, ground]) => `${claim} — ${ground}`).join('\n'),
      steps: steps.map(([claim, ground]) => ({ claim, ground })),
      source: 'json',
    },
  });
}

describe('unitAuditInput', () => {
  it('reads final-round GDP steps, answer histories, copied steps and the aggregated answer', () => {
    const events = traceEvents([
      gdpTurn('Agent A', 0, 'B', [['Atropine blocks M2', 'pharmacology']]),
      gdpTurn('Agent B', 0, 'C', [['Adenosine slows AV conduction', 'ACLS']]),
      gdpTurn('Agent C', 0, null, [['Pacing may help', 'guideline']]),
      voteBody({ round: 0 }),
      gdpTurn('Agent A', 1, 'B', [['Atropine blocks M2', 'pharmacology'], ['Vagal tone falls', 'physiology']]),
      // Agent B copies A's round-0 step word for word and moves to B.
      gdpTurn('Agent B', 1, 'B', [['atropine blocks M2', 'Pharmacology!']]),
      // A second draft is an alternative the judge chose from, not the agent's turn.
      gdpTurn('Agent B', 1, 'D', [['Draft step that should be ignored', 'none']], 1),
      finalBody({ answer: { status: 'ok', value: 'B' }, gold: 'B', correct: true }),
    ]);
    const input = unitAuditInput(unit, events, { stepCap: 32, scoringPoints: ['  Atropine   blocks M2 ', ''] });
    assert.equal(input.aggregated, 'B');
    assert.equal(input.correct, true);
    assert.deepEqual(input.scoringPoints, ['Atropine blocks M2']);
    assert.deepEqual(
      input.agents.map((agent) => [agent.name, agent.answer, agent.answers, agent.steps, agent.ownSteps]),
      [
        ['Agent A', 'B', ['B', 'B'], ['Atropine blocks M2 — pharmacology', 'Vagal tone falls — physiology'], 2],
        ['Agent B', 'B', ['C', 'B'], ['atropine blocks M2 — Pharmacology!'], 0],
        // Agent C sat out round 1: its final turn is round 0's.
        ['Agent C', null, [null], ['Pacing may help — guideline'], 1],
      ],
    );
  });

  it('caps steps and reports an unparsed or missing final answer as null', () => {
    const many = Array.from({ length: 5 }, (_, index): [string, string] => [`claim number ${index}`, `ground ${index}`]);
    const events = traceEvents([gdpTurn('Agent A', 0, 'B', many), finalBody({ answer: { status: 'ambiguous', value: null, candidates: ['B', 'C'] } })]);
    const input = unitAuditInput(unit, events, { stepCap: 2 });
    assert.equal(input.agents[0]!.steps.length, 2);
    assert.equal(input.aggregated, null);
    assert.equal(input.scoringPoints, null);
    assert.equal(unitAuditInput(unit, [], { stepCap: 2 }).aggregated, null);
  });
});
