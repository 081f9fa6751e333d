import type { StudyConfig } from '../study/study-config.js';
import type { Correction } from './adjust-p-values.js';
import type { Alternative } from './alternative.js';

/** A comparison of two protocols of a study: the difference is treatment − control. */
export interface ProtocolComparison {
  treatment: string;
  control: string;
  /** The alternative of its tests. */
  alternative: Alternative;
}

/**
 * The comparisons a study asks for: every protocol against `baseline`, then
 * the explicit `pairs`, without repeats (a pair that repeats a comparison
 * sets its alternative). With neither, every protocol is compared with the
 * first one listed (the usual control, e.g. `ni`). Alternatives default to
 * `comparisons.alternative`, else two-sided.
 */
export function studyComparisons(config: Pick<StudyConfig, 'file' | 'protocols'>): ProtocolComparison[] {
  const { baseline, pairs } = config.file.comparisons;
  const { alternative } = comparisonSettings(config.file);
  const labels = config.protocols.map((protocol) => protocol.label);
  const control = baseline ?? (pairs === undefined ? labels[0] : undefined);
  const list: ProtocolComparison[] = control === undefined ? [] : labels.filter((label) => label !== control).map((treatment) => ({ treatment, control, alternative }));
  for (const pair of pairs ?? []) {
    list.push(Array.isArray(pair) ? { treatment: pair[0], control: pair[1], alternative } : { treatment: pair.treatment, control: pair.control, alternative: pair.alternative ?? alternative });
  }
  const byKey = new Map<string, ProtocolComparison>();
  for (const comparison of list) {
    const key = `${comparison.treatment}|${comparison.control}`;
    const earlier = byKey.get(key);
    if (earlier === undefined) byKey.set(key, comparison);
    else earlier.alternative = comparison.alternative;
  }
  return [...byKey.values()];
}

/**
 * The alternative and correction of the per-metric comparison families.
 * Studies stored before these settings existed have neither: they read as
 * the defaults (two-sided, Holm), which is what those reports used.
 */
export function comparisonSettings(file: Pick<StudyConfig['file'], 'comparisons'>): { alternative: Alternative; correction: Correction } {
  return { alternative: file.comparisons.alternative ?? 'two-sided', correction: file.comparisons.correction ?? 'holm' };
}
