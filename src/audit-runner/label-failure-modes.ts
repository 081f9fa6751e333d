import { classifyFailureModes } from '../metrics/failure-modes/classify-failure-mode.js';
import { lowCaraCut } from '../metrics/failure-modes/low-cara.js';
import type { AuditQuestionResult, FailureModeSettings } from '../spec/audit-result.js';

/**
 * Marks the low-CARA units of each protocol and labels their failure
 * modes (in place). The low cut is computed per protocol, over the
 * eligible units given — one run's, for stored audits. Units not eligible
 * because no agent of S(q) has a step are labelled too: they have no CARA
 * to be low, but missing reasoning is exactly what FM4 and FM5 describe,
 * and leaving them out would make FM5 unreachable. Returns the cut-off
 * used per protocol.
 */
export function labelFailureModes(results: readonly AuditQuestionResult[], settings: FailureModeSettings): Map<string, number | null> {
  const byProtocol = new Map<string, AuditQuestionResult[]>();
  for (const result of results) {
    if (result.reasons.includes('no-rationale')) label(result, settings, 0);
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
      result.details.lowCara = true;
      label(result, settings, result.sim!);
    }
  }
  return thresholds;
}

/** Runs the rules over S(q) and stores every match, primary label first. */
function label(result: AuditQuestionResult, settings: FailureModeSettings, sim: number): void {
  const { labels } = classifyFailureModes(
    {
      agents: result.details.agents.filter((agent) => agent.inAgreementSet),
      pairs: result.details.pairs,
      sim,
      flaggedPairs: result.details.flaggedPairs,
    },
    settings,
  );
  result.details.failureModes = labels;
  result.failureMode = labels[0] ?? null;
}
