import type { ParsedAnswer } from '../../spec/answer.js';
import type { DebateParams } from '../../spec/debate-params.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { TurnEvent } from '../../spec/trace.js';
import { gdpResponseSchema } from '../../parsing/gdp-steps.js';
import { parseTurn } from '../../parsing/parse-turn.js';
import { buildTurnPrompt, type Conversation, EMPTY_CONVERSATION, type TurnPrompt } from './conversation.js';
import { renderTurnForPeers } from './render-turn.js';
import type { TurnRecord } from './visibility.js';

/** One draft of one agent's turn, before it is emitted. */
export interface DraftOutcome {
  record: TurnRecord;
  /** The parsed answer, null unless it parsed. */
  answer: ParsedAnswer | null;
  event: TurnEvent;
  /** The prompt the draft answered (the growing layout appends the selected reply to it). */
  prompt: TurnPrompt;
}

/** Where in the debate a turn is written. */
export interface TurnSlot {
  agent: Agent;
  round: number;
  position: number;
  visible: readonly TurnRecord[];
  draft: number;
  /** The agent's conversation so far (growing layout; ignored by the fresh one). */
  conversation?: Conversation;
}

/**
 * Writes one draft of an agent's turn: builds the prompt from what the
 * agent may see, calls its model through `context.call` with a seed derived
 * from (question, agent, round, draft), and parses the reply in the
 * protocol's format. The event is returned, not emitted: the protocol
 * emits a round's turns in speaking order once the drafts are chosen.
 */
export async function writeDraft(context: ProtocolContext, params: DebateParams, slot: TurnSlot): Promise<DraftOutcome> {
  const { question } = context;
  const { agent, round, draft } = slot;
  const peers = context.agents.map((other) => other.name).filter((name) => name !== agent.name);
  const stances = params.roleInstructions;
  const roleInstruction = stances === undefined ? undefined : stances[Math.max(0, context.agents.findIndex((other) => other.name === agent.name)) % stances.length];
  const prompt = buildTurnPrompt(
    { params, question, agentName: agent.name, persona: agent.persona, round, agentCount: context.agents.length, visible: slot.visible, ...(roleInstruction === undefined ? {} : { roleInstruction }) },
    slot.conversation ?? EMPTY_CONVERSATION,
  );
  const { response, parsed: turn, event } = await context.call(
    agent,
    { messages: prompt.messages, sampleIndex: draft, ...(params.format === 'gdp' ? { responseFormat: { name: 'gdp_turn', schema: gdpResponseSchema(question, { round, peers: round === 0 ? [] : peers }) } } : {}) },
    { round, draft, position: slot.position, saw: prompt.saw, seedKey: [agent.name, round, draft], parse: (reply) => parseTurn(params.format, reply.text, reply.json, question, { peers, answerExtraction: params.answerExtraction }), emit: false },
  );
  return {
    prompt,
    record: { agent: agent.name, round, draft, shown: renderTurnForPeers(response.text, turn), reply: response.text },
    answer: turn.answer.status === 'ok' ? turn.answer : null,
    event,
  };
}
