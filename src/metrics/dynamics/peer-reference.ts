import type { TurnEvent } from '../../spec/trace.js';
import { hasStanceExpression } from './stance-expressions.js';

/** How a turn referenced a peer's claim: a GDP STANCE, or a peer's name and a stance expression in one sentence. */
export type PeerReference = 'stance' | 'text';

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Whether a turn explicitly references a named peer's claim and takes a
 * position on it (the PRR numerator, DESIGN §6). Only peers whose messages
 * the turn was shown (`saw`) count: a stance toward a message the agent
 * never saw references no claim. Turns with GDP steps count only through a
 * STANCE (AGREE, DISAGREE or EXTEND toward a seen peer); turns without
 * steps (free format, or GDP replies that could not be parsed) count when
 * one sentence of the rationale names a seen peer in full ("Agent B",
 * "agent_b", "Agent B's") and contains a stance expression
 * (src/metrics/dynamics/stance-expressions.ts). Bare initials ("with B")
 * are not read as names: "agree with a higher value" would name Agent A.
 */
export function peerReference(turn: Pick<TurnEvent, 'agent' | 'saw' | 'parsed'>): PeerReference | null {
  const seen = new Set(turn.saw.map((ref) => ref.agent).filter((agent) => agent !== turn.agent));
  if (seen.size === 0) return null;
  const steps = turn.parsed.steps;
  if (steps !== undefined) return steps.some((step) => step.stance !== undefined && seen.has(step.stance.peer)) ? 'stance' : null;
  const names = [...seen].map((peer) => new RegExp(`(?<![\\p{L}\\p{N}])${peer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s_-]+/g, '[\\s_-]+')}(?![\\p{L}\\p{N}])`, 'iu'));
  for (const paragraph of turn.parsed.rationale.split(/\n+/)) {
    for (const { segment } of SENTENCES.segment(paragraph)) {
      if (names.some((name) => name.test(segment)) && hasStanceExpression(segment)) return 'text';
    }
  }
  return null;
}
