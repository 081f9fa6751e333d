import type { UnitDetail } from '../../server/api-types.js';
import { answerText, duration, integer, usd } from '../lib/format.js';
import type { TraceModel } from '../lib/trace-model.js';
import { MetricCard } from './metric-card.js';
import { StatusBadge } from './status-badge.js';

/** The question's outcome at a glance. */
export function QuestionHeader({ detail, model, sharedLog = false }: { detail: UnitDetail; model: TraceModel; sharedLog?: boolean }) {
  const { unit, run } = detail;
  const summary = unit.summary;
  const final = model.final;
  const outcome = unit.status !== 'done' ? unit.status : final?.answer.status !== 'ok' ? 'unparsed' : final.correct === null ? 'ungraded' : final.correct ? 'correct' : 'wrong';
  return (
    <section className="question-header">
      <h1>
        <span className="mono">{unit.questionId}</span> <StatusBadge value={outcome} />
      </h1>
      <p className="subtitle">
        {run.protocol}
        {run.format !== null && ` · format ${run.format}`} · seed {unit.seed} · unit <span className="mono">{unit.id}</span>
      </p>
      <div className="metric-grid">
        <MetricCard
          label="final answer"
          value={final === undefined ? '—' : final.answer.status === 'ok' ? answerText(final.answer.value) : final.answer.status}
          detail={final === undefined ? 'no final event' : `${final.aggregate}${final.stoppedEarly ? ' · stopped early' : ''}`}
        />
        <MetricCard label="gold" value={answerText(final?.gold ?? summary?.gold)} />
        <MetricCard label="rounds" value={integer(final?.roundsRun ?? summary?.roundsRun)} detail={model.cells.size === 0 || sharedLog ? undefined : summary?.unanimous === true ? 'unanimous' : 'not unanimous'} />
        <MetricCard label="calls" value={integer(summary?.calls)} detail={`${integer(summary?.cacheHits)} cache hits`} />
        <MetricCard label="tokens" value={integer(summary === null ? null : summary.usage.promptTokens + summary.usage.completionTokens)} detail={summary === null ? undefined : `${integer(summary.usage.promptTokens)} prompt · ${integer(summary.usage.completionTokens)} completion`} />
        <MetricCard label="cost" value={usd(summary?.costUsd)} />
        <MetricCard label="latency" value={duration(summary?.latencyMs)} detail="summed over calls" />
        <MetricCard label="errors" value={integer(model.errors.length)} />
      </div>
    </section>
  );
}
