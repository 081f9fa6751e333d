import { type QuestionLike, answerSpecOf } from '../../spec/question.js';
import { findNumericAnswer } from '../../parsing/numeric-answer.js';
import type { Scale } from '../../tools/units/scale.js';
import { callAgent } from './agent-call.js';
import type { DealogEnv } from './dealog-env.js';
import { proposedAnswer } from './final-answer.js';
import { type AnswerMeta, EVIDENCE_TYPES } from '../../spec/log-entry.js';
import { answerFormat, focusBlock, sharedBlock, systemPrompt } from './role-prompts.js';
import type { SharedLog } from './shared-log.js';
import type { ActDecision, LogAgent, TurnState } from './specialist.js';

const SCALES: readonly Scale[] = ['', 'thousand', 'million', 'billion', 'percent'];

/** What the summariser decided. */
type Decision = { kind: 'ANSWER'; meta: AnswerMeta; known: string; missing: string } | { kind: 'SUMMARY'; known: string; missing: string; uses: number[] } | undefined;

/**
 * The SummarizingAgent: reads the log and proposes an ANSWER (value, scale,
 * program, cited entries) or a SUMMARY (known / missing). It acts:
 * 1. in a second-chance round (to revise the flagged answer);
 * 2. when accepted evidence arrived since its last turn;
 * 3. at the threshold: no ANSWER in the log yet and either the last round
 *    or a round in which the specialists added no evidence.
 * With no ANSWER in the log yet, in the last round (rule 2 or 3) or at the
 * threshold it must answer now (`forceAnswer`: the schema allows only ANSWER).
 * Otherwise it waits.
 */
export class SummarizingAgent implements LogAgent {
  readonly role = 'SummarizingAgent' as const;
  readonly #env: DealogEnv;
  #lastActAt = -1;

  constructor(env: DealogEnv) {
    this.#env = env;
  }

  shouldAct(log: SharedLog, _question: QuestionLike, turn: TurnState): ActDecision {
    if (turn.secondChance !== undefined) return { act: true, reason: `second chance after FLAG #${turn.secondChance.flagSeq}`, focus: `the verifier flagged the answer: ${turn.secondChance.target.item}` };
    const fresh = log.accepted(Math.max(0, this.#lastActAt)).filter((entry) => EVIDENCE_TYPES.has(entry.type));
    const noAnswer = log.latest('ANSWER') === undefined;
    if (fresh.length > 0) return { act: true, reason: `${fresh.length} new evidence entries`, ...(noAnswer && turn.lastRound ? { forceAnswer: true } : {}) };
    if (noAnswer && (turn.lastRound || (turn.evidenceThisRound ?? 0) === 0)) {
      return { act: true, reason: turn.lastRound ? 'last round and no answer yet' : 'no new evidence this round and no answer yet', forceAnswer: true };
    }
    return { act: false, reason: 'no new evidence' };
  }

  async act(turn: TurnState, decision: ActDecision): Promise<void> {
    const { context, log } = this.#env;
    const question = context.question;
    this.#lastActAt = log.length;
    const shown = log.accepted();
    const instruction = decision.forceAnswer === true ? 'Propose your best ANSWER now (decision "ANSWER").' : 'Propose the ANSWER when the log supports one; otherwise write a SUMMARY.';
    const { result, turn: ref } = await callAgent(this.#env, {
      role: this.role,
      round: turn.round,
      shown,
      messages: [
        { role: 'system', content: systemPrompt(this.role) },
        {
          role: 'user',
          content: `${sharedBlock(question, shown)}${focusBlock(decision.focus)}\n\nThe answer should be ${answerFormat(question)}. ${instruction}\nReply with JSON {"known", "missing", "uses": [entry numbers], "program", "decision", "answer", "scale"}.`,
        },
      ],
      schema: { name: 'dealog_summary', schema: summarySchema(question, decision.forceAnswer === true) },
      interpret: ({ json }) => {
        const read = readDecision(json, question);
        if (read === undefined) return { result: read, parsed: { answer: { status: 'unparsed', value: null, rule: 'shared-log:no-answer' }, rationale: '', source: 'failed', warnings: ['the reply is not a JSON object'] } };
        const rationale = [read.known, read.missing === '' ? '' : `missing: ${read.missing}`, read.kind === 'ANSWER' && read.meta.program !== null ? `program: ${read.meta.program}` : ''].filter((part) => part !== '').join('\n');
        const answer = read.kind === 'ANSWER' ? proposedAnswer(read.meta, question) : { status: 'unparsed' as const, value: null, rule: 'shared-log:summary' };
        return { result: read, parsed: { answer, rationale, source: 'json' } };
      },
    });
    const origin = { round: turn.round, agent: this.role, turn: ref };
    if (result?.kind === 'ANSWER') {
      const meta = { ...result.meta, forced: decision.forceAnswer === true };
      const program = meta.program === null ? '' : `; program: ${meta.program}`;
      const uses = meta.uses.length === 0 ? 'no entries' : meta.uses.map((seq) => `#${seq}`).join(', ');
      log.append(origin, 'ANSWER', `${String(meta.answer)}${meta.scale === '' ? '' : ` (${meta.scale})`}${program}; uses ${uses}`, { ...meta, known: result.known });
    } else if (result?.kind === 'SUMMARY') {
      log.append(origin, 'SUMMARY', `known: ${result.known || '(nothing)'} | missing: ${result.missing || '(nothing)'}`, { known: result.known, missing: result.missing, uses: result.uses });
    }
  }
}

function summarySchema(question: QuestionLike, forceAnswer: boolean): Record<string, unknown> {
  const answer =
    answerSpecOf(question).kind === 'number'
      ? { type: ['number', 'null'] }
      : answerSpecOf(question).kind === 'choice' && question.options !== undefined
        ? { type: ['string', 'null'], enum: [...Object.keys(question.options), null] }
        : { type: ['string', 'null'], maxLength: 500 };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['known', 'missing', 'uses', 'program', 'decision', 'answer', 'scale'],
    properties: {
      known: { type: 'string', maxLength: 300 },
      missing: { type: 'string', maxLength: 200 },
      uses: { type: 'array', maxItems: 8, items: { type: 'integer' } },
      program: { type: ['string', 'null'], maxLength: 200 },
      decision: { type: 'string', enum: forceAnswer ? ['ANSWER'] : ['ANSWER', 'SUMMARY'] },
      answer,
      scale: { type: 'string', enum: [...SCALES] },
    },
  };
}

/** Reads the summariser's JSON; an ANSWER without a value becomes a SUMMARY (there is nothing to verify). */
function readDecision(json: Record<string, unknown> | undefined, question: QuestionLike): Decision {
  if (json === undefined) return undefined;
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
  const known = text(json['known']);
  const missing = text(json['missing']);
  const uses = Array.isArray(json['uses']) ? json['uses'].filter((seq): seq is number => Number.isInteger(seq) && (seq as number) >= 0) : [];
  let answer: number | string | null = typeof json['answer'] === 'number' && Number.isFinite(json['answer']) ? json['answer'] : typeof json['answer'] === 'string' && json['answer'].trim() !== '' ? json['answer'].trim() : null;
  if (typeof answer === 'string' && answerSpecOf(question).kind === 'number') {
    const found = findNumericAnswer(answer).answer;
    if (found.status === 'ok') answer = Number(found.value);
  }
  const scale = SCALES.includes(json['scale'] as Scale) ? (json['scale'] as Scale) : '';
  const program = text(json['program']) === '' ? null : text(json['program']);
  if (json['decision'] === 'ANSWER' && answer !== null) return { kind: 'ANSWER', meta: { answer, scale, program, uses: [...new Set(uses)], forced: false }, known, missing };
  return { kind: 'SUMMARY', known, missing, uses: [...new Set(uses)] };
}
