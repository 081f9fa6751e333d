import type { ChatMessage } from '../../spec/chat.js';
import type { DebateParams } from '../../spec/debate-params.js';
import { type QuestionLike, answerSpecOf } from '../../spec/question.js';
import type { TurnRecord } from './visibility.js';
import { renderQuestion } from '../render-question.js';

/** What the prompt of one turn is built from. */
export interface TurnPromptInput {
  params: DebateParams;
  question: QuestionLike;
  agentName: string;
  persona: string | undefined;
  round: number;
  agentCount: number;
  /** Visible turns, in presentation order (own earlier turns included). */
  visible: readonly TurnRecord[];
  /** The preset's stance for this agent's position (`roleInstructions`), after the persona. */
  roleInstruction?: string;
}

/**
 * Builds the messages of one turn. The layout keeps the shared prefix first
 * — the protocol instructions (system), then the question, then peers'
 * messages — and agent-specific text (name, persona, own previous answer)
 * last, so that servers with prefix caching reuse the common part.
 */
export function buildTurnMessages(input: TurnPromptInput): ChatMessage[] {
  const { question, visible, agentName } = input;
  const peers = visible.filter((turn) => turn.agent !== agentName);
  const own = visible.filter((turn) => turn.agent === agentName);
  const parts = [renderQuestion(question)];
  if (peers.length > 0) {
    const heading = peers.every((turn) => turn.kind === 'summary') ? 'Summary of the discussion so far:' : 'Messages from the other agents:';
    parts.push([heading, ...peers.map((turn) => `[${turn.agent}, round ${turn.round}]\n${turn.shown}`)].join('\n\n'));
  }
  const agentPart = [`You are ${agentName}.${input.persona === undefined ? '' : ` ${input.persona}`}${input.roleInstruction === undefined ? '' : ` ${input.roleInstruction}`}`];
  if (own.length > 0) {
    agentPart.push(['Your earlier answers:', ...own.map((turn) => `[round ${turn.round}]\n${turn.shown}`)].join('\n\n'));
  }
  agentPart.push(roundInstruction(input, peers.length > 0));
  parts.push(agentPart.join('\n\n'));
  return [
    { role: 'system', content: systemInstructions(input.params, input.agentCount, question) },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/**
 * The opening of an agent's conversation in the growing layout with
 * quorum's wording: the same system instructions, question and agent part
 * as a fresh round-0 prompt.
 */
export function quorumOpening(input: TurnPromptInput): ChatMessage[] {
  const persona = `${input.persona === undefined ? '' : ` ${input.persona}`}${input.roleInstruction === undefined ? '' : ` ${input.roleInstruction}`}`;
  return [
    { role: 'system', content: systemInstructions(input.params, input.agentCount, input.question) },
    { role: 'user', content: [renderQuestion(input.question), `You are ${input.agentName}.${persona}`, 'Give your answer.'].join('\n\n') },
  ];
}

/**
 * A later user message of the growing layout with quorum's wording: the
 * peers' turns the agent has not seen yet (its own earlier replies are
 * already in the conversation), then the round's instruction.
 */
export function quorumFollowUp(input: TurnPromptInput, newPeers: readonly TurnRecord[]): string {
  const parts: string[] = [];
  if (newPeers.length > 0) parts.push(['Messages from the other agents:', ...newPeers.map((turn) => `[${turn.agent}, round ${turn.round}]\n${turn.shown}`)].join('\n\n'));
  parts.push(roundInstruction(input, newPeers.length > 0));
  return parts.join('\n\n');
}

function answerFormat(question: QuestionLike): string {
  switch (answerSpecOf(question).kind) {
    case 'choice':
      return 'the letter of one option';
    case 'number':
      return 'a single number';
    default:
      return 'a short final answer';
  }
}

function systemInstructions(params: DebateParams, agentCount: number, question: QuestionLike): string {
  const setting =
    (params.rounds === 0 && params.visibility !== 'all-earlier') || params.visibility === 'self'
      ? 'You answer on your own.'
      : `You are one of ${agentCount} agents who answer the same question and may see each other's answers.`;
  const lines = [setting];
  if (params.format === 'gdp') {
    lines.push(
      'Reason in steps. Each step has a CLAIM (one falsifiable assertion) and a GROUND (a named fact, mechanism or guideline that supports it).',
      "When you respond to another agent, add a STANCE toward that agent's claim: AGREE, DISAGREE (then give a counter-ground that contradicts it) or EXTEND.",
      `Reply with JSON: {"steps": [{"claim": "...", "ground": "...", "stance": {"peer": "<agent name>", "type": "AGREE|DISAGREE|EXTEND", "target": "<the peer's claim>", "counterGround": "..."}}], "answer": "<${answerFormat(question)}>"}. When a step responds to nobody, leave out "stance" or set all its fields to null.`,
    );
  } else {
    lines.push(`Think step by step, then end with a line "Answer: <${answerFormat(question)}>".`);
  }
  if (params.antiSycophancy) {
    lines.push(
      'Change your answer only if you identify a factual error in your reasoning or receive a more convincing ground; never change it because most agents disagree with you.',
    );
  }
  return lines.join('\n');
}

function roundInstruction(input: TurnPromptInput, seesPeers: boolean): string {
  if ((input.round === 0 && !seesPeers) || (!seesPeers && input.visible.length === 0)) return 'Give your answer.';
  if (!seesPeers) return 'Review your earlier answer and give your answer again, revised if needed.';
  return input.params.format === 'gdp'
    ? "Consider the other agents' steps, take a stance on their claims where you agree or disagree, and give your answer."
    : "Consider the other agents' answers and reasoning, then give your answer.";
}
