import { sanitizeSpec } from '../backends/backend-spec.js';
import type { CorrelationEstimate } from './correlation-interval.js';
import { RUBRIC_VERSION } from './judge-rubric.js';
import type { AuditValidation } from './validate-audit.js';

/** ρ or τ of CARA-HYB and SIM as `--json` prints them, in the audit's style: the value under the metric's key, its CI under `<key>_ci`. */
function correlationJson(pair: { caraHyb: CorrelationEstimate; sim: CorrelationEstimate }): Record<string, unknown> {
  const interval = (estimate: CorrelationEstimate) => (estimate.low === null ? null : [estimate.low, estimate.high]);
  return {
    cara_hyb: pair.caraHyb.estimate,
    cara_hyb_ci: interval(pair.caraHyb),
    sim: pair.sim.estimate,
    sim_ci: interval(pair.sim),
    n: pair.caraHyb.n,
    ...(pair.caraHyb.undefinedResamples + pair.sim.undefinedResamples === 0 ? {} : { undefined_resamples: { cara_hyb: pair.caraHyb.undefinedResamples, sim: pair.sim.undefinedResamples } }),
  };
}

/**
 * The validation keys `quorum audit --validate --json` adds to the audit's
 * object: `spearman`, `kendall`, `alpha`, `monotonic`, and `validation`
 * (where the ratings came from, what could not be matched, the bootstrap).
 */
export function validationJson(validation: AuditValidation): Record<string, unknown> {
  const { report, source, judge } = validation;
  return {
    spearman: correlationJson(report.spearman),
    kendall: correlationJson(report.kendall),
    alpha: report.alpha === null ? null : { value: report.alpha.alpha, metric: report.alpha.metric, raters: report.alpha.raters, units: report.alpha.units, pairable_values: report.alpha.pairableValues },
    monotonic: {
      increasing: report.monotonic.increasing,
      sim_increasing: report.monotonic.simIncreasing,
      levels: report.monotonic.levels.map((level) => ({ rating: level.rating, n: level.n, cara_hyb: level.caraHyb, sim: level.sim })),
    },
    validation: {
      source: source.kind,
      ...(source.kind === 'csv' ? { ratings_file: source.path } : {}),
      ...(judge === null
        ? {}
        : {
            judge: {
              ...(source.kind === 'judge' ? { name: source.judge.name ?? 'Judge', backend: sanitizeSpec(source.judge.backend) } : {}),
              rubric: RUBRIC_VERSION,
              run_id: judge.runId,
              reused: judge.resumed && judge.executed === 0,
              calls: judge.calls,
              cache_hits: judge.cacheHits,
              tokens: judge.tokens,
              cost_usd: judge.costUsd,
              unrated: judge.unrated.map((unit) => ({ question_id: unit.questionId, protocol: unit.protocol, seed: unit.seed, reason: unit.reason })),
              warnings: judge.warnings,
            },
          }),
      questions: report.items.length,
      raters: report.raters,
      ratings: report.ratings,
      not_eligible: report.unmatched.notEligible,
      not_audited: report.unmatched.notAudited,
      not_rated: report.unmatched.notRated,
      bootstrap: report.bootstrap,
    },
  };
}
