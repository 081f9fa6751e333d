/**
 * RA-CR: a muted agent has no turn in the round it sits out — not an
 * unparsed one. Three agents answer A in every turn; the judge mutes C in
 * round 1 (ranked last in round 0) and B in round 2 (ranked last of round
 * 1's speakers). Expected values by hand:
 * - turns taken: 3 (round 0) + 2 (A, B) + 2 (A, C) = 7, none unparsed, so
 *   the unparsed-turn share is 0/7 = 0 — before the fix C's silent round 1
 *   was stored as a null answer: 1 of 8 "turns", 12.5 %;
 * - agreement per round over the agents that spoke: round 0 {A, A, A},
 *   round 1 {A, A}, round 2 {A, A} — all unanimous, so [1, 1, 1] (round 1
 *   was 0 before the fix);
 * - C's silent round 1 is recorded as such; B's silent round 2 too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import { spokenAnswers } from '../../src/metrics/spoken-answers.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { Question } from '../../src/spec/question.js';
import { fixedClock } from '../../src/util/clock.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';

const question: Question = { id: 'q-mute', prompt: 'Which drug treats symptomatic bradycardia first?', options: { A: 'Atropine', B: 'Adenosine' }, gold: { kind: 'choice', value: 'A' } };

function judgeScoring(rounds: Array<Record<string, number>>): ScriptedBackend {
  let call = 0;
  return new ScriptedBackend({
    model: 'judge',
    fallback: () => JSON.stringify({ scores: Object.entries(rounds[call++] ?? {}).map(([id, score]) => ({ id, score })), rationale: 'ranked' }),
  });
}

describe('ra-cr: muted agents did not speak, they did not fail to parse', () => {
  it('3 agents, the judge mutes one per round: unparsed turns 0, agreement over the speakers', async () => {
    const always = ['A', 'A', 'A'];
    const judge = judgeScoring([
      { 'Agent A': 9, 'Agent B': 5, 'Agent C': 1 }, // C sits out round 1
      { 'Agent A': 9, 'Agent B': 1 }, // B sits out round 2
      { 'Agent A': 9, 'Agent C': 5 },
    ]);
    const result = await executeUnit({
      protocol: createDebateProtocol('ra-cr'),
      question,
      agents: agentsOn(scriptedDebate({ 'Agent A': always, 'Agent B': always, 'Agent C': always })),
      judge: { name: 'Judge', backend: judge, decoding: { temperature: 0 } },
      seed: 1,
      clock: fixedClock(),
    });
    assert.equal(result.status, 'done');
    const { summary } = result;
    assert.deepEqual(summary.silentRounds, { 'Agent C': [1], 'Agent B': [2] });
    assert.deepEqual(spokenAnswers(summary), { 'Agent A': ['A', 'A', 'A'], 'Agent B': ['A', 'A'], 'Agent C': ['A', undefined, 'A'] });

    const metrics = runMetrics([{ id: 'u0', runId: 'r', questionId: question.id, protocol: 'ra-cr', seed: 1, status: 'done', summary, finishedAt: result.finishedAt }]);
    assert.equal(metrics.unparsedTurns, 0);
    assert.deepEqual(metrics.dynamics.agreementByRound, [1, 1, 1]);
    assert.deepEqual(metrics.dynamics.accuracyByRound, [1, 1, 1]);
    assert.equal(metrics.dynamics.answerChanges, 0);
  });

  it('an unparsed turn of a speaking agent still counts as unparsed', async () => {
    const judge = judgeScoring([{ 'Agent A': 9, 'Agent B': 5, 'Agent C': 1 }, { 'Agent A': 9, 'Agent B': 1 }, {}]);
    // B's round-1 reply has no answer ("Z" is no option): 1 unparsed of 7 turns; round-1 agreement {A, null} is not unanimous
    const result = await executeUnit({
      protocol: createDebateProtocol('ra-cr'),
      question,
      agents: agentsOn(scriptedDebate({ 'Agent A': ['A', 'A', 'A'], 'Agent B': ['A', 'Z', 'A'], 'Agent C': ['A', 'A', 'A'] })),
      judge: { name: 'Judge', backend: judge, decoding: { temperature: 0 } },
      seed: 1,
      clock: fixedClock(),
    });
    const metrics = runMetrics([{ id: 'u0', runId: 'r', questionId: question.id, protocol: 'ra-cr', seed: 1, status: 'done', summary: result.summary, finishedAt: result.finishedAt }]);
    assert.equal(metrics.unparsedTurns, 1 / 7);
    assert.deepEqual(metrics.dynamics.agreementByRound, [1, 0, 1]);
  });
});
