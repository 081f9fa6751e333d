import type { QuestionLike } from '../../spec/question.js';
import { callAgent, noAnswerTurn } from './agent-call.js';
import type { DealogEnv } from './dealog-env.js';
import type { FlagTarget, LogEntry } from '../../spec/log-entry.js';
import { renderEntry } from './render-entry.js';
import { sharedBlock, systemPrompt } from './role-prompts.js';
import type { SharedLog } from './shared-log.js';
import type { ActDecision, LogAgent, TurnState } from './specialist.js';
import { type VerifyCheck, verifyAnswer } from './verify-answer.js';

/**
 * The VerificationAgent: acts when the latest ANSWER has no verdict yet.
 * It runs the deterministic checks (`verifyAnswer`: citations, program
 * execution, arithmetic, operands, units and scale); when they all pass and
 * `llmVerify` is on, its model judges whether the cited entries support the
 * answer (check `llm-support`). It emits a `verify` event and appends OK, or
 * FLAG naming the missing or inconsistent item (`meta.target`), which the
 * scheduler turns into a second-chance round.
 */
export class VerificationAgent implements LogAgent {
  readonly role = 'VerificationAgent' as const;
  readonly #env: DealogEnv;
  readonly #judged = new Set<number>();

  constructor(env: DealogEnv) {
    this.#env = env;
  }

  shouldAct(log: SharedLog, _question: QuestionLike, _turn: TurnState): ActDecision {
    const answer = log.latest('ANSWER');
    if (answer === undefined) return { act: false, reason: 'no ANSWER in the log' };
    if (this.#judged.has(answer.seq)) return { act: false, reason: `ANSWER #${answer.seq} already judged` };
    return { act: true, reason: `ANSWER #${answer.seq} awaits a verdict` };
  }

  async act(turn: TurnState): Promise<void> {
    const { context, log, sources, params } = this.#env;
    const answer = log.latest('ANSWER')!;
    this.#judged.add(answer.seq);
    const outcome = verifyAnswer({ question: context.question, answer, entries: log.entries, sources });
    const checks: VerifyCheck[] = [...outcome.checks];
    let target = outcome.target;
    if (outcome.passed && params.llmVerify) {
      const judged = await this.askModel(answer, checks, turn.round);
      checks.push(judged.check);
      if (!judged.check.passed) target = judged.target;
    }
    const passed = checks.every((check) => check.passed);
    context.emit({ type: 'verify', round: turn.round, verdict: passed ? 'OK' : 'FLAG', checks });
    const failed = checks.filter((check) => !check.passed);
    const origin = { round: turn.round, agent: this.role };
    if (passed) {
      log.append(origin, 'OK', `answer #${answer.seq} verified (${checks.map((check) => check.name).join(', ')})`, { answerSeq: answer.seq, failed: [] });
    } else {
      const flagged = target ?? { modality: 'any', item: failed[0]!.detail ?? failed[0]!.name };
      log.append(origin, 'FLAG', `answer #${answer.seq}: ${failed.map((check) => `${check.name}: ${check.detail ?? 'failed'}`).join('; ')} — needed: ${flagged.item}`, {
        answerSeq: answer.seq,
        failed: failed.map((check) => check.name),
        target: flagged,
      });
    }
  }

  private async askModel(answer: LogEntry, checks: readonly VerifyCheck[], round: number): Promise<{ check: VerifyCheck; target?: FlagTarget }> {
    const { context, log } = this.#env;
    const shown = log.accepted();
    const tools = checks.map((check) => `${check.name}: passed${check.detail === undefined ? '' : ` (${check.detail})`}`).join('\n');
    const { result } = await callAgent(this.#env, {
      role: this.role,
      round,
      shown,
      messages: [
        { role: 'system', content: systemPrompt(this.role) },
        { role: 'user', content: `${sharedBlock(context.question, shown)}\n\nAnswer to judge:\n${renderEntry(answer)}\n\nTool checks:\n${tools}\n\nReply with JSON {"reason", "item", "verdict"}.` },
      ],
      schema: {
        name: 'dealog_verdict',
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['reason', 'item', 'verdict'],
          properties: { reason: { type: 'string', maxLength: 300 }, item: { type: 'string', maxLength: 200 }, verdict: { type: 'string', enum: ['OK', 'FLAG'] } },
        },
      },
      interpret: ({ json }) => {
        const verdict = json?.['verdict'] === 'OK' || json?.['verdict'] === 'FLAG' ? json['verdict'] : undefined;
        const reason = typeof json?.['reason'] === 'string' ? json['reason'] : '';
        const item = typeof json?.['item'] === 'string' ? json['item'] : '';
        return { result: { verdict, reason, item }, parsed: noAnswerTurn(reason, verdict === undefined ? 'failed' : 'json', verdict === undefined ? ['no verdict in the reply; the tool checks decide'] : []) };
      },
    });
    if (result.verdict === undefined) return { check: { name: 'llm-support', passed: true, detail: 'the model gave no verdict; the tool checks decide' } };
    if (result.verdict === 'OK') return { check: { name: 'llm-support', passed: true, ...(result.reason === '' ? {} : { detail: result.reason }) } };
    const item = result.item.trim() === '' ? 'support for the answer' : result.item.trim();
    return { check: { name: 'llm-support', passed: false, detail: result.reason === '' ? item : result.reason }, target: { modality: 'any', item } };
  }
}
