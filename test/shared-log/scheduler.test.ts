import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DealogProtocol } from '../../src/protocols/shared-log/dealog-protocol.js';
import type { DealogRole } from '../../src/protocols/shared-log/dealog-params.js';
import type { ActDecision } from '../../src/protocols/shared-log/specialist.js';
import { dealogStopReason, logEntriesFromEvents } from '../../src/protocols/shared-log/trace-log.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { fixedClock } from '../../src/util/clock.js';
import { fakeOcr, revenueQuestion, roleAgents, scriptedRoles, type RoleScript } from './scripted-roles.js';

const PROGRAM = 'subtract(5829, 5735), divide(#0, 5735), multiply(#1, const_100)';

/** Round 0 evidence (one rejected of each kind), a SUMMARY; round 1 a new cell and a mis-scaled ANSWER (FLAG); round 2 the second chance and the fixed ANSWER (OK). */
const FULL_SCRIPT: RoleScript = {
  TableAgent: [
    { facts: [{ table: 'table', row: 0, column: '2019', value: '5829' }, { table: 'table', row: 0, column: '2018', value: '5735' }, { table: 'table', row: 1, column: '2019', value: '9999' }] },
    { facts: [{ table: 'table', row: 1, column: '2018', value: '1100' }] },
    { facts: [] },
  ],
  ContextAgent: [{ quotes: [{ passage: 'text_1', text: 'All amounts are in millions of dollars .' }, { passage: 'text_0', text: 'Revenue fell sharply' }] }, { quotes: [] }],
  VisualAgent: [{ readings: [{ image: 'chart', text: 'Revenue 2019: 5,829' }, { image: 'chart', text: 'Profit 2019: 77' }] }, { readings: [] }],
  SummarizingAgent: [
    { known: 'revenue 5829 (2019) and 5735 (2018)', missing: 'net income', uses: [0, 1], program: null, decision: 'SUMMARY', answer: null, scale: '' },
    { known: 'revenue both years', missing: '', uses: [0, 1], program: PROGRAM, decision: 'ANSWER', answer: 164, scale: 'percent' },
    { known: 'revenue both years', missing: '', uses: [0, 1], program: PROGRAM, decision: 'ANSWER', answer: 1.64, scale: 'percent' },
  ],
  VerificationAgent: [{ reason: 'the cells support the change', item: '', verdict: 'OK' }],
};

async function run(script: RoleScript, params: Record<string, unknown> = {}, question = revenueQuestion()) {
  const { backend, calls } = scriptedRoles(script);
  const decisions: Array<{ round: number; role: DealogRole; decision: ActDecision }> = [];
  const ocr = fakeOcr([['Revenue 2019: 5,829', 0.99], ['Revenue 2018: 5,735', 0.97], ['smudge', 0.3]]);
  const protocol = new DealogProtocol(params, { ocr, observe: (round, role, decision) => decisions.push({ round, role, decision }) });
  const result = await executeUnit({ protocol, question, agents: roleAgents(backend), seed: 7, clock: fixedClock() });
  assert.equal(result.status, 'done', JSON.stringify(result.events.filter((event) => event.type === 'error')));
  const acted = (round: number): DealogRole[] => decisions.filter((each) => each.round === round && each.decision.act).map((each) => each.role);
  return { events: result.events, calls, decisions, acted, ocr };
}

describe('DeALOG scheduler on a scripted backend', () => {
  it('runs a FinQA-like item through every entry type, one FLAG and its second chance, and stops verified', async () => {
    const { events, acted, ocr } = await run(FULL_SCRIPT);
    const log = logEntriesFromEvents(events);
    assert.deepEqual([...new Set(log.filter((entry) => entry.accepted).map((entry) => entry.type))].sort(), ['ANSWER', 'FLAG', 'LOOKUP', 'OK', 'QUOTE', 'SUMMARY', 'VISUAL']);
    // round 0: every specialist takes a first look; the summariser answers new evidence; nothing to verify yet
    assert.deepEqual(acted(0), ['TableAgent', 'ContextAgent', 'VisualAgent', 'SummarizingAgent']);
    // round 1: the SUMMARY's missing "net income" is a row label, so only the TableAgent looks again
    assert.deepEqual(acted(1), ['TableAgent', 'SummarizingAgent', 'VerificationAgent']);
    // round 2: second chance after the FLAG: every specialist targets the flagged item, the summariser revises
    assert.deepEqual(acted(2), ['TableAgent', 'ContextAgent', 'VisualAgent', 'SummarizingAgent', 'VerificationAgent']);
    assert.equal(ocr.reads, 1, 'each image is read once');

    const rejected = log.filter((entry) => !entry.accepted);
    assert.deepEqual(rejected.map((entry) => entry.type), ['LOOKUP', 'QUOTE', 'VISUAL']);
    assert.match(rejected[0]!.rejection!, /value "9999" is not in table "table" row 1, column "2019" \(the cell holds "1200"\)/);
    assert.match(rejected[1]!.rejection!, /not a span of passage "text_0"/);
    assert.match(rejected[2]!.rejection!, /not what OCR read/);

    const verdicts = eventsOfType(events, 'verify');
    assert.deepEqual(verdicts.map((verdict) => verdict.verdict), ['FLAG', 'OK']);
    assert.deepEqual(verdicts[0]!.checks.filter((check) => !check.passed).map((check) => check.name), ['scale']);
    assert.ok(verdicts[1]!.checks.some((check) => check.name === 'llm-support' && check.passed));
    const flag = log.find((entry) => entry.type === 'FLAG')!;
    assert.match(flag.content, /the answer 164 is the program result 1\.639\d* × 100 \(percent vs fraction\)/);
    const secondChanceTurn = eventsOfType(events, 'turn').find((turn) => turn.agent === 'ContextAgent' && turn.round === 2)!;
    assert.match(secondChanceTurn.messages[1]!.content, /Focus of this turn: the unit or scale of the answer/);

    const final = eventsOfType(events, 'final')[0]!;
    assert.deepEqual(final.answer, { status: 'ok', value: '1.64', rule: 'shared-log+percent', scale: 'percent' });
    assert.equal(final.aggregate, 'verified-answer');
    assert.equal(final.correct, true);
    assert.equal(final.roundsRun, 3);
    assert.equal(final.stoppedEarly, true);
    assert.equal(dealogStopReason(events), 'verified');

    // every model call is a turn event with its cost fields, and the summariser's turns carry its answer
    const turns = eventsOfType(events, 'turn');
    assert.equal(turns.length, 11);
    const answers = turns.filter((turn) => turn.agent === 'SummarizingAgent').map((turn) => turn.parsed.answer.value);
    assert.deepEqual(answers, [null, '164', '1.64']);
    assert.ok(turns.every((turn) => turn.usage.promptTokens > 0));
    // evidence of round 0 is what round 1 saw
    assert.deepEqual(turns.find((turn) => turn.agent === 'TableAgent' && turn.round === 1)!.saw.map((ref) => ref.agent), ['TableAgent', 'ContextAgent', 'VisualAgent', 'SummarizingAgent']);
  });

  it('stops after a round that adds no accepted entry', async () => {
    const { events, acted } = await run(
      {
        TableAgent: [{ facts: [{ table: 'table', row: 0, column: '2019', value: '5829' }] }],
        SummarizingAgent: [{ known: '', missing: '', uses: [0], program: null, decision: 'ANSWER', answer: 42, scale: '' }],
      },
      { secondChances: 0, llmVerify: false, ocr: false },
      revenueQuestion({ context: { tables: revenueQuestion().context!.tables! } }),
    );
    assert.deepEqual(acted(0), ['TableAgent', 'SummarizingAgent', 'VerificationAgent']);
    assert.deepEqual(acted(1), []);
    const verdict = eventsOfType(events, 'verify')[0]!;
    assert.equal(verdict.verdict, 'FLAG');
    assert.match(verdict.checks.find((check) => check.name === 'grounded')!.detail!, /42 is stated by no cited entry/);
    const final = eventsOfType(events, 'final')[0]!;
    assert.equal(final.roundsRun, 2);
    assert.equal(final.aggregate, 'unverified-answer');
    assert.equal(final.answer.value, '42');
    assert.equal(dealogStopReason(events), 'no-new-entries');
  });

  it('stops at max rounds, forcing an answer in the last round', async () => {
    const missing = (item: string) => ({ known: 'some cells', missing: item, uses: [], program: null, decision: 'SUMMARY', answer: null, scale: '' });
    const { events, calls, acted } = await run(
      {
        TableAgent: [
          { facts: [{ table: 'table', row: 0, column: '2019', value: '5829' }] },
          { facts: [{ table: 'table', row: 0, column: '2018', value: '5735' }] },
          { facts: [{ table: 'table', row: 1, column: '2019', value: '1200' }] },
        ],
        SummarizingAgent: [missing('revenue 2018'), missing('net income'), { known: 'revenue', missing: '', uses: [0, 2], program: '(5829 - 5735) / 5735 * 100', decision: 'ANSWER', answer: 1.64, scale: 'percent' }],
        VerificationAgent: [{ reason: 'the answer ignores net income', item: 'net income 2018', verdict: 'FLAG' }],
      },
      { maxRounds: 3, secondChances: 0, ocr: false },
      revenueQuestion({ context: { tables: revenueQuestion().context!.tables! } }),
    );
    assert.deepEqual([0, 1, 2].map(acted), [
      ['TableAgent', 'SummarizingAgent'],
      ['TableAgent', 'SummarizingAgent'],
      ['TableAgent', 'SummarizingAgent', 'VerificationAgent'],
    ]);
    assert.equal(calls.filter((role) => role === 'SummarizingAgent').length, 3);
    const lastSummary = eventsOfType(events, 'turn').filter((turn) => turn.agent === 'SummarizingAgent').at(-1)!;
    assert.match(lastSummary.messages[1]!.content, /Propose your best ANSWER now/);
    const answer = logEntriesFromEvents(events).find((entry) => entry.type === 'ANSWER')!;
    assert.equal(answer.meta['forced'], true);
    const verdict = eventsOfType(events, 'verify')[0]!;
    assert.equal(verdict.verdict, 'FLAG');
    assert.equal(verdict.checks.at(-1)!.name, 'llm-support', JSON.stringify(verdict.checks));
    const final = eventsOfType(events, 'final')[0]!;
    assert.equal(final.roundsRun, 3);
    assert.equal(final.stoppedEarly, false);
    assert.equal(dealogStopReason(events), 'max-rounds');
  });

  it('gives one second chance per unit by default: a second FLAG ends the run', async () => {
    const wrong = { known: '', missing: '', uses: [0, 1], program: 'subtract(5829, 5735)', decision: 'ANSWER', answer: 90, scale: '' };
    const { events, acted } = await run(
      { TableAgent: [{ facts: [{ table: 'table', row: 0, column: '2019', value: '5829' }, { table: 'table', row: 0, column: '2018', value: '5735' }] }], SummarizingAgent: [wrong, wrong] },
      { ocr: false, llmVerify: false },
      revenueQuestion({ context: { tables: revenueQuestion().context!.tables! } }),
    );
    assert.deepEqual(eventsOfType(events, 'verify').map((verdict) => verdict.verdict), ['FLAG', 'FLAG']);
    assert.deepEqual(acted(1), ['TableAgent', 'SummarizingAgent', 'VerificationAgent']);
    assert.deepEqual(acted(2), []);
    assert.equal(eventsOfType(events, 'final')[0]!.roundsRun, 3);
    assert.match(eventsOfType(events, 'verify')[0]!.checks.find((check) => check.name === 'arithmetic')!.detail!, /the answer 90 differs from the program result 94/);
  });

  it('names why an agent sits out, and answers a question without context', async () => {
    const { decisions, events } = await run(
      { SummarizingAgent: [{ known: '', missing: '', uses: [], program: null, decision: 'ANSWER', answer: 4, scale: '' }] },
      { llmVerify: false },
      { id: 'test:bare', prompt: 'What is 2 + 2?', gold: { kind: 'number', value: 4 } },
    );
    const round0 = decisions.filter((each) => each.round === 0);
    assert.deepEqual(round0.map((each) => [each.role, each.decision.act, each.decision.reason]), [
      ['TableAgent', false, 'no table source in the question'],
      ['ContextAgent', false, 'no text source in the question'],
      ['VisualAgent', false, 'no image source in the question'],
      ['SummarizingAgent', true, 'no new evidence this round and no answer yet'],
      ['VerificationAgent', true, 'ANSWER #0 awaits a verdict'],
    ]);
    assert.equal(eventsOfType(events, 'verify')[0]!.verdict, 'FLAG');
    assert.equal(eventsOfType(events, 'final')[0]!.correct, true);
  });

  it('writes byte-identical traces for the same script and seed', async () => {
    const first = await run(FULL_SCRIPT);
    const second = await run(FULL_SCRIPT);
    assert.equal(JSON.stringify(first.events), JSON.stringify(second.events));
  });
});
