import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { absoluteError, forecastError, numericGold } from '../../src/metrics/forecast-error.js';
import { parseAnswer } from '../../src/parsing/parse-answer.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { Question } from '../../src/spec/question.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { fixedClock } from '../../src/util/clock.js';
import { unitSummary } from '../../src/testing/trace-fixtures.js';
import { agentOf, agentsOn } from '../helpers/scripted-debaters.js';

const close = (actual: number | null | undefined, expected: number): void => {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);
};

const question: Question = {
  id: 'fred:2019-06',
  prompt: "Forecast the next month's value, for 2019-06 (YoY %, one decimal).",
  gold: { kind: 'number', value: 3.5 },
  context: { tables: [{ id: 'history', header: ['month', 'value'], rows: [['2019-05', '3.40']] }] },
};

describe('numeric answers', () => {
  it('"Answer: 3.4", "3.4%" and a JSON number all parse to 3.4', () => {
    for (const text of ['Answer: 3.4', 'I expect 3.4%', 'My forecast is 3.4 %.', '{"answer": 3.4}']) {
      assert.equal(parseAnswer(text, question).value, '3.4', text);
    }
  });

  for (const [aggregate, expected] of [
    ['median', '3.4'],
    ['mean', String((3.1 + 3.4 + 3.6) / 3)],
  ] as const) {
    it(`aggregate ${aggregate} works end to end on parsed numeric turns`, async () => {
      const replies: Record<string, string> = { 'Agent A': 'Rents lag.\nAnswer: 3.1', 'Agent B': 'Shelter is sticky, so I expect 3.6%.', 'Agent C': 'Answer: 3.4' };
      const backend = new ScriptedBackend({ fallback: (request) => replies[agentOf(request)]! });
      const result = await executeUnit({ protocol: createDebateProtocol('du', { rounds: 1, aggregate }), question, agents: agentsOn(backend), seed: 1, clock: fixedClock() });
      assert.equal(result.status, 'done');
      const turns = eventsOfType(result.events, 'turn');
      assert.deepEqual(
        turns.map((turn) => turn.parsed.answer.value),
        ['3.1', '3.6', '3.4', '3.1', '3.6', '3.4'],
      );
      const [final] = eventsOfType(result.events, 'final');
      assert.equal(final!.aggregate, aggregate);
      assert.equal(final!.answer.value, expected);
      assert.equal(final!.gold, '3.5');
      assert.equal(result.summary.answer, expected);
      close(absoluteError(result.summary), Math.abs(Number(expected) - 3.5));
    });
  }
});

describe('forecast error', () => {
  it('numeric gold only: option letters and text are not numbers', () => {
    assert.equal(numericGold(unitSummary({ gold: '3.625276327' })), 3.625276327);
    assert.equal(numericGold(unitSummary({ gold: '-0.5' })), -0.5);
    assert.equal(numericGold(unitSummary({ gold: 'B' })), null);
    assert.equal(numericGold(unitSummary({ gold: null })), null);
    assert.equal(absoluteError(unitSummary({ gold: '3.5', answer: null })), null);
  });

  it('MAE (mean and median) of aggregated answers, per round and per agent, by hand', () => {
    const metric = forecastError([
      // |3.4 − 3.5| = 0.1; round 0: A 3.0 → 0.5, B 3.4 → 0.1; round 1: A 3.3 → 0.2, B 3.4 → 0.1
      unitSummary({ gold: '3.5', answer: '3.4', answersByRound: { 'Agent A': ['3', '3.3'], 'Agent B': ['3.4', '3.4'] } }),
      // |2.5 − 2| = 0.5; round 0: A 2.5 → 0.5, B unparsed; round 1: A 2.5 → 0.5, B 1.5 → 0.5
      unitSummary({ gold: '2', answer: '2.5', answersByRound: { 'Agent A': ['2.5', '2.5'], 'Agent B': [null, '1.5'] } }),
      // |1.3 − 1| = 0.3
      unitSummary({ gold: '1', answer: '1.3', answersByRound: { 'Agent A': ['1.3'], 'Agent B': ['1.3'] } }),
      // no numeric answer: counted, not scored
      unitSummary({ gold: '1', answer: null, answerStatus: 'unparsed', answersByRound: { 'Agent A': [null], 'Agent B': [null] } }),
      // multiple choice: not part of the forecast metrics
      unitSummary({ gold: 'B', answer: 'B' }),
    ]);
    assert.ok(metric !== null);
    close(metric.mean, (0.1 + 0.5 + 0.3) / 3);
    close(metric.median, 0.3);
    assert.equal(metric.units, 3);
    assert.equal(metric.unparsed, 1);
    // round 0: 0.5, 0.1, 0.5, 0.3, 0.3 → 1.7 / 5; round 1: 0.2, 0.1, 0.5, 0.5 → 1.3 / 4
    close(metric.byRound[0], 1.7 / 5);
    close(metric.byRound[1], 1.3 / 4);
    // Agent A: round 0 (0.5 + 0.5 + 0.3) / 3, round 1 (0.2 + 0.5) / 2; Agent B: round 0 (0.1 + 0.3) / 2, round 1 (0.1 + 0.5) / 2
    close(metric.byAgent['Agent A']![0], 1.3 / 3);
    close(metric.byAgent['Agent A']![1], 0.35);
    close(metric.byAgent['Agent B']![0], 0.2);
    close(metric.byAgent['Agent B']![1], 0.3);
    assert.equal(forecastError([unitSummary()]), null);
  });
});
