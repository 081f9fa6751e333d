/**
 * The audit figures that read the NLI's contradiction flags (DESIGN §6):
 * CARA-HYB and CARA-GT score a flagged best match −1, the contradiction
 * rate (CR) counts the flags. SIM does not. Under a fallback NLI these are
 * printed with the fallback label and never starred as significant.
 */
export const NLI_DEPENDENT_METRICS = ['cara_hyb', 'cr', 'cara_gt'] as const;
export type NliDependentMetric = (typeof NLI_DEPENDENT_METRICS)[number];

/**
 * Also NLI-dependent: the failure-mode counts of low-CARA units. The units
 * are chosen by CARA-HYB, and FM1, FM2 and FM6 read the flags themselves.
 */
export const NLI_DEPENDENT_FIGURES = [...NLI_DEPENDENT_METRICS, 'fm'] as const;

/** The label that goes with a figure computed with a fallback NLI. */
export const FALLBACK_NLI_LABEL = 'fallback NLI';

/** The note on a comparison that is not starred because its figures use a fallback NLI. */
export const NOT_STARRED_NOTE = 'not starred: fallback NLI';

/** Whether a metric key reads the contradiction flags. */
export function isNliDependent(metric: string): metric is NliDependentMetric {
  return (NLI_DEPENDENT_METRICS as readonly string[]).includes(metric);
}
