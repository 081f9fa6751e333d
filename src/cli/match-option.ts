import { measuredPerUnit } from '../protocols/baselines/compute-match.js';
import { DEBATE_PRESETS } from '../protocols/debate/presets.js';
import { ConfigError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';

/** The `--match` family of flags (sc-matched). */
export interface MatchFlags {
  /** A debate preset, or the id of a stored run. */
  match?: string;
  matchBy?: 'calls' | 'tokens';
  matchAgents?: number;
  matchRounds?: number;
  tokensPerSample?: number;
}

/**
 * Turns the `--match` flags into sc-matched's parameters: a debate preset
 * is matched by its planned calls; a stored run by its measured mean calls
 * (or, with `--match-by tokens`, tokens) per finished unit.
 */
export async function matchOverrides(store: TraceStore, flags: MatchFlags): Promise<Record<string, unknown>> {
  if (flags.match === undefined) return {};
  if (DEBATE_PRESETS[flags.match] !== undefined) {
    if (flags.matchBy === 'tokens') throw new ConfigError('--match-by tokens needs a stored run to measure', 'pass --match <run-id>, or match the preset by calls');
    return { match: flags.match, ...(flags.matchAgents === undefined ? {} : { matchAgents: flags.matchAgents }), ...(flags.matchRounds === undefined ? {} : { matchRounds: flags.matchRounds }) };
  }
  if ((await store.getRun(flags.match)) === undefined) throw new ConfigError(`--match ${flags.match}: neither a debate preset nor a stored run`, `presets: ${Object.keys(DEBATE_PRESETS).join(', ')}; runs: quorum runs`);
  const measured = await measuredPerUnit(store, flags.match);
  if (flags.matchBy === 'tokens') return { matchTokens: measured.tokens, ...(flags.tokensPerSample === undefined ? {} : { tokensPerSample: flags.tokensPerSample }) };
  return { matchCalls: measured.calls };
}
