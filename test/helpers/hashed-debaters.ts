import { createHash } from 'node:crypto';
import type { ChatRequest } from '../../src/spec/chat.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { agentOf, statedFor } from './scripted-debaters.js';

/**
 * A scripted backend whose reply is a pure function of the request (its
 * messages and seed), so runs are reproducible however units interleave.
 */
export function hashedDebaters(options: { gdp?: boolean; letters?: string } = {}): ScriptedBackend {
  const letters = options.letters ?? 'ABCD';
  return new ScriptedBackend({
    fallback: (request: ChatRequest) => {
      const digest = createHash('sha256').update(JSON.stringify([request.messages, request.decoding.seed])).digest();
      const answer = letters[digest[0]! % letters.length]!;
      const agent = agentOf(request);
      if (options.gdp === true) {
        return JSON.stringify({ steps: [{ claim: `${agent} claims ${answer}`, ground: `ground ${digest[1]}` }], answer });
      }
      return `${agent} weighs the options (${digest[1]}).\nAnswer: ${statedFor(request, answer)}`;
    },
  });
}
