import type { ParsedAnswer } from '../../spec/answer.js';
import type { ChatRequest } from '../../spec/chat.js';
import type { DebateParams } from '../../spec/debate-params.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { TurnEvent } from '../../spec/trace.js';
import { gdpResponseSchema } from '../../parsing/gdp-steps.js';
import { parseTurn } from '../../parsing/parse-turn.js';
import { deriveSeed } from '../../util/seed.js';
import { buildTurnPrompt, type Conversation, EMPTY_CONVERSATION, type TurnPrompt } from './conversation.js';
import { renderTurnForPeers } from './render-turn.js';
import { TurnError } from './turn-error.js';
import type { TurnRecord } from './visibility.js';
import { callFields } from '../call-fields.js';

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
 * agent may see, calls its backend with a seed derived from (question,
 * agent, round, draft), and parses the reply in the protocol's format.
 */
export async function writeDraft(context: ProtocolContext, params: DebateParams, slot: TurnSlot): Promise<DraftOutcome> {
  const { question } = context;
  const { agent, round, draft } = slot;
  const peers = context.agents.map((other) => other.name).filter((name) => name !== agent.name);
  const seed = deriveSeed(context.seed, question.id, agent.name, round, draft);
  const stances = params.roleInstructions;
  const roleInstruction = stances === undefined ? undefined : stances[Math.max(0, context.agents.findIndex((other) => other.name === agent.name)) % stances.length];
  const prompt = buildTurnPrompt(
    { params, question, agentName: agent.name, persona: agent.persona, round, agentCount: context.agents.length, visible: slot.visible, ...(roleInstruction === undefined ? {} : { roleInstruction }) },
    slot.conversation ?? EMPTY_CONVERSATION,
  );
  const messages = prompt.messages;
  const request: ChatRequest = {
    messages,
    decoding: { ...agent.decoding, seed },
    sampleIndex: draft,
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    ...(params.format === 'gdp' ? { responseFormat: { name: 'gdp_turn', schema: gdpResponseSchema(question, { round, peers: round === 0 ? [] : peers }) } } : {}),
  };
  let response;
  try {
    response = await agent.backend.complete(request);
  } catch (error) {
    throw new TurnError(agent.name, round, error);
  }
  const parsed = parseTurn(params.format, response.text, response.json, question, { peers, answerExtraction: params.answerExtraction });
  return {
    prompt,
    record: { agent: agent.name, round, draft, shown: renderTurnForPeers(response.text, parsed), reply: response.text },
    answer: parsed.answer.status === 'ok' ? parsed.answer : null,
    event: {
      type: 'turn',
      agent: agent.name,
      round,
      draft,
      position: slot.position,
      saw: prompt.saw,
      seed,
      selected: true,
      parsed,
      ...callFields(agent.backend.id, messages, response),
    },
  };
}
