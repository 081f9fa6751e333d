import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRunMetrics, metricsJson } from '../../src/cli/format-metrics.js';
import { adaptiveSavings, escalationStats, interactionRoundCalls, isAdaptive } from '../../src/metrics/adaptive-savings.js';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { createDebateProtocol, resolveDebateParams } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { UnitRecord, UnitRoundSummary, UnitSummary } from '../../src/spec/store.js';
import { fixedClock } from '../../src/util/clock.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';
import { runConfig, runRecord, unitSummary } from '../../src/testing/trace-fixtures.js';

const round = (calls: number, tokens: number): UnitRoundSummary => ({ calls, tokens, turns: calls, peerReferences: 0, argumentDiversity: null });

/** A unit whose rounds cost what is given (tokens all prompt tokens). */
function unit(rounds: UnitRoundSummary[] | undefined, roundsRun = rounds?.length ?? 1, calls = 3, tokens = 300): UnitSummary {
  const spent = rounds === undefined ? { calls, tokens } : { calls: rounds.reduce((sum, r) => sum + r.calls, 0), tokens: rounds.reduce((sum, r) => sum + r.tokens, 0) };
  return unitSummary({ roundsRun, calls: spent.calls, usage: { promptTokens: spent.tokens, cachedPromptTokens: 0, completionTokens: 0 }, ...(rounds === undefined ? {} : { rounds }) });
}

describe('adaptive savings', () => {
  const adaptiveDu = resolveDebateParams('adaptive');

  it('applies only to runs that check consensus after round 0', () => {
    assert.ok(isAdaptive(adaptiveDu));
    assert.ok(!isAdaptive(resolveDebateParams('du')));
    assert.ok(!isAdaptive(resolveDebateParams('du', { stopOnConsensus: true })));
    assert.equal(adaptiveSavings(resolveDebateParams('du'), 3, escalationStats([unit([round(3, 300)])])), null);
  });

  it('calls of the interaction rounds follow from the escalation preset', () => {
    // du: R = 2 rounds × 3 agents
    assert.equal(interactionRoundCalls(adaptiveDu, 3), 6);
    // ra-cr: per round 2 speakers (one muted) + 1 judge ranking → 2 × 3
    assert.equal(interactionRoundCalls(resolveDebateParams('adaptive', {}, { escalate: 'ra-cr' }), 3), 6);
    // du with 2 drafts: per round 3 agents × 2 drafts + 3 draft judgements → 2 × 9
    assert.equal(interactionRoundCalls(resolveDebateParams('adaptive', { drafts: 2 }), 3), 18);
    assert.equal(interactionRoundCalls(resolveDebateParams('adaptive', { rounds: 0 }), 3), 0);
  });

  it('designed run: 1 of 4 units escalated, by hand', () => {
    const escalated = unit([round(3, 300), round(3, 600), round(3, 900)]);
    const stopped = unit([round(3, 300)]);
    const savings = adaptiveSavings(adaptiveDu, 3, escalationStats([escalated, stopped, stopped, stopped]));
    // 3 stopped units × 6 calls = 18 saved; the run made 9 + 3 × 3 = 18 calls → 18 / 36 = 0.5
    // escalated later rounds: 1500 tokens / 6 calls = 250 per call → 18 × 250 = 4500 tokens; run tokens 1800 + 900 = 2700 → 4500 / 7200
    assert.deepEqual(savings, {
      units: 4,
      escalated: 1,
      rounds: 2,
      callsPerStoppedUnit: 6,
      callsSaved: 18,
      callsSavedShare: 0.5,
      tokensPerLaterCall: 250,
      tokensSavedEstimate: 4500,
      tokensSavedShare: 0.625,
    });
  });

  it('says why the token estimate is unavailable', () => {
    const none = adaptiveSavings(adaptiveDu, 3, escalationStats([unit([round(3, 300)]), unit([round(3, 300)])]));
    assert.equal(none?.escalated, 0);
    assert.equal(none?.callsSaved, 12);
    assert.equal(none?.tokensSavedEstimate, null);
    assert.equal(none?.tokensEstimateUnavailable, 'no-escalated-unit');
    const older = adaptiveSavings(adaptiveDu, 3, escalationStats([unit(undefined, 3, 9, 1800), unit([round(3, 300)])]));
    assert.equal(older?.escalated, 1);
    assert.equal(older?.callsSaved, 6);
    assert.equal(older?.tokensEstimateUnavailable, 'summaries-without-rounds');
  });

  it('scripted adaptive run: the unit that agreed stops, the other escalates; show reports the savings', async () => {
    const protocol = createDebateProtocol('adaptive');
    const units: UnitRecord[] = [];
    const answers = [
      { 'Agent A': ['B'], 'Agent B': ['B'], 'Agent C': ['B'] },
      { 'Agent A': ['A', 'B', 'B'], 'Agent B': ['B', 'B', 'B'], 'Agent C': ['C', 'C', 'B'] },
    ];
    for (const [index, script] of answers.entries()) {
      const question = DEMO_QUESTIONS[index]!;
      const result = await executeUnit({ protocol, question, agents: agentsOn(scriptedDebate(script)), seed: 1, clock: fixedClock() });
      units.push({ id: `u${index}`, runId: 'run-adaptive', questionId: question.id, protocol: 'adaptive', seed: 1, status: result.status, summary: result.summary, finishedAt: result.finishedAt });
    }
    assert.deepEqual(
      units.map((record) => record.summary!.roundsRun),
      [1, 3],
    );
    const metrics = runMetrics(units);
    const later = units[1]!.summary!.rounds!.slice(1);
    const perCall = later.reduce((sum, r) => sum + r.tokens, 0) / later.reduce((sum, r) => sum + r.calls, 0);
    const run = runRecord('run-adaptive', { config: runConfig({ protocol: { name: 'adaptive', preset: 'adaptive', params: { ...protocol.params } } }) });
    const json = metricsJson(run, metrics);
    assert.deepEqual(json['adaptive'], adaptiveSavings(protocol.params, 3, metrics.escalation));
    assert.equal(json['escalation'], undefined);
    const savings = json['adaptive'] as NonNullable<ReturnType<typeof adaptiveSavings>>;
    assert.equal(savings.escalated, 1);
    assert.equal(savings.callsSaved, 6);
    assert.equal(savings.tokensPerLaterCall, perCall);
    assert.equal(savings.tokensSavedEstimate, Math.round(6 * perCall));
    const text = formatRunMetrics(run, metrics);
    assert.match(text, /adaptive\s+1 of 2 units escalated to debate · 6 calls saved against always debating \(33\.3%; 6 per unit that stopped after round 0\)/);
    assert.match(text, /~\d+ tokens saved \(estimate: \d+ per interaction-round call/);
    assert.equal(metricsJson(runRecord('run-du'), metrics)['adaptive'], null);
  });
});
