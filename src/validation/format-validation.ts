import { sanitizeSpec } from '../backends/backend-spec.js';
import type { CorrelationEstimate } from './correlation-interval.js';
import type { AuditValidation } from './validate-audit.js';

const decimal = (value: number | null, digits = 3): string => (value === null ? 'n/a' : value.toFixed(digits));
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function withInterval(estimate: CorrelationEstimate): string {
  if (estimate.estimate === null) return 'n/a';
  const interval = estimate.low === null ? (estimate.undefinedResamples > 0 ? ` [CI n/a: ${estimate.undefinedResamples} resamples without variation]` : '') : ` [${decimal(estimate.low)}, ${decimal(estimate.high)}]`;
  return `${decimal(estimate.estimate)}${interval}`;
}

/** The human-readable validation block `quorum audit --validate` prints after the audit table. */
export function formatValidation(validation: AuditValidation): string {
  const { report, source, judge } = validation;
  const origin =
    source.kind === 'csv'
      ? `${plural(report.ratings, 'rating')} by ${plural(report.raters.length, 'rater')} from ${source.path}`
      : `judge ${source.judge.name ?? 'Judge'} (${sanitizeSpec(source.judge.backend)}), fixed rubric; ${plural(judge?.calls ?? 0, 'call')} stored in run ${judge?.runId ?? 'n/a'}` +
        ` (${judge?.cacheHits ?? 0} from cache, ${judge?.tokens ?? 0} tokens, cost ${judge?.costUsd === null || judge === null ? 'n/a' : `$${judge.costUsd.toFixed(4)}`})`;
  const level = `${Math.round(report.bootstrap.level * 100)}%`;
  const lines = [
    '',
    `validation   CARA against ratings of reasoning alignment (1-5) on ${plural(report.items.length, 'question')}: ${origin}`,
    `             ${'Spearman ρ'.padEnd(24)}Kendall τ-b  (${level} bootstrap CIs, ${report.bootstrap.resamples} resamples, seed ${report.bootstrap.seed})`,
    `  CARA-HYB   ${withInterval(report.spearman.caraHyb).padEnd(24)}${withInterval(report.kendall.caraHyb)}`,
    `  SIM        ${withInterval(report.spearman.sim).padEnd(24)}${withInterval(report.kendall.sim)}`,
    '',
    '  rating   n   mean CARA-HYB   mean SIM',
    ...report.monotonic.levels.map((row) => `  ${String(row.rating).padEnd(6)} ${String(row.n).padStart(3)}   ${decimal(row.caraHyb).padStart(13)}   ${decimal(row.sim).padStart(8)}`),
    `  monotonic: mean CARA-HYB ${verdict(report.monotonic.increasing)} with the rating; mean SIM ${verdict(report.monotonic.simIncreasing)}`,
  ];
  if (report.alpha !== null) {
    lines.push(`  inter-rater agreement: Krippendorff's α (ordinal) ${decimal(report.alpha.alpha)} over ${plural(report.alpha.units, 'question')} rated by at least two of ${report.alpha.raters} raters`);
  }
  const { notEligible, notAudited, notRated } = report.unmatched;
  const unmatched = [
    notEligible.length === 0 ? '' : `${plural(notEligible.length, 'rated question')} without CARA (fewer than two agreeing agents): ${list(notEligible)}`,
    notAudited.length === 0 ? '' : `${plural(notAudited.length, 'rated question')} not in this run: ${list(notAudited)}`,
    notRated === 0 ? '' : `${plural(notRated, 'question')} with CARA but no rating`,
    judge === null || judge.unrated.length === 0 ? '' : `${plural(judge.unrated.length, 'unit')} the judge did not rate (first: ${judge.unrated[0]!.questionId}: ${judge.unrated[0]!.reason})`,
    ...(judge?.warnings ?? []),
  ].filter((line) => line !== '');
  return [...lines, ...unmatched.map((line) => `  note: ${line}`)].join('\n');
}

function verdict(increasing: boolean | null): string {
  return increasing === null ? 'cannot be checked (fewer than two rating levels)' : increasing ? 'increases' : 'does not increase';
}

function list(ids: readonly string[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')}, …`;
}
