import type { Question } from './question.js';

/**
 * What a scorer reads of a system's answer: the final answer as the system
 * stated it (the text an official evaluator would be given as the
 * prediction), never quorum's canonicalised value.
 */
export interface Prediction {
  /** The final answer text; null when the system gave none (unparsed, ambiguous, failed). */
  answer: string | null;
  /** TAT-QA: the predicted scale (`''`, `thousand`, `million`, `billion`, `percent`), when the system states one. */
  scale?: string;
}

/** The scores of one answer to one question. */
export interface AnswerScore {
  /** The headline verdict, as the dataset's official evaluator decides it; null when the question has no gold. */
  correct: boolean | null;
  /** The dataset's per-answer metric values by key (`em`, `f1`, `rougeL`, …); null where a metric does not apply. */
  metrics: Readonly<Record<string, number | null>>;
}

/** One metric a scorer reports. */
export interface ScorerMetric {
  /** JSON key (`em`, `f1`, `denotation`, `rougeL`, `bleu`). */
  key: string;
  /** Label for tables ("EM", "token F1"). */
  label: string;
  /**
   * How the run-level figure is formed: `mean` of the per-answer values, or
   * `corpus` (computed over all answers at once, e.g. sacreBLEU's corpus BLEU;
   * the scorer's `corpus` function gives it).
   */
  aggregate: 'mean' | 'corpus';
  /** Whether this is a lenient quorum variant rather than an official metric (never a headline). */
  lenient?: boolean;
  /** `fraction` (default): a share in [0, 1], printed as a percentage; `value`: a quantity in the data's own unit (an absolute error), printed as it is. */
  kind?: 'fraction' | 'value';
}

/** One answer to score over a corpus. */
export interface ScoredItem {
  prediction: Prediction;
  question: Question;
}

/**
 * A dataset's scorer: reimplements that benchmark's published evaluator
 * (docs/metrics.md names the source and every remaining difference). Runs,
 * `quorum score`, studies, the viewer and foreign-trace audits all score
 * through this interface; protocols never do.
 */
export interface Scorer {
  /** Stable name, recorded with every score (`wtq-denotation`, `tatqa-em-f1`). */
  readonly name: string;
  /** The evaluator it reimplements: repository and file, or the paper. */
  readonly source: string;
  /** The metrics it reports; `correct` is the headline, reported as `accuracy`. */
  readonly metrics: readonly ScorerMetric[];
  /** Scores one answer against the question's gold. */
  score(prediction: Prediction, question: Question): AnswerScore;
  /**
   * Whether two answers to the same question are the same answer under the
   * dataset's answer equality (the majority vote and the agreement set use
   * it). Symmetric; never reads the gold.
   */
  equivalent(a: string, b: string, question: Question): boolean;
  /** Corpus-level values of the metrics whose `aggregate` is `corpus`. */
  corpus?(items: readonly ScoredItem[]): Readonly<Record<string, number | null>>;
}
