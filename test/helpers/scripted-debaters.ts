import type { ChatRequest } from '../../src/spec/chat.js';
import type { Agent } from '../../src/spec/protocol.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';

/** The agent a request was written for (the prompt ends with "You are <name>."). */
export function agentOf(request: ChatRequest): string {
  const match = /You are (Agent [A-Z]+)\./.exec(request.messages.at(-1)?.content ?? '');
  if (match === null) throw new Error('request does not name its agent');
  return match[1]!;
}

/**
 * A scripted backend whose reply depends on the agent and on how many times
 * that agent has spoken (its round, for protocols without muting):
 * `answers[agent][round]` gives the answer letter.
 */
export function scriptedDebate(answers: Record<string, string[]>, options: { gdp?: boolean } = {}): ScriptedBackend {
  const spoken = new Map<string, number>();
  return new ScriptedBackend({
    fallback: (request) => {
      const agent = agentOf(request);
      const round = spoken.get(agent) ?? 0;
      spoken.set(agent, round + 1);
      const answer = answers[agent]?.[round] ?? 'A';
      if (options.gdp === true) {
        return JSON.stringify({ steps: [{ claim: `${agent} claim r${round}`, ground: `${agent} ground r${round}` }], answer });
      }
      return `${agent} reasons in round ${round}.\nAnswer: ${answer}`;
    },
  });
}

/** `count` agents named Agent A, B, … on one backend. */
export function agentsOn(backend: ScriptedBackend, count = 3): Agent[] {
  return Array.from({ length: count }, (_, index) => ({ name: `Agent ${String.fromCharCode(65 + index)}`, backend, decoding: { temperature: 0 } }));
}
