import type { NliScores } from '../../spec/audit.js';
import { exclusiveConflicts, polarityConflicts, quantityConflicts, type Conflict } from './contradiction-evidence.js';
import { withHypernyms } from './hypernyms.js';
import { coverageOf, softmax } from './nli-logits.js';
import { sentenceFacts, type SentenceFacts } from './sentence-facts.js';

/** The scores of one pair and the reasons behind them. */
export interface HeuristicNliResult {
  scores: NliScores;
  /** Conflicts found, each with its gated weight. */
  conflicts: Array<Conflict & { gatedWeight: number }>;
  /** Share of the hypothesis's content words found in the premise (with hypernyms). */
  coverage: number;
}

// Log-odds against "neutral" (logit 0). With no conflict the contradiction
// probability stays below ~0.1; one full-strength conflict (weight ≈ 3 on
// overlapping sentences) lifts it past 0.5, two make it near certain.
const CONTRADICTION_BIAS = -1.8;
const MAX_EVIDENCE = 6;
const ENTAILMENT_BIAS = -1;
const ENTAILMENT_PER_COVERAGE = 4;
const COVERAGE_MIDPOINT = 0.5;
const ENTAILMENT_PENALTY_PER_EVIDENCE = 1.5;

/**
 * Lexical NLI: scores (premise, hypothesis) from conflicts (negation
 * mismatch, antonyms, numbers and units, exclusive terms), each counted in
 * proportion to how much of the rest of the two sentences overlaps, and from
 * how much of the hypothesis the premise covers (entailment). Deterministic;
 * probabilities sum to 1.
 */
export function heuristicNliScores(premise: string, hypothesis: string): HeuristicNliResult {
  return scoreFacts(sentenceFacts(premise), sentenceFacts(hypothesis));
}

/** `heuristicNliScores` on facts already read (the provider reads each unique sentence once). */
export function scoreFacts(premise: SentenceFacts, hypothesis: SentenceFacts): HeuristicNliResult {
  const premiseStems = withHypernyms(premise.stems);
  const coverage = coverageOf(hypothesis.stems, premiseStems);
  const conflicts = [...polarityConflicts(premise, hypothesis), ...quantityConflicts(premise, hypothesis), ...exclusiveConflicts(premise, hypothesis)].map(
    (conflict) => ({ ...conflict, gatedWeight: conflict.weight * overlapGate(hypothesis.stems, premise.stems, premiseStems, new Set(conflict.stems)) }),
  );
  const evidence = Math.min(
    MAX_EVIDENCE,
    conflicts.reduce((sum, conflict) => sum + conflict.gatedWeight, 0),
  );
  const logits = {
    entailment: ENTAILMENT_BIAS + ENTAILMENT_PER_COVERAGE * (coverage - COVERAGE_MIDPOINT) - ENTAILMENT_PENALTY_PER_EVIDENCE * evidence,
    neutral: 0,
    contradiction: CONTRADICTION_BIAS + evidence,
  };
  return { scores: softmax(logits), conflicts, coverage };
}

/**
 * How much a conflict counts, from 0 to 1: sentences that share little
 * besides the conflicting words are about different things ("the dog is
 * black" vs "the sky is white"). Full weight from 60 % overlap of the
 * hypothesis's other content words, or from two shared words.
 */
function overlapGate(hypothesis: ReadonlySet<string>, premise: ReadonlySet<string>, premiseExpanded: ReadonlySet<string>, conflictStems: ReadonlySet<string>): number {
  const coverage = coverageOf(hypothesis, premiseExpanded, conflictStems);
  const shared = [...hypothesis].filter((stem) => premise.has(stem) && !conflictStems.has(stem)).length;
  const fromShared = shared >= 2 ? 1 : shared === 1 ? 0.7 : 0;
  return Math.max(clamp((coverage - 0.1) / 0.5), fromShared);
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
