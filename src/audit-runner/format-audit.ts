import { nliQuality } from '../audit/measured-nli-quality.js';
import { FAILURE_MODES, type AuditGroupSummary, type AuditRecord, type MetricEstimate } from '../spec/audit-result.js';
import { FALLBACK_NLI_LABEL } from '../metrics/nli-dependent-figures.js';

/** Marks a figure that reads a fallback NLI's contradiction flags (explained under the table). */
const FALLBACK_MARK = ' †';

const number = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(3));
const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);
const withCi = (estimate: MetricEstimate): string =>
  estimate.mean === null ? 'n/a' : `${number(estimate.mean)} [${number(estimate.low)}, ${number(estimate.high)}]`;

function failureModes(group: AuditGroupSummary): string {
  return FAILURE_MODES.map((mode) => `${mode}=${group.failureModes[mode]}`).join(' ');
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ').trimEnd();
}

/** What is known of the NLI's flags on real debate text, in one line. */
function nliQualityLine(nli: string, tau: number): string {
  const quality = nliQuality(nli, tau);
  if (!quality.measured) return `NLI ${nli}: contradiction precision/recall unmeasured (measure it with scripts/eval-heuristic-nli.ts)`;
  const counts = quality.counts!;
  return (
    `NLI ${nli}: contradiction precision ${percent(quality.precision)}, recall ${percent(quality.recall)} on held-out debate text ` +
    `(${counts.truePositives} of ${counts.truePositives + counts.falseNegatives} contradictions flagged, ${counts.falsePositives} false flags; τ = ${quality.tau}; docs/audit-models.md)` +
    (quality.scoredPairs === null ? '' : `; on pairs of agreeing agents (what CARA scores) in whole transcripts, ${quality.scoredPairs.realFlags} of ${quality.scoredPairs.flags} flags were real`) +
    (quality.note === null ? '' : `; ${quality.note}`)
  );
}

/**
 * The per-protocol table `quorum audit` prints: accuracy, agreement,
 * CARA-HYB, SIM, contradiction rate (CR) and CARA-GT with 95 % CIs,
 * eligible and not-eligible counts and failure-mode counts, headed by the
 * audit models and τ (and the fallback label when it applies). Works on
 * stored audits too (`store.listAudits(runId)`), e.g. for `quorum show`.
 */
export function formatAuditTable(audits: readonly AuditRecord[]): string {
  const header = ['run', 'protocol', 'units', 'accuracy', 'agreement', 'CARA-HYB [95% CI]', 'SIM [95% CI]', 'CR [95% CI]', 'CARA-GT [95% CI]', 'eligible', 'not eligible', 'failure modes (low-CARA and no-rationale units)'];
  const rows = audits.flatMap((audit) => {
    const mark = audit.settings.fallback.nli ? FALLBACK_MARK : '';
    return audit.summary.groups.map((group) => [
      audit.runId,
      group.protocol,
      String(group.units),
      percent(group.accuracy),
      percent(group.agreement),
      withCi(group.caraHyb) + mark,
      withCi(group.sim),
      withCi(group.contradictionRate) + mark,
      withCi(group.caraGt) + (group.caraGt.mean === null ? '' : mark),
      `${group.eligible} (${group.questions} q)`,
      String(group.notEligible),
      failureModes(group) + mark,
    ]);
  });
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((cells) => cells[index]!.length)));
  const lines: string[] = [];
  const labels = [...new Set(audits.map((audit) => audit.label))];
  lines.push(`audit models: ${labels.join('; ')}`);
  const note = audits.find((audit) => audit.settings.fallback.note !== null)?.settings.fallback.note;
  if (note !== undefined && note !== null) lines.push(`note: ${note}`);
  lines.push('', row(header, widths), row(widths.map((width) => '-'.repeat(width)), widths), ...rows.map((cells) => row(cells, widths)));
  const fallbackNli = [...new Set(audits.filter((audit) => audit.settings.fallback.nli).map((audit) => audit.settings.nli))];
  if (fallbackNli.length > 0) {
    lines.push(
      '',
      `${FALLBACK_MARK.trim()} ${FALLBACK_NLI_LABEL} (${fallbackNli.join(', ')}): CARA-HYB, CR, CARA-GT and the failure modes of low-CARA units read its contradiction flags; do not report them as the paper's measurement`,
    );
  }
  for (const nli of [...new Set(audits.map((audit) => audit.settings.nli))]) lines.push(nliQualityLine(nli, audits.find((audit) => audit.settings.nli === nli)!.settings.tau));
  for (const audit of audits) {
    const reasons = Object.entries(audit.summary.overall.notEligibleReasons).map(([reason, count]) => `${reason} ${count}`);
    lines.push('', `${audit.runId}: audit ${audit.id}`);
    if (reasons.length > 0) lines.push(`  not eligible: ${reasons.join(', ')}`);
    if (audit.summary.overall.emptyPairs > 0) lines.push(`  agent pairs scored 0 (one side without steps): ${audit.summary.overall.emptyPairs}`);
    lines.push(`  NLI pairs: ${audit.summary.nliPairs} for best matches (an all-pairs audit: ${audit.summary.naiveNliPairs})`);
    const calls = audit.summary.nliCalls;
    if (calls !== undefined) {
      const reached = calls.calls - calls.cacheHits;
      const cost = reached > 0 && calls.unpricedCalls === reached ? 'cost n/a (no price for this model)' : `$${calls.costUsd.toFixed(4)}${calls.unpricedCalls > 0 ? ` (${calls.unpricedCalls} unpriced calls left out)` : ''}`;
      const shared = calls.sharedByRuns > 1 ? `, shared by the ${calls.sharedByRuns} runs audited together` : '';
      lines.push(`  NLI model calls: ${calls.calls} (${calls.cacheHits} from the cache), ${calls.promptTokens} prompt + ${calls.completionTokens} completion tokens, ${cost}${shared}`);
    }
    if (audit.summary.pendingUnits > 0) lines.push(`  pending units not audited: ${audit.summary.pendingUnits}`);
    for (const warning of audit.summary.warnings) lines.push(`  warning: ${warning}`);
  }
  return lines.join('\n');
}
