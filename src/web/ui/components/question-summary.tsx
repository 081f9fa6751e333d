import type { UnitAuditDetail } from '../../server/api-types.js';
import { questionOfPrompt } from '../../server/unit-text.js';
import type { StepMatch } from '../../../spec/audit-result.js';
import { decimal, percent } from '../lib/format.js';
import { cellKey, turnAnswer, type TraceModel } from '../lib/trace-model.js';

/** The step pair of the agreement set most likely to contradict each other, with both steps' text. */
interface WorstPair {
  a: string;
  b: string;
  stepA: string;
  stepB: string;
  probability: number;
  cosine: number;
  flagged: boolean;
}

/** Of every best-match pair the audit checked, the one with the highest contradiction probability (either direction). */
export function worstContradiction(audit: UnitAuditDetail): WorstPair | null {
  const steps = new Map(audit.question.details.agents.map((agent) => [agent.name, agent.steps]));
  let worst: WorstPair | null = null;
  const consider = (from: string, to: string, match: StepMatch) => {
    const probability = Math.max(...match.contradiction);
    if (worst !== null && probability <= worst.probability) return;
    worst = { a: from, b: to, stepA: steps.get(from)?.[match.step] ?? '(step not stored)', stepB: steps.get(to)?.[match.match] ?? '(step not stored)', probability, cosine: match.cosine, flagged: match.flagged };
  };
  for (const pair of audit.question.details.pairs) {
    for (const match of pair.forward?.matches ?? []) consider(pair.a, pair.b, match);
    for (const match of pair.backward?.matches ?? []) consider(pair.b, pair.a, match);
  }
  return worst;
}

/**
 * The question at a glance, before any detail: its text, each agent's
 * answer by round, the agreement set, the audit's scores and the step pair
 * most likely to contradict — whether agents who agree reason alike.
 */
export function QuestionSummary({ model, audit, prompt }: { model: TraceModel; audit: UnitAuditDetail | null; prompt: string | null }) {
  // The final event records S(q) in newer traces; the audit recomputes it for older ones.
  const agreement = model.final?.agreement ?? audit?.question.agreementSet;
  const worst = audit === null ? null : worstContradiction(audit);
  const question = audit?.question;
  return (
    <section className="question-summary" aria-label="summary">
      {prompt !== null && <p className="question-text">{questionOfPrompt(prompt)}</p>}
      <div className="summary-band">
        <div>
          <h2 className="band-title">Answers by round</h2>
          <ul className="answers-compact">
            {model.agents.map((agent) => (
              <li key={agent}>
                <span className="agent-name">{agent}</span>{' '}
                <span className="mono">{model.rounds.map((round) => (model.cells.get(cellKey(agent, round))?.selected === undefined ? '·' : turnAnswer(model.cells.get(cellKey(agent, round))?.selected))).join(' → ')}</span>
                {agreement !== undefined && (agreement.includes(agent) ? <span className="chip in-set">in S</span> : <span className="chip">outside S</span>)}
              </li>
            ))}
          </ul>
          <p className="small muted">
            {agreement === undefined ? 'The trace records no agreement set.' : `Agreement set S: ${agreement.length} of ${model.agents.length} agents gave the aggregated answer.`}
          </p>
        </div>
        {question !== undefined && (
          <div>
            <h2 className="band-title">Alignment of S</h2>
            <p className="band-scores">
              CARA-HYB <strong>{decimal(question.caraHyb, 2)}</strong> · SIM <strong>{decimal(question.sim, 2)}</strong> · CR <strong>{percent(question.contradictionRate, 0)}</strong>
              {question.failureMode !== null && <> · {question.failureMode}</>}
            </p>
            {!question.eligible && <p className="small muted">Not eligible for CARA: {question.reasons.join(', ')}.</p>}
          </div>
        )}
        {worst !== null && (
          <div className="worst-pair" data-testid="worst-pair">
            <h2 className="band-title">Most contradicting best-match steps</h2>
            <blockquote>
              <span className="agent-name">{worst.a}</span>: “{worst.stepA}”
            </blockquote>
            <blockquote>
              <span className="agent-name">{worst.b}</span>: “{worst.stepB}”
            </blockquote>
            <p className="small">
              cosine {decimal(worst.cosine, 2)} · contradiction p {decimal(worst.probability, 2)}
              {worst.flagged ? ` — flagged (p > τ = ${audit!.audit.tau})` : ` — below τ = ${audit!.audit.tau}, not flagged`}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
