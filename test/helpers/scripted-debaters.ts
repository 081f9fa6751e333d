import type { ChatBackend, ChatRequest } from '../../src/spec/chat.js';
import type { Agent } from '../../src/spec/protocol.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';

// Requests sent through the agents of `agentsOn`, by agent name: Du et al.'s layout names no agent in the prompt.
const senders = new WeakMap<ChatRequest, string>();

/** The agent a request was written for: the `agentsOn` agent that sent it, else the prompt's "You are <name>.". */
export function agentOf(request: ChatRequest): string {
  const sender = senders.get(request);
  if (sender !== undefined) return sender;
  const match = /You are (Agent [A-Z]+)\./.exec(request.messages.at(-1)?.content ?? '');
  if (match === null) throw new Error('request does not name its agent');
  return match[1]!;
}

/**
 * A scripted backend whose reply depends on the agent and on how many times
 * that agent has spoken (its round, for protocols without muting):
 * `answers[agent][round]` gives the answer letter.
 */
export function scriptedDebate(answers: Record<string, string[]>, options: { gdp?: boolean; ballots?: Record<string, string> } = {}): ScriptedBackend {
  const spoken = new Map<string, number>();
  return new ScriptedBackend({
    fallback: (request) => {
      const agent = agentOf(request);
      // a ballot of a voting decision rule is not a turn: it does not advance the agent's round
      if (isBallot(request)) return options.ballots?.[agent] ?? '0';
      const round = spoken.get(agent) ?? 0;
      spoken.set(agent, round + 1);
      const answer = answers[agent]?.[round] ?? 'A';
      if (options.gdp === true) {
        return JSON.stringify({ steps: [{ claim: `${agent} claim r${round}`, ground: `${agent} ground r${round}` }], answer });
      }
      return `${agent} reasons in round ${round}.\nAnswer: ${statedFor(request, answer)}`;
    },
  });
}

/** Whether a request asks for a ballot (MALLM's "Here are the possible solutions:"). */
export function isBallot(request: ChatRequest): boolean {
  return request.messages.some((message) => message.content.includes('Here are the possible solutions:'));
}

/**
 * The answer as a reply states it: "(X)" when the prompt asks for "the form
 * (X)" (Du et al.'s wording, whose eval reads the last "(X)"), else as given.
 */
export function statedFor(request: ChatRequest, answer: string): string {
  return request.messages.some((message) => message.content.includes('in the form (X)')) ? `(${answer})` : answer;
}

/**
 * `count` agents named Agent A, B, … on one backend. Each agent's backend
 * forwards to the shared one unchanged and notes the sender, so `agentOf`
 * knows who asked even when the prompt names nobody.
 */
export function agentsOn(backend: ScriptedBackend, count = 3): Agent[] {
  return Array.from({ length: count }, (_, index) => {
    const name = `Agent ${String.fromCharCode(65 + index)}`;
    return { name, backend: sentBy(backend, name), decoding: { temperature: 0 } };
  });
}

function sentBy(backend: ChatBackend, name: string): ChatBackend {
  return Object.assign(Object.create(backend) as ChatBackend, {
    complete: (request: ChatRequest) => {
      senders.set(request, name);
      return backend.complete(request);
    },
  });
}
