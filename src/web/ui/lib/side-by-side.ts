import type { AuditQuestionDetails, PairAlignment, StepMatch } from '../../../spec/audit-result.js';

/** One step's best match in the other agent's steps, as the audit stored it. */
export interface StepLink {
  /** Index of the best match j* in the other agent's steps. */
  match: number;
  cosine: number;
  /** The larger of pc(step, match) and pc(match, step): what τ is compared with. */
  contradiction: number;
  flagged: boolean;
}

/** Two agents' final steps side by side, each step linked to its best match on the other side. */
export interface SideBySide {
  left: string;
  right: string;
  stepsLeft: string[];
  stepsRight: string[];
  /**
   * The audit's alignment of the two, oriented left → right; null when the
   * audit stored none (an agent outside the agreement set: CARA aligns only
   * S(q)), or when one side has no steps.
   */
  aligned: { linksLeft: Array<StepLink | null>; linksRight: Array<StepLink | null>; sim: number; hyb: number } | null;
}

function links(matches: readonly StepMatch[] | undefined, count: number): Array<StepLink | null> {
  const byStep: Array<StepLink | null> = Array.from({ length: count }, () => null);
  for (const match of matches ?? []) {
    if (match.step < count) byStep[match.step] = { match: match.match, cosine: match.cosine, contradiction: Math.max(...match.contradiction), flagged: match.flagged };
  }
  return byStep;
}

/** The stored pair of two agents, in either order. */
export function findPair(details: AuditQuestionDetails, one: string, other: string): PairAlignment | undefined {
  return details.pairs.find((pair) => (pair.a === one && pair.b === other) || (pair.a === other && pair.b === one));
}

/**
 * Lays out `left` and `right` from the audit's stored alignment only (the
 * heatmap's data): a→b best matches become the left side's links when left
 * is a, the b→a ones when left is b. Nothing is recomputed here.
 */
export function sideBySide(details: AuditQuestionDetails, left: string, right: string): SideBySide {
  const steps = (name: string) => details.agents.find((agent) => agent.name === name)?.steps ?? [];
  const stepsLeft = steps(left);
  const stepsRight = steps(right);
  const pair = findPair(details, left, right);
  if (pair === undefined || pair.empty || pair.forward === null || pair.backward === null) return { left, right, stepsLeft, stepsRight, aligned: null };
  const [fromLeft, fromRight] = pair.a === left ? [pair.forward, pair.backward] : [pair.backward, pair.forward];
  return {
    left,
    right,
    stepsLeft,
    stepsRight,
    aligned: { linksLeft: links(fromLeft.matches, stepsLeft.length), linksRight: links(fromRight.matches, stepsRight.length), sim: pair.sim, hyb: pair.hyb },
  };
}

/**
 * The two agents shown first: the pair of the agreement set holding the
 * most contradicting best-match step pair (the summary band's), else the
 * pair with the lowest CARA-HYB, else the first two agents with steps.
 */
export function defaultPair(details: AuditQuestionDetails): [string, string] | null {
  let worst: { pair: PairAlignment; probability: number } | null = null;
  for (const pair of details.pairs) {
    for (const match of [...(pair.forward?.matches ?? []), ...(pair.backward?.matches ?? [])]) {
      const probability = Math.max(...match.contradiction);
      if (worst === null || probability > worst.probability) worst = { pair, probability };
    }
  }
  if (worst !== null) return [worst.pair.a, worst.pair.b];
  const lowest = [...details.pairs].sort((x, y) => x.hyb - y.hyb)[0];
  if (lowest !== undefined) return [lowest.a, lowest.b];
  const withSteps = details.agents.filter((agent) => agent.steps.length > 0);
  const chosen = withSteps.length >= 2 ? withSteps : details.agents;
  return chosen.length >= 2 ? [chosen[0]!.name, chosen[1]!.name] : null;
}
