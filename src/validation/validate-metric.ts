import { mean } from '../util/quantile.js';
import type { AuditQuestionRecord } from '../spec/audit-result.js';
import { ConfigError } from '../spec/errors.js';
import { correlationWithInterval, type CorrelationBootstrap, type CorrelationEstimate } from './correlation-interval.js';
import { kendallTauB } from './kendall-tau-b.js';
import { krippendorffAlpha, type KrippendorffAlpha } from './krippendorff-alpha.js';
import type { Rating } from './ratings-csv.js';
import { spearmanRho } from './spearman-rho.js';

/** One question (of one protocol) with both a CARA score and ratings. */
export interface ValidationItem {
  protocol: string;
  questionId: string;
  /** CARA-HYB(q), averaged over the question's eligible units (seeds). */
  caraHyb: number;
  /** SIM(q), averaged likewise; null when no unit had one. */
  sim: number | null;
  /** Mean of the question's ratings (over raters, and over seeds for a judge). */
  rating: number;
  ratings: number;
}

/** Mean CARA of the questions whose mean rating rounds to one level. */
export interface RatingLevel {
  /** 1–5: the mean rating rounded half up. */
  rating: number;
  n: number;
  caraHyb: number | null;
  sim: number | null;
}

/** How well CARA agrees with ratings of reasoning alignment (DESIGN §6, docs/validation.md). */
export interface ValidationReport {
  items: ValidationItem[];
  raters: string[];
  /** Ratings read, matched or not. */
  ratings: number;
  spearman: { caraHyb: CorrelationEstimate; sim: CorrelationEstimate };
  kendall: { caraHyb: CorrelationEstimate; sim: CorrelationEstimate };
  /** Inter-rater agreement (ordinal α over every rated question); null with fewer than two raters. */
  alpha: (KrippendorffAlpha & { metric: 'ordinal'; raters: number }) | null;
  monotonic: {
    levels: RatingLevel[];
    /** Mean CARA-HYB strictly increases from each populated level to the next; null with fewer than two populated levels. */
    increasing: boolean | null;
    simIncreasing: boolean | null;
  };
  /** Rated questions that cannot be compared, and eligible questions nobody rated. */
  unmatched: { notEligible: string[]; notAudited: string[]; notRated: number };
  bootstrap: CorrelationBootstrap;
}

/** What `validateMetric` compares. */
export interface ValidationInput {
  /** An audit's per-unit results. */
  questions: readonly AuditQuestionRecord[];
  ratings: readonly Rating[];
  bootstrap: CorrelationBootstrap;
}

/**
 * Compares question-level CARA-HYB and SIM with the mean rating of each
 * question: Spearman ρ and Kendall τ-b with paired bootstrap 95 % CIs
 * (questions resampled), a monotonicity table (mean CARA per rating
 * level), and Krippendorff's α (ordinal) between raters when there are
 * several. A question is identified by its id, and by its protocol when the
 * audit has several protocols (the ratings must then name it).
 */
export function validateMetric(input: ValidationInput): ValidationReport {
  const protocols = [...new Set(input.questions.map((question) => question.protocol))];
  const unnamed = input.ratings.find((rating) => rating.protocol === undefined);
  if (protocols.length > 1 && unnamed !== undefined) {
    throw new ConfigError(`the audit covers the protocols ${protocols.join(', ')}, but the rating at ${unnamed.origin} does not say which one it rates`, 'add a "protocol" column to the ratings CSV (docs/validation.md)');
  }
  const keyOf = (protocol: string | undefined, questionId: string): string => JSON.stringify([protocol ?? protocols[0] ?? '', questionId]);
  const label = (key: string): string => {
    const [protocol, questionId] = JSON.parse(key) as [string, string];
    return protocols.length > 1 ? `${protocol}/${questionId}` : questionId;
  };

  const audited = new Map<string, { protocol: string; questionId: string; caraHyb: number[]; sim: number[] }>();
  for (const question of input.questions) {
    const key = keyOf(question.protocol, question.questionId);
    const entry = audited.get(key) ?? { protocol: question.protocol, questionId: question.questionId, caraHyb: [], sim: [] };
    if (question.eligible && question.caraHyb !== null) entry.caraHyb.push(question.caraHyb);
    if (question.eligible && question.sim !== null) entry.sim.push(question.sim);
    audited.set(key, entry);
  }
  const rated = new Map<string, Rating[]>();
  for (const rating of input.ratings) {
    const key = keyOf(rating.protocol, rating.questionId);
    rated.set(key, [...(rated.get(key) ?? []), rating]);
  }

  const items: ValidationItem[] = [];
  const notEligible: string[] = [];
  const notAudited: string[] = [];
  for (const [key, ratings] of rated) {
    const scores = audited.get(key);
    if (scores === undefined) notAudited.push(label(key));
    else if (scores.caraHyb.length === 0) notEligible.push(label(key));
    else items.push({ protocol: scores.protocol, questionId: scores.questionId, caraHyb: mean(scores.caraHyb)!, sim: mean(scores.sim), rating: mean(ratings.map((rating) => rating.rating))!, ratings: ratings.length });
  }
  if (items.length === 0) {
    throw new ConfigError(
      `none of the ${rated.size} rated questions has a CARA score in this audit (${notEligible.length} not eligible, ${notAudited.length} not in the run)`,
      'rate questions of this run whose agents agree (question ids as in `quorum export`); docs/validation.md',
    );
  }
  const notRated = [...audited].filter(([key, scores]) => scores.caraHyb.length > 0 && !rated.has(key)).length;

  const ratingValues = items.map((item) => item.rating);
  const caraValues = items.map((item) => item.caraHyb);
  const withSim = items.filter((item) => item.sim !== null);
  const simValues = withSim.map((item) => item.sim!);
  const simRatings = withSim.map((item) => item.rating);
  const raters = [...new Set(input.ratings.map((rating) => rating.rater))].sort();
  const levels = ratingLevels(items);
  return {
    items,
    raters,
    ratings: input.ratings.length,
    spearman: {
      caraHyb: correlationWithInterval(caraValues, ratingValues, spearmanRho, input.bootstrap),
      sim: correlationWithInterval(simValues, simRatings, spearmanRho, input.bootstrap),
    },
    kendall: {
      caraHyb: correlationWithInterval(caraValues, ratingValues, kendallTauB, input.bootstrap),
      sim: correlationWithInterval(simValues, simRatings, kendallTauB, input.bootstrap),
    },
    alpha: raters.length < 2 ? null : { ...krippendorffAlpha([...rated.values()].map((ratings) => ratings.map((rating) => rating.rating)), 'ordinal'), metric: 'ordinal', raters: raters.length },
    monotonic: { levels, increasing: increasing(levels.map((level) => level.caraHyb)), simIncreasing: increasing(levels.map((level) => level.sim)) },
    unmatched: { notEligible, notAudited, notRated },
    bootstrap: input.bootstrap,
  };
}

function ratingLevels(items: readonly ValidationItem[]): RatingLevel[] {
  return [1, 2, 3, 4, 5].map((rating) => {
    // Math.round rounds halves up: a question rated 2 and 3 counts at level 3.
    const members = items.filter((item) => Math.round(item.rating) === rating);
    const sims = members.flatMap((item) => (item.sim === null ? [] : [item.sim]));
    return { rating, n: members.length, caraHyb: mean(members.map((item) => item.caraHyb)), sim: mean(sims) };
  });
}

/** Strictly increasing over the levels that have a value; null with fewer than two. */
function increasing(means: ReadonlyArray<number | null>): boolean | null {
  const present = means.filter((value): value is number => value !== null);
  if (present.length < 2) return null;
  return present.every((value, index) => index === 0 || value > present[index - 1]!);
}
