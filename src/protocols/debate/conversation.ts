import type { ChatMessage } from '../../spec/chat.js';
import type { TurnRef } from '../../spec/trace.js';
import { duDebateMessage, duOpening } from './du-wording.js';
import { buildTurnMessages, quorumFollowUp, quorumOpening, type TurnPromptInput } from './prompts.js';
import type { TurnRecord } from './visibility.js';

/** One agent's conversation in the growing layout, as it stands before its next turn. */
export interface Conversation {
  /** Every message sent so far, each selected reply appended as an assistant message. */
  messages: readonly ChatMessage[];
  /** The turns the conversation already holds (the agent's own and the peers' it was shown). */
  seen: readonly TurnRef[];
}

/** An empty conversation: the agent has not spoken yet. */
export const EMPTY_CONVERSATION: Conversation = { messages: [], seen: [] };

/** The messages of one turn and the turns they show the agent (`saw` of the turn event). */
export interface TurnPrompt {
  messages: ChatMessage[];
  saw: TurnRef[];
}

/**
 * Builds the prompt of one turn in the protocol's layout. `fresh`: a new
 * prompt listing every visible turn. `growing` (Du et al.): the agent's
 * conversation so far, plus — after round 0 — one user message with the
 * visible peers' turns it has not been shown yet; `saw` then is everything
 * the conversation holds.
 */
export function buildTurnPrompt(input: TurnPromptInput, conversation: Conversation): TurnPrompt {
  if (input.params.conversation === 'fresh') {
    return { messages: buildTurnMessages(input), saw: input.visible.map(ref) };
  }
  const seen = new Set(conversation.seen.map(key));
  const newPeers = input.visible.filter((turn) => turn.agent !== input.agentName && !seen.has(key(turn)));
  const messages = conversation.messages.length === 0 ? opening(input) : [...conversation.messages];
  if (input.round > 0) messages.push({ role: 'user', content: followUp(input, newPeers) });
  const saw = [...conversation.seen, ...newPeers.map(ref)];
  return { messages, saw: sortRefs(saw) };
}

/** The conversation after a turn: its prompt plus the selected reply. */
export function extendConversation(prompt: TurnPrompt, own: TurnRecord): Conversation {
  return { messages: [...prompt.messages, { role: 'assistant', content: own.reply }], seen: [...prompt.saw, ref(own)] };
}

function opening(input: TurnPromptInput): ChatMessage[] {
  if (input.params.wording === 'quorum') return quorumOpening(input);
  // Du et al. send no system message; a configured persona (they have none) is the one thing quorum adds there
  const persona: ChatMessage[] = input.persona === undefined ? [] : [{ role: 'system', content: input.persona }];
  return [...persona, { role: 'user', content: duOpening(input.question) }];
}

function followUp(input: TurnPromptInput, newPeers: readonly TurnRecord[]): string {
  return input.params.wording === 'quorum' ? quorumFollowUp(input, newPeers) : duDebateMessage(input.question, newPeers.map((turn) => turn.reply));
}

function ref(turn: TurnRef): TurnRef {
  return { agent: turn.agent, round: turn.round, draft: turn.draft ?? 0 };
}

function key(turn: TurnRef): string {
  return `${turn.agent}\u0000${turn.round}\u0000${turn.draft ?? 0}`;
}

// rounds ascending; within a round, the order the conversation shows them in (the agent's own reply comes before the peers' replies of that round, which arrive in the next user message)
// A ref ranks by the last place its turn holds in the list, as a key → index map of the list gives it, found by comparing fields
// (a handful of refs per turn: no key strings, no map); the comparisons and so the (stable) order are the same.
function sortRefs(refs: readonly TurnRef[]): TurnRef[] {
  const ranks = refs.map((turn, index) => lastPlace(refs, turn, index));
  const indexes = refs.map((_, index) => index);
  indexes.sort((a, b) => refs[a]!.round - refs[b]!.round || ranks[a]! - ranks[b]!);
  return indexes.map((index) => refs[index]!);
}

/** The last index at or after `from` of a ref to the same turn as `turn` (same agent, round and draft, as `key` compares them). */
function lastPlace(refs: readonly TurnRef[], turn: TurnRef, from: number): number {
  const draft = turn.draft ?? 0;
  for (let index = refs.length - 1; index > from; index--) {
    const other = refs[index]!;
    if (other.agent === turn.agent && `${other.round}` === `${turn.round}` && `${other.draft ?? 0}` === `${draft}`) return index;
  }
  return from;
}
