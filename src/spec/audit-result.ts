/**
 * What an audit produces and the store keeps (DESIGN §6, docs/metrics.md):
 * the settings that made it, a summary per protocol, and one result per
 * unit (question × seed) with the step alignment the viewer draws.
 */

import type { AuditModelCalls } from './audit.js';

/** Failure-mode labels of low-CARA units and of units without rationale. FM2, FM3 and FM5 are quorum's own definitions. */
export const FAILURE_MODES = ['FM1', 'FM2', 'FM3', 'FM4', 'FM5', 'FM6'] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

/** Why a unit has no CARA score. */
export type NotEligibleReason =
  /** The unit has no parseable aggregated answer (failed, unparsed or ambiguous final answer). */
  | 'no-aggregated-answer'
  /** Fewer than two agents' final answers equal the aggregated answer (|S(q)| < 2). */
  | 'agreement-set-below-two'
  /**
   * No agent of S(q) has a reasoning step: there is nothing to align, so
   * CARA is undefined (n/a), not 0. The unit is still labelled (FM5 or FM4).
   */
  | 'no-rationale';

/** Which units count as low-CARA, where failure modes are labelled. */
export type LowCaraRule =
  /** CARA-HYB(q) at or below this quantile of the eligible units of the same protocol in the audit. */
  | { kind: 'quantile'; value: number }
  /** CARA-HYB(q) strictly below this value. */
  | { kind: 'threshold'; value: number };

/** Thresholds of the failure-mode rules (docs/metrics.md, "Failure modes"). */
export interface FailureModeSettings {
  low: LowCaraRule;
  /** FM1 needs SIM(q) below this ("low SIM"); FM6 covers the rest ("middling SIM"). */
  lowSim: number;
  /** A step has a counterpart in a peer when its best-match cosine reaches this. */
  counterpartCosine: number;
  /** FM3 when at least this share of the agreement set's steps are vague (hedged or generic). */
  vagueShare: number;
}

/** Everything that determines an audit's numbers, stored with it. */
export interface AuditSettings {
  /** Embedding provider id (spec), e.g. `wordvec`. */
  embed: string;
  /** NLI provider id (spec), e.g. `heuristic`. */
  nli: string;
  /** Contradiction threshold τ: a best-match pair is flagged when max(pc) > τ. */
  tau: number;
  /** Steps kept per agent (the first ones). */
  stepCap: number;
  /** Percentile bootstrap of the corpus means. */
  bootstrap: { resamples: number; seed: number; level: number };
  failureModes: FailureModeSettings;
  /** quorum version that computed the audit. */
  codeVersion: string;
  /** Which providers are offline fallbacks rather than the seed paper's models, and what that means. */
  fallback: { embed: boolean; nli: boolean; note: string | null };
}

/** A corpus mean with its bootstrap interval; all null when no unit had a value. */
export interface MetricEstimate {
  mean: number | null;
  /** Bounds of the bootstrap percentile interval (level in the settings). */
  low: number | null;
  high: number | null;
  /** Number of questions averaged. */
  n: number;
}

/** The figures of one protocol (or of all units, in `AuditSummary.overall`). */
export interface AuditGroupSummary {
  protocol: string;
  /** Finished units audited. */
  units: number;
  eligible: number;
  notEligible: number;
  notEligibleReasons: Partial<Record<NotEligibleReason, number>>;
  /** Questions with at least one eligible unit: the n of the corpus means (seeds are averaged per question first). */
  questions: number;
  /** Correct aggregated answers among units with a gold answer; null when none has one. */
  accuracy: number | null;
  /** Share of units whose agents all gave the same parseable final answer. */
  agreement: number | null;
  caraHyb: MetricEstimate;
  sim: MetricEstimate;
  contradictionRate: MetricEstimate;
  caraGt: MetricEstimate;
  /** Agent pairs of agreement sets scored 0 because one side had no steps. */
  emptyPairs: number;
  /** Low-CARA units: the CARA-HYB cut-off used and how many units fell at or under it. */
  lowCara: { threshold: number | null; count: number };
  /** Low-CARA units by primary failure-mode label. */
  failureModes: Record<FailureMode, number>;
}

/** Figures of a whole audit. */
export interface AuditSummary {
  /** One entry per protocol, in order of first appearance. */
  groups: AuditGroupSummary[];
  /** All units together (failure-mode counts are the groups' sums). */
  overall: AuditGroupSummary;
  /** Units of the run still pending (not audited). */
  pendingUnits: number;
  /** NLI pairs the best matches need (both orders of every best-match pair), before de-duplication. */
  nliPairs: number;
  /** NLI pairs an all-pairs audit would need (both orders of all m·n step pairs). */
  naiveNliPairs: number;
  /** Distinct texts embedded for this run. */
  embeddedTexts: number;
  /**
   * Chat-model calls, tokens and cost of the NLI (an `llm:` provider) over
   * the audit pass that made this audit; absent for NLI models that call no
   * chat model. Runs audited in one pass share their calls (`sharedByRuns`).
   */
  nliCalls?: AuditModelCalls & { sharedByRuns: number };
  /** Problems that did not stop the audit (e.g. scoring points unavailable). */
  warnings: string[];
}

/** One best match of a directional alignment. */
export interface StepMatch {
  /** Index of the step in the source side. */
  step: number;
  /** Index of its best match j* in the target side. */
  match: number;
  cosine: number;
  /** pc(source step, match) and pc(match, source step). */
  contradiction: [number, number];
  /** max of the two > τ. */
  flagged: boolean;
}

/** a→b: every step of a with its best match in b. */
export interface DirectionalAlignment {
  sim: number;
  hyb: number;
  matches: StepMatch[];
}

/** One unordered pair of agents of the agreement set. */
export interface PairAlignment {
  a: string;
  b: string;
  /** Symmetrised scores: ½(a→b + b→a); 0 when `empty`. */
  hyb: number;
  sim: number;
  /** One side had no steps: the pair scores 0 and has no best matches. */
  empty: boolean;
  /** Cosine matrix, rows = steps of a, columns = steps of b (rounded to 4 decimals for storage). */
  cosine: number[][];
  forward: DirectionalAlignment | null;
  backward: DirectionalAlignment | null;
}

/** Coverage of the expert scoring points by one agent (CARA-GT). */
export interface GroundTruthAlignment {
  agent: string;
  /** HYB(points→agent); 0 when the agent has no steps. */
  hyb: number;
  sim: number;
  alignment: DirectionalAlignment | null;
}

/** One agent of a unit as the audit saw it. */
export interface AgentAudit {
  name: string;
  /** Final answer, or null when unparsed. */
  answer: string | null;
  /** Answers by round, oldest first (null: unparsed or silent). */
  answers: Array<string | null>;
  inAgreementSet: boolean;
  /** Steps of the final-round rationale, after the cap. */
  steps: string[];
  /** Steps not copied from another agent's earlier turns. */
  ownSteps: number;
  /** The agent's earlier answer differed from its final one. */
  moved: boolean;
}

/** Per-unit material kept for reports and the viewer. */
export interface AuditQuestionDetails {
  aggregated: string | null;
  gold: string | null;
  correct: boolean | null;
  agents: AgentAudit[];
  pairs: PairAlignment[];
  scoringPoints: string[] | null;
  groundTruth: GroundTruthAlignment[];
  /** Flagged / all best-match pairs behind `contradictionRate`. */
  bestMatchPairs: number;
  flaggedPairs: number;
  /** Vague steps among the agreement set's steps (FM3). */
  vagueSteps: number;
  agreementSetSteps: number;
  lowCara: boolean;
  /** Every failure-mode rule that matched, primary label first. */
  failureModes: FailureMode[];
}

/** The audit of one unit. */
export interface AuditQuestionResult {
  unitId: string;
  questionId: string;
  protocol: string;
  seed: number;
  eligible: boolean;
  reasons: NotEligibleReason[];
  /** Agents whose final answer equals the aggregated answer, S(q). */
  agreementSet: string[];
  caraHyb: number | null;
  sim: number | null;
  /** Contradiction rate (CR); null when not eligible or no best-match pair exists. */
  contradictionRate: number | null;
  caraGt: number | null;
  /** Primary failure-mode label, for low-CARA units and units not eligible for `no-rationale`. */
  failureMode: FailureMode | null;
  details: AuditQuestionDetails;
}

/** A stored audit. */
export interface AuditRecord {
  id: string;
  runId: string;
  /** ISO time. */
  createdAt: string;
  /** Human label, e.g. `wordvec+heuristic τ=0.5 (fallback models)`. */
  label: string;
  settings: AuditSettings;
  summary: AuditSummary;
}

/** A stored per-unit result. */
export interface AuditQuestionRecord extends AuditQuestionResult {
  auditId: string;
}

/**
 * A stored per-unit result without its alignment details: the scores a
 * table filters and sorts on, read from columns (`TraceStore.listAuditScores`).
 */
export interface AuditScoreRecord {
  unitId: string;
  /** Order within the audit (what `listAuditQuestions` pages by). */
  position: number;
  eligible: boolean;
  caraHyb: number | null;
  sim: number | null;
  contradictionRate: number | null;
  caraGt: number | null;
  failureMode: FailureMode | null;
  /** `details.lowCara` of the full result. */
  lowCara: boolean;
  /** |S(q)|, the length of the full result's `agreementSet`. */
  agreementSize: number;
}

/** Paging of `listAuditQuestions`. */
export interface AuditQuestionQuery {
  offset?: number;
  limit?: number;
}
