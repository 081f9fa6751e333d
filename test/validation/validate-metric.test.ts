import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../../src/spec/errors.js';
import type { Rating } from '../../src/validation/ratings-csv.js';
import { parseRatingsCsv } from '../../src/validation/ratings-csv.js';
import { validateMetric } from '../../src/validation/validate-metric.js';
import { auditedUnit } from './validation-fixtures.js';

const bootstrap = { resamples: 400, seed: 3, level: 0.95 };
const close = (actual: number | null, expected: number, tolerance = 1e-12): void => {
  assert.ok(actual !== null && Math.abs(actual - expected) <= tolerance, `expected ${expected}, got ${actual}`);
};
const rating = (questionId: string, value: number, rater = 'r1', protocol?: string): Rating => ({ questionId, rater, rating: value, origin: 'test', ...(protocol === undefined ? {} : { protocol }) });

describe('validating CARA against ratings', () => {
  // Designed: CARA-HYB rises strictly with the question; the ratings rise too, with three ties.
  // By hand: Kendall C = 25, D = 0 of 28 pairs, 3 pairs tied in the rating, none in CARA → τ-b = 25/√(28·25) = √(25/28).
  // Spearman: CARA ranks 1..8, rating midranks 1.5,1.5,3,4.5,4.5,6,7.5,7.5 → Σdxdy = 40.5, Σdx² = 42, Σdy² = 40.5 → ρ = √(40.5/42).
  // SIM falls as the rating rises: the same magnitudes with a minus sign.
  const cara = [-0.2, 0.1, 0.3, 0.35, 0.5, 0.62, 0.8, 0.9];
  const sims = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6];
  const levels = [1, 1, 2, 3, 3, 4, 5, 5];
  const questions = cara.map((value, index) => auditedUnit(`q${index + 1}`, value, sims[index]!));
  const ratings = levels.map((value, index) => rating(`q${index + 1}`, value));

  it('Spearman ρ and Kendall τ-b of CARA-HYB and SIM against the designed values, with bootstrap CIs', () => {
    const report = validateMetric({ questions, ratings, bootstrap });
    close(report.spearman.caraHyb.estimate, Math.sqrt(40.5 / 42));
    close(report.kendall.caraHyb.estimate, Math.sqrt(25 / 28));
    close(report.spearman.sim.estimate, -Math.sqrt(40.5 / 42));
    close(report.kendall.sim.estimate, -Math.sqrt(25 / 28));
    assert.equal(report.spearman.caraHyb.n, 8);
    // Every resample is perfectly or nearly monotone: the interval sits high and holds the estimate.
    assert.ok(report.spearman.caraHyb.low! > 0.8 && report.spearman.caraHyb.high! <= 1 + 1e-12, JSON.stringify(report.spearman.caraHyb));
    assert.ok(report.kendall.sim.high! < -0.7);
    assert.equal(report.alpha, null, 'one rater: no inter-rater agreement');
    assert.deepEqual(report.raters, ['r1']);
  });

  it('the monotonicity table: mean CARA per rating level, n per level, whether the means increase', () => {
    const { monotonic } = validateMetric({ questions, ratings, bootstrap });
    assert.deepEqual(
      monotonic.levels.map((level) => [level.rating, level.n, Number(level.caraHyb!.toFixed(6)), Number(level.sim!.toFixed(6))]),
      [
        [1, 2, -0.05, 0.925],
        [2, 1, 0.3, 0.85],
        [3, 2, 0.425, 0.775],
        [4, 1, 0.62, 0.7],
        [5, 2, 0.85, 0.625],
      ],
    );
    assert.equal(monotonic.increasing, true);
    assert.equal(monotonic.simIncreasing, false);
    // One question out of order breaks strict monotonicity; empty levels are skipped, not counted as zero.
    const broken = validateMetric({ questions, ratings: ratings.map((entry) => (entry.questionId === 'q2' ? { ...entry, rating: 4 } : entry)), bootstrap }).monotonic;
    assert.equal(broken.increasing, false);
    const gaps = validateMetric({ questions: questions.slice(0, 2), ratings: [rating('q1', 1), rating('q2', 5)], bootstrap }).monotonic;
    assert.deepEqual(gaps.levels.map((level) => level.n), [1, 0, 0, 0, 1]);
    assert.equal(gaps.increasing, true);
  });

  it("several raters: ratings are averaged per question, and Krippendorff's α (ordinal) of his own 2011 example comes out at .815", () => {
    // Krippendorff (2011), section C, as a ratings CSV: observers A–D, units q1–q12 (q12 has one rating).
    const matrix = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, null],
      [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
    ];
    const csv = ['question_id,rater,rating', ...matrix.flatMap((row, rater) => row.flatMap((value, unit) => (value === null ? [] : [`q${unit + 1},${'ABCD'[rater]},${value}`])))].join('\n');
    const csvRatings = parseRatingsCsv(csv, 'krippendorff-2011-c.csv');
    const twelve = Array.from({ length: 12 }, (_, index) => auditedUnit(`q${index + 1}`, index / 12, 0.5));
    const report = validateMetric({ questions: twelve, ratings: csvRatings, bootstrap });
    assert.ok(report.alpha !== null);
    close(report.alpha.alpha, 0.8153875037548814, 1e-9);
    assert.equal(report.alpha.metric, 'ordinal');
    assert.equal(report.alpha.raters, 4);
    assert.equal(report.alpha.units, 11);
    assert.equal(report.ratings, 41);
    // q6 was rated 1, 2, 3, 4: mean 2.5, which counts at level 3 (halves round up).
    assert.equal(report.items.find((item) => item.questionId === 'q6')!.rating, 2.5);
    // Mean ratings: q1 1, q2 2.25, q3 3, q4 3, q5 2, q6 2.5, q7 4, q8 1.25, q9 2, q10 5, q11 1, q12 3.
    assert.deepEqual(report.monotonic.levels.map((level) => level.n), [3, 3, 4, 1, 1]);
  });

  it('seeds are averaged per question; unmatched questions are listed, not compared', () => {
    const units = [
      auditedUnit('q1', 0.2, 0.6, { seed: 1 }),
      auditedUnit('q1', 0.4, 0.8, { seed: 2 }),
      auditedUnit('q2', 0.9, 0.9),
      auditedUnit('q3', null, null),
      auditedUnit('q4', 0.5, 0.7),
    ];
    const report = validateMetric({ questions: units, ratings: [rating('q1', 2), rating('q1', 4, 'r2'), rating('q2', 5), rating('q3', 1), rating('q9', 3)], bootstrap });
    assert.deepEqual(
      report.items.map((item) => [item.questionId, Number(item.caraHyb.toFixed(6)), Number(item.sim!.toFixed(6)), item.rating, item.ratings]),
      [
        ['q1', 0.3, 0.7, 3, 2],
        ['q2', 0.9, 0.9, 5, 1],
      ],
    );
    assert.deepEqual(report.unmatched, { notEligible: ['q3'], notAudited: ['q9'], notRated: 1 });
  });

  it('an audit of several protocols needs ratings that name the protocol', () => {
    const units = [auditedUnit('q1', 0.2, 0.5, { protocol: 'du' }), auditedUnit('q1', 0.8, 0.9, { protocol: 'gdp' }), auditedUnit('q2', 0.5, 0.6, { protocol: 'gdp' })];
    assert.throws(
      () => validateMetric({ questions: units, ratings: [rating('q1', 2)], bootstrap }),
      (error: unknown) => error instanceof ConfigError && /covers the protocols du, gdp/.test(error.message) && /"protocol" column/.test(error.hint!),
    );
    const report = validateMetric({ questions: units, ratings: [rating('q1', 2, 'r1', 'du'), rating('q1', 5, 'r1', 'gdp'), rating('q2', 3, 'r1', 'gdp'), rating('q7', 3, 'r1', 'gdp')], bootstrap });
    assert.deepEqual(report.items.map((item) => `${item.protocol}/${item.questionId}=${item.rating}`), ['du/q1=2', 'gdp/q1=5', 'gdp/q2=3']);
    assert.deepEqual(report.unmatched.notAudited, ['gdp/q7']);
  });

  it('ratings of another run: a clear error instead of empty statistics', () => {
    assert.throws(() => validateMetric({ questions, ratings: [rating('x1', 3), rating('x2', 4)], bootstrap }), /none of the 2 rated questions has a CARA score in this audit \(0 not eligible, 2 not in the run\)/);
  });
});
