import type { TurnEvent } from '../../spec/trace.js';
import { escapeRegExp } from '../../util/escape-reg-exp.js';
import { hasStanceExpression } from './stance-expressions.js';

/** How a turn referenced a peer's claim: a GDP STANCE, or a peer's name and a stance expression in one sentence. */
export type PeerReference = 'stance' | 'text';

let sentences: Intl.Segmenter | undefined;

/** The sentence segmenter, made on first use: making it loads ICU's break rules (~14 ms), which `quorum show` and most commands never need. */
function sentenceSegmenter(): Intl.Segmenter {
  sentences ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return sentences;
}

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
  const names = [...seen].map(namePattern);
  // A sentence that names a peer is part of a rationale that does: most replies name nobody, and segmenting them
  // into sentences (ICU) was most of this function's time. (Sentence breaks never fall between two letters or
  // digits, so the name's word boundaries read the same in the sentence as in the whole text.)
  if (!names.some((name) => name.test(turn.parsed.rationale))) return null;
  for (const paragraph of turn.parsed.rationale.split(/\n+/)) {
    for (const { segment } of sentenceSegmenter().segment(paragraph)) {
      if (names.some((name) => name.test(segment)) && hasStanceExpression(segment)) return 'text';
    }
  }
  return null;
}

/** Patterns of peer names met so far: a run has a handful of agent names and reads every turn against them. */
const NAME_PATTERNS = new Map<string, RegExp>();

/** A peer's name in full, separators loose ("Agent B", "agent_b"), not inside a longer word. */
function namePattern(peer: string): RegExp {
  let pattern = NAME_PATTERNS.get(peer);
  if (pattern === undefined) {
    const name = escapeRegExp(peer).replace(/[\s_-]+/g, '[\\s_-]+');
    // No `g` flag: `test` keeps no lastIndex, so one pattern is safe to share.
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, 'iu');
    if (NAME_PATTERNS.size < 1_000) NAME_PATTERNS.set(peer, pattern);
  }
  return pattern;
}
