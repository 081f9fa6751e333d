import type { Ballot } from '../../spec/trace.js';

/** A voting decision rule: agents state approvals, a ranking or a point allocation. */
export type VotingRule = Ballot['rule'];

/** What a ballot is checked against. */
export interface BallotLimits {
  /** Number of candidates; ballot numbers run 0..candidates−1. */
  candidates: number;
  /** `ranked`: positions counted (later ones are dropped). */
  maxRanks: number;
  /** `cumulative`: the points every ballot must distribute. */
  points: number;
}

/**
 * Reads an agent's reply as a ballot of `rule`, tolerantly: MALLM asks for
 * bare numbers ("0, 2"; "0 2 1"; a JSON dictionary) and re-asks until the
 * reply parses; quorum reads the numbers wherever the reply puts them and
 * records an unreadable ballot as invalid instead of asking again.
 * - approval: every number in range, once each (MALLM ignores numbers out of range too);
 * - ranked: the numbers in order, repeats dropped, the first `maxRanks` kept;
 *   a number out of range invalidates the ballot (as in MALLM);
 * - cumulative: `number: points` pairs (JSON keys quoted or not; a repeated key
 *   keeps its last value, as JSON does); valid when every number is in range
 *   and the points sum to exactly `points` (MALLM's check).
 */
export function readBallot(rule: VotingRule, agent: string, reply: string, limits: BallotLimits): Ballot {
  const invalid = (problem: string): Ballot => ({ agent, rule, valid: false, problem });
  if (rule === 'cumulative') return readPoints(agent, reply, limits) ?? invalid(`expected a JSON dictionary of candidate numbers to points summing to ${limits.points}`);
  const numbers = [...reply.matchAll(/\d+/g)].map((match) => Number(match[0]));
  if (rule === 'approval') {
    const approvals = unique(numbers.filter((number) => number < limits.candidates));
    return approvals.length === 0 ? invalid('no candidate number in the reply') : { agent, rule, valid: true, approvals };
  }
  const ranking = unique(numbers);
  if (ranking.length === 0) return invalid('no candidate number in the reply');
  const outside = ranking.find((number) => number >= limits.candidates);
  if (outside !== undefined) return invalid(`candidate ${outside} does not exist (0..${limits.candidates - 1})`);
  return { agent, rule, valid: true, ranking: ranking.slice(0, limits.maxRanks) };
}

function readPoints(agent: string, reply: string, limits: BallotLimits): Ballot | undefined {
  // the dictionary if there is one, else the whole reply ("0: 6, 1: 4")
  const body = /\{[^{}]*\}/.exec(reply)?.[0] ?? reply;
  const points: Record<string, number> = {};
  for (const match of body.matchAll(/["']?(\d+)["']?\s*:\s*(-?\d+(?:\.\d+)?)/g)) points[String(Number(match[1]))] = Number(match[2]);
  const entries = Object.entries(points);
  if (entries.length === 0) return undefined;
  const problem = entries.some(([key]) => Number(key) >= limits.candidates)
    ? 'a candidate number out of range'
    : entries.some(([, value]) => value < 0 || !Number.isInteger(value))
      ? 'points must be whole numbers ≥ 0'
      : entries.reduce((sum, [, value]) => sum + value, 0) !== limits.points
        ? `points sum to ${entries.reduce((sum, [, value]) => sum + value, 0)}, not ${limits.points}`
        : undefined;
  return problem === undefined ? { agent, rule: 'cumulative', valid: true, points } : { agent, rule: 'cumulative', valid: false, problem };
}

function unique(numbers: readonly number[]): number[] {
  return [...new Set(numbers)];
}
