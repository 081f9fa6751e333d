import type { StudyConfig } from '../study/study-config.js';

/** A comparison of two protocols of a study: the difference is treatment − control. */
export interface ProtocolComparison {
  treatment: string;
  control: string;
}

/**
 * The comparisons a study asks for: every protocol against `baseline`, then
 * the explicit `pairs`, without repeats. With neither, every protocol is
 * compared with the first one listed (the usual control, e.g. `ni`).
 */
export function studyComparisons(config: Pick<StudyConfig, 'file' | 'protocols'>): ProtocolComparison[] {
  const { baseline, pairs } = config.file.comparisons;
  const labels = config.protocols.map((protocol) => protocol.label);
  const control = baseline ?? (pairs === undefined ? labels[0] : undefined);
  const list: ProtocolComparison[] = control === undefined ? [] : labels.filter((label) => label !== control).map((treatment) => ({ treatment, control }));
  for (const [treatment, other] of pairs ?? []) list.push({ treatment, control: other });
  const seen = new Set<string>();
  return list.filter((comparison) => {
    const key = `${comparison.treatment}|${comparison.control}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
