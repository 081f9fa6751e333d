import { classifyFailureModes } from '../metrics/failure-modes/classify-failure-mode.js';
import { lowCaraCut } from '../metrics/failure-modes/low-cara.js';
import type { AuditQuestionResult, FailureModeSettings } from '../spec/audit-result.js';

/**
 * Marks the low-CARA units of each protocol and labels their failure
 * modes (in place). The low cut is computed per protocol, over the
 * eligible units given — one run's, for stored audits. Returns the cut-off
 * used per protocol.
 */
export function labelFailureModes(results: readonly AuditQuestionResult[], settings: FailureModeSettings): Map<string, number | null> {
  const byProtocol = new Map<string, AuditQuestionResult[]>();
  for (const result of results) {
    if (!result.eligible || result.caraHyb === null) continue;
    const group = byProtocol.get(result.protocol) ?? [];
    group.push(result);
    byProtocol.set(result.protocol, group);
  }
  const thresholds = new Map<string, number | null>();
  for (const [protocol, group] of byProtocol) {
    const cut = lowCaraCut(
      group.map((result) => result.caraHyb!),
      settings.low,
    );
    thresholds.set(protocol, cut.threshold);
    for (const result of group) {
      if (!cut.isLow(result.caraHyb!)) continue;
      const { labels } = classifyFailureModes(
        {
          agents: result.details.agents.filter((agent) => agent.inAgreementSet),
          pairs: result.details.pairs,
          sim: result.sim!,
          flaggedPairs: result.details.flaggedPairs,
        },
        settings,
      );
      result.details.lowCara = true;
      result.details.failureModes = labels;
      result.failureMode = labels[0] ?? null;
    }
  }
  return thresholds;
}
