import { nliQuality, type NliQuality } from '../audit/measured-nli-quality.js';
import type { AuditGroupSummary, AuditRecord, MetricEstimate } from '../spec/audit-result.js';
import { NLI_DEPENDENT_FIGURES } from '../metrics/nli-dependent-figures.js';

/** Corpus means as `--json` prints them: the mean under the metric's key, its CI under `<key>_ci`. */
function metricFields(key: string, estimate: MetricEstimate): Record<string, unknown> {
  return { [key]: estimate.mean, [`${key}_ci`]: estimate.low === null ? null : [estimate.low, estimate.high], [`${key}_n`]: estimate.n };
}

/** The figures of one group in `--json` form (snake_case keys, DESIGN §6 names; `cr` is the contradiction rate). */
export function groupJson(group: AuditGroupSummary): Record<string, unknown> {
  return {
    protocol: group.protocol,
    units: group.units,
    accuracy: group.accuracy,
    agreement: group.agreement,
    ...metricFields('cara_hyb', group.caraHyb),
    ...metricFields('sim', group.sim),
    ...metricFields('cr', group.contradictionRate),
    ...metricFields('cara_gt', group.caraGt),
    eligible: group.eligible,
    not_eligible: group.notEligible,
    not_eligible_reasons: group.notEligibleReasons,
    questions: group.questions,
    empty_pairs: group.emptyPairs,
    low_cara: group.lowCara,
    fm: group.failureModes,
  };
}

/** `nli_quality`: measured P/R of the contradiction flags on the labelled real-text set, or nulls with the note "unmeasured". */
function nliQualityJson(quality: NliQuality): Record<string, unknown> {
  return {
    provider: quality.provider,
    measured: quality.measured,
    set: quality.set,
    tau: quality.tau,
    precision: quality.precision,
    recall: quality.recall,
    f1: quality.f1,
    true_positives: quality.counts?.truePositives ?? null,
    false_positives: quality.counts?.falsePositives ?? null,
    false_negatives: quality.counts?.falseNegatives ?? null,
    scored_pairs_check:
      quality.scoredPairs === null
        ? null
        : { set: quality.scoredPairs.description, pairs: quality.scoredPairs.pairs, flags: quality.scoredPairs.flags, real_flags: quality.scoredPairs.realFlags },
    note: quality.note,
  };
}

/** The NLI chat model's calls (an `llm:` NLI) in `--json` form; cost null when no call reaching the model had a price. */
function nliCallsJson(calls: NonNullable<AuditRecord['summary']['nliCalls']>): Record<string, unknown> {
  const reached = calls.calls - calls.cacheHits;
  return {
    calls: calls.calls,
    cache_hits: calls.cacheHits,
    failures: calls.failures,
    prompt_tokens: calls.promptTokens,
    cached_prompt_tokens: calls.cachedPromptTokens,
    completion_tokens: calls.completionTokens,
    cost_usd: reached > 0 && calls.unpricedCalls === reached ? null : calls.costUsd,
    unpriced_calls: calls.unpricedCalls,
    latency_ms: calls.latencyMs,
    shared_by_runs: calls.sharedByRuns,
  };
}

/**
 * One audit as `quorum audit --json` prints it: the whole run's figures at
 * the top level, every protocol's under `protocols`, and the models, τ and
 * fallback status that produced them. Also what `quorum show --json`
 * can print for a stored audit.
 */
export function auditJson(audit: AuditRecord): Record<string, unknown> {
  const { settings, summary } = audit;
  return {
    run_id: audit.runId,
    audit_id: audit.id,
    label: audit.label,
    embed: settings.embed,
    nli: settings.nli,
    tau: settings.tau,
    fallback: settings.fallback.embed || settings.fallback.nli,
    fallback_note: settings.fallback.note,
    fallback_nli: settings.fallback.nli,
    // The figures below that read a fallback NLI's contradiction flags (empty when the NLI is not a fallback).
    fallback_nli_figures: settings.fallback.nli ? [...NLI_DEPENDENT_FIGURES] : [],
    nli_quality: nliQualityJson(nliQuality(settings.nli, settings.tau)),
    step_cap: settings.stepCap,
    bootstrap: settings.bootstrap,
    ...groupJson(summary.overall),
    protocols: summary.groups.map(groupJson),
    pending: summary.pendingUnits,
    nli_pairs: summary.nliPairs,
    naive_nli_pairs: summary.naiveNliPairs,
    embedded_texts: summary.embeddedTexts,
    nli_calls: summary.nliCalls === undefined ? null : nliCallsJson(summary.nliCalls),
    warnings: summary.warnings,
  };
}
