import type { UnitAuditDetail } from '../../server/api-types.js';
import { decimal, percent } from '../lib/format.js';
import { AlignmentHeatmap } from './alignment-heatmap.js';
import { MetricCard } from './metric-card.js';

/**
 * Step alignment of the agents who agreed (the audit's agreement set):
 * scores, each agent's steps, and a heatmap for one pair at a time. Pairs
 * exist only inside the agreement set, because that is what CARA scores.
 */
export function AlignmentPanel({
  audit,
  audits,
  runId,
  pair,
  onPair,
  onAudit,
}: {
  audit: UnitAuditDetail | null;
  audits: Array<{ id: string; label: string }>;
  runId: string;
  pair: string | null;
  onPair: (pair: string) => void;
  onAudit: (auditId: string) => void;
}) {
  if (audits.length === 0) {
    return (
      <section>
        <h2>Step alignment</h2>
        <p className="empty">
          No audit of this run. <code>quorum audit {runId}</code> computes step alignment (CARA), contradictions and failure modes from the stored traces.
        </p>
      </section>
    );
  }
  const selector = audits.length > 1 && (
    <label className="inline-control">
      audit{' '}
      <select value={audit?.audit.id ?? ''} onChange={(event) => onAudit(event.target.value)}>
        {audits.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.label}
          </option>
        ))}
      </select>
    </label>
  );
  if (audit === null) {
    return (
      <section>
        <h2>Step alignment</h2>
        {selector}
        <p className="empty">This question is not in the audit (it finished after the audit ran, or it failed).</p>
      </section>
    );
  }
  const { question } = audit;
  const details = question.details;
  const pairs = details.pairs;
  const selected = pairs.find((candidate) => `${candidate.a}|${candidate.b}` === pair) ?? pairs[0];
  return (
    <section className="alignment-panel">
      <h2>Step alignment</h2>
      {selector}
      <p className="muted small">
        {audit.audit.label} · τ = {audit.audit.tau}
        {audit.audit.fallbackNote !== null && ` · ${audit.audit.fallbackNote}`}
      </p>
      <div className="metric-grid">
        <MetricCard label="CARA-HYB" value={decimal(question.caraHyb)} detail={details.lowCara ? 'low CARA' : undefined} />
        <MetricCard label="SIM" value={decimal(question.sim)} />
        <MetricCard label="contradiction rate" value={percent(question.contradictionRate)} detail={`${details.flaggedPairs} of ${details.bestMatchPairs} best-match pairs flagged`} />
        <MetricCard label="CARA-GT" value={decimal(question.caraGt)} detail={details.scoringPoints === null ? 'no scoring points' : `${details.scoringPoints.length} scoring points`} />
        <MetricCard label="failure modes" value={details.failureModes.length === 0 ? '—' : details.failureModes.join(', ')} detail={question.eligible ? 'eligible' : `not eligible: ${question.reasons.join(', ')}`} />
      </div>
      <table className="data-table compact agents-audit">
        <thead>
          <tr>
            <th>agent</th>
            <th>answers by round</th>
            <th>in agreement set</th>
            <th className="number">steps</th>
            <th className="number">own steps</th>
            <th>moved</th>
          </tr>
        </thead>
        <tbody>
          {details.agents.map((agent) => (
            <tr key={agent.name}>
              <td>{agent.name}</td>
              <td className="mono">{agent.answers.map((answer) => answer ?? '∅').join(' → ')}</td>
              <td>{agent.inAgreementSet ? 'yes' : 'no'}</td>
              <td className="number">{agent.steps.length}</td>
              <td className="number">{agent.ownSteps}</td>
              <td>{agent.moved ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {selected === undefined ? (
        <p className="empty">No pair to compare: fewer than two agents gave the aggregated answer.</p>
      ) : (
        <>
          <div className="pair-buttons" role="group" aria-label="agent pair">
            {pairs.map((candidate) => {
              const key = `${candidate.a}|${candidate.b}`;
              return (
                <button type="button" key={key} className={candidate === selected ? 'active' : ''} onClick={() => onPair(key)}>
                  {candidate.a} × {candidate.b} <span className="muted">HYB {decimal(candidate.hyb, 2)}</span>
                </button>
              );
            })}
          </div>
          <AlignmentHeatmap
            pair={selected}
            stepsA={details.agents.find((agent) => agent.name === selected.a)?.steps ?? []}
            stepsB={details.agents.find((agent) => agent.name === selected.b)?.steps ?? []}
            tau={audit.audit.tau}
          />
        </>
      )}
    </section>
  );
}
