import type { RunDetail } from '../../server/api-types.js';
import { decimal, duration, integer, percent, usd } from '../lib/format.js';
import { Collapsible } from './collapsible.js';
import { JsonView } from './json-view.js';
import { MetricCard } from './metric-card.js';

/** The run's headline metrics (the figures of `quorum show`). */
export function RunMetricsPanel({ run }: { run: RunDetail }) {
  const { metrics, units } = run;
  return (
    <section>
      <h2>Metrics</h2>
      <div className="metric-grid">
        <MetricCard label="accuracy (majority)" value={percent(metrics.accuracy)} detail="the aggregated final answer; unparsed counts as wrong" />
        <MetricCard label="agreement" value={percent(metrics.agreement)} detail="all agents gave the same answer" />
        <MetricCard label="unparsed answers" value={percent(metrics.unparsed)} detail={`${percent(metrics.unparsedTurns)} of turns`} />
        <MetricCard
          label="units done"
          value={`${integer(units.done)} / ${integer(units.total)}`}
          detail={`${integer(units.failed)} failed · ${integer(units.pending)} pending`}
        />
        <MetricCard
          label="tokens"
          value={integer(metrics.tokens.total)}
          detail={`${integer(metrics.tokens.promptTokens)} prompt (${integer(metrics.tokens.cachedPromptTokens)} cached) · ${integer(metrics.tokens.completionTokens)} completion`}
        />
        <MetricCard label="cost" value={usd(metrics.costUsd)} detail={metrics.costUsd === null ? 'no backend has a price' : undefined} />
        <MetricCard label="latency per unit" value={duration(metrics.latencyMsPerUnit)} detail="summed call latency" />
        <MetricCard label="calls" value={integer(metrics.calls)} detail={`${integer(metrics.cacheHits)} cache hits`} />
        <MetricCard label="answer changes" value={integer(metrics.dynamics.answerChanges)} detail={`${metrics.dynamics.wrongToCorrect} wrong→correct · ${metrics.dynamics.correctToWrong} correct→wrong`} />
        <MetricCard label="PRR" value={decimal(metrics.prr.mean)} title="peer reference rate" detail="peer reference rate" />
        <MetricCard label="AD" value={decimal(metrics.ad.mean)} title="argument diversity" detail="argument diversity" />
        {metrics.plugins.map((metric) => (
          <MetricCard
            key={metric.key}
            label={metric.label}
            value={metric.mean === null ? 'n/a' : metric.mean.toFixed(metric.digits)}
            title={metric.source}
            detail={`plugin metric ${metric.key}: mean of ${integer(metric.units)} units`}
          />
        ))}
      </div>
      {metrics.dynamics.agreementByRound.length > 0 && (
        <table className="data-table compact by-round">
          <caption className="small muted">
            Per round: agreement is the share of units whose speaking agents all gave the same answer; mean agent accuracy is the share of individual agents&apos; answers that
            are correct, which differs from the headline accuracy of the aggregated (majority) answer.
          </caption>
          <thead>
            <tr>
              <th>round</th>
              {metrics.dynamics.agreementByRound.map((_, round) => (
                <th key={round} className="number">
                  {round}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>agreement</th>
              {metrics.dynamics.agreementByRound.map((value, round) => (
                <td key={round} className="number">
                  {percent(value)}
                </td>
              ))}
            </tr>
            <tr>
              <th title="share of all agents' answers in the round that are correct — not the accuracy of the aggregated answer above">mean agent accuracy</th>
              {metrics.dynamics.accuracyByRound.map((value, round) => (
                <td key={round} className="number">
                  {percent(value)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
      <Collapsible summary="all metrics (JSON)">{() => <JsonView value={metrics} />}</Collapsible>
    </section>
  );
}
