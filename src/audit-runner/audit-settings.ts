import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_BOOTSTRAP_SEED } from '../analysis/bootstrap.js';
import { DEFAULT_TAU } from '../metrics/cara/directional-alignment.js';
import { DEFAULT_FAILURE_MODE_SETTINGS } from '../metrics/failure-modes/failure-mode-settings.js';
import { DEFAULT_STEP_CAP } from '../parsing/segment-steps.js';
import type { AuditSettings, FailureModeSettings } from '../spec/audit-result.js';
import { ConfigError } from '../spec/errors.js';
import { CODE_VERSION } from '../version.js';

/** Offline embedding spec used when none is given (a fallback, not the paper's model). */
export const DEFAULT_EMBED_SPEC = 'wordvec';
/** Offline NLI spec used when none is given (a fallback, not the paper's model). */
export const DEFAULT_NLI_SPEC = 'heuristic';

/** What every fallback-labelled audit says about itself. */
export const FALLBACK_NOTE = "fallback models, not the paper's setup: DeBERTa-v3 NLI + Stella embeddings";

/** What a caller may choose; everything else has a default. */
export interface AuditChoices {
  tau?: number;
  stepCap?: number;
  bootstrap?: Partial<AuditSettings['bootstrap']>;
  failureModes?: Partial<FailureModeSettings>;
}

/** Whether a provider id names one of the offline fallback models. */
export function isFallbackProvider(kind: 'embed' | 'nli', id: string): boolean {
  const name = id.split(/[:#]/)[0]!.trim().toLowerCase();
  return kind === 'embed' ? name === 'wordvec' : name === 'heuristic';
}

/** The full, recorded settings of an audit, validated. */
export function auditSettings(embed: string, nli: string, choices: AuditChoices = {}): AuditSettings {
  const tau = choices.tau ?? DEFAULT_TAU;
  if (!(tau >= 0 && tau <= 1)) throw new ConfigError(`τ must be a probability from 0 to 1, got ${tau}`, 'pass --tau 0.5 (the default)');
  const stepCap = choices.stepCap ?? DEFAULT_STEP_CAP;
  if (!Number.isInteger(stepCap) || stepCap < 1) throw new ConfigError(`the step cap must be a whole number ≥ 1, got ${stepCap}`);
  const bootstrap = { resamples: DEFAULT_BOOTSTRAP_RESAMPLES, seed: DEFAULT_BOOTSTRAP_SEED, level: 0.95, ...choices.bootstrap };
  const failureModes: FailureModeSettings = { ...DEFAULT_FAILURE_MODE_SETTINGS, ...choices.failureModes };
  const low = failureModes.low;
  if (low.kind === 'quantile' && !(low.value >= 0 && low.value <= 1)) throw new ConfigError(`the low-CARA quantile must be from 0 to 1, got ${low.value}`);
  const fallback = { embed: isFallbackProvider('embed', embed), nli: isFallbackProvider('nli', nli) };
  return {
    embed,
    nli,
    tau,
    stepCap,
    bootstrap,
    failureModes,
    codeVersion: CODE_VERSION,
    fallback: { ...fallback, note: fallback.embed || fallback.nli ? FALLBACK_NOTE : null },
  };
}

/** The label an audit is listed under, e.g. `wordvec+heuristic τ=0.5 (fallback)`. */
export function auditLabel(settings: AuditSettings): string {
  const fallback = settings.fallback.embed || settings.fallback.nli ? ' (fallback)' : '';
  return `${settings.embed}+${settings.nli} τ=${settings.tau}${fallback}`;
}
