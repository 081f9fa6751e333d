import { FAILURE_MODES, type AuditGroupSummary, type MetricEstimate } from '../../../spec/audit-result.js';
import type { AuditListItem } from '../../server/api-types.js';
import { dateTime, decimal, integer, percent } from '../lib/format.js';
import { MetricCard } from './metric-card.js';

/** The run's audits: pick one, see its CARA figures and failure-mode counts (which filter the table). */
export function AuditSummaryPanel({
  audits,
  selected,
  onSelect,
  onFailureMode,
}: {
  audits: AuditListItem[];
  selected: string | null;
  onSelect: (auditId: string) => void;
  onFailureMode: (mode: string) => void;
}) {
  if (audits.length === 0) {
    return (
      <section>
        <h2>Audit</h2>
        <p className="empty">Not audited yet. <code>quorum audit &lt;run-id&gt;</code> computes CARA, contradictions and failure modes from the stored traces.</p>
      </section>
    );
  }
  const audit = audits.find((candidate) => candidate.id === selected) ?? audits[0]!;
  const overall = audit.summary.overall;
  return (
    <section className="audit-panel">
      <h2>Audit</h2>
      <label className="inline-control">
        audit{' '}
        <select value={audit.id} onChange={(event) => onSelect(event.target.value)}>
          {audits.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label} · {dateTime(candidate.createdAt)}
            </option>
          ))}
        </select>
      </label>
      {audit.settings.fallback.note !== null && <p className="note">{audit.settings.fallback.note}</p>}
      <div className="metric-grid">
        <MetricCard label="CARA-HYB" value={decimal(overall.caraHyb.mean)} detail={interval(overall.caraHyb)} />
        <MetricCard label="SIM" value={decimal(overall.sim.mean)} detail={interval(overall.sim)} />
        <MetricCard label="contradiction rate (CR)" value={percent(overall.contradictionRate.mean)} detail={interval(overall.contradictionRate, true)} />
        <MetricCard label="CARA-GT" value={decimal(overall.caraGt.mean)} detail={overall.caraGt.n === 0 ? 'no scoring points' : interval(overall.caraGt)} />
        <MetricCard label="eligible units" value={`${integer(overall.eligible)} / ${integer(overall.units)}`} detail={notEligible(overall)} />
        <MetricCard label="low CARA" value={integer(overall.lowCara.count)} detail={overall.lowCara.threshold === null ? undefined : `CARA-HYB ≤ ${decimal(overall.lowCara.threshold)}`} />
      </div>
      <div className="failure-modes">
        <span className="muted">failure modes of low-CARA and no-rationale units:</span>
        {FAILURE_MODES.map((mode) => (
          <button type="button" key={mode} className="chip" disabled={overall.failureModes[mode] === 0} onClick={() => onFailureMode(mode)} title={`show the ${mode} units`}>
            {mode} <strong>{overall.failureModes[mode]}</strong>
          </button>
        ))}
      </div>
      <p className="muted small">
        τ = {audit.settings.tau} · embeddings {audit.settings.embed} · NLI {audit.settings.nli} · step cap {audit.settings.stepCap} · {integer(audit.summary.nliPairs)} NLI pairs (all pairs would be{' '}
        {integer(audit.summary.naiveNliPairs)})
      </p>
      {audit.summary.warnings.length > 0 && (
        <ul className="warnings">
          {audit.summary.warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function interval(estimate: MetricEstimate, asPercent = false): string {
  if (estimate.low === null || estimate.high === null) return `n = ${estimate.n}`;
  const show = asPercent ? percent : decimal;
  return `95 % CI ${show(estimate.low)} – ${show(estimate.high)} · n = ${estimate.n}`;
}

function notEligible(group: AuditGroupSummary): string {
  const reasons = Object.entries(group.notEligibleReasons).map(([reason, count]) => `${count} ${reason.replace(/-/g, ' ')}`);
  return reasons.length === 0 ? 'all eligible' : reasons.join(' · ');
}
