import { z } from 'zod';
import { CORRECTIONS } from '../analysis/adjust-p-values.js';
import { ALTERNATIVES } from '../analysis/alternative.js';
import { HYPOTHESIS_TESTS } from '../analysis/hypothesis-test.js';
import { metricNamed } from '../metrics/metric-registry.js';
import { studyMetricKeys, studyMetricSchema } from '../analysis/study-metrics.js';
import { labelSchema as label } from './label-schema.js';

const alternative = z.enum(ALTERNATIVES);

/** A pre-declared hypothesis: one metric, one treatment − control difference, one test. */
export const hypothesisSchema = z.strictObject({
  id: label,
  /** What the hypothesis says, in words (shown in the report). */
  description: z.string().optional(),
  metric: studyMetricSchema,
  treatment: z.string().min(1),
  control: z.string().min(1),
  /** Default: the family's alternative, else two-sided. */
  alternative: alternative.optional(),
  /** Default: McNemar for 0/1 metrics paired by (question, seed), Wilcoxon otherwise. */
  test: z.enum(HYPOTHESIS_TESTS).optional(),
  /** Dataset and setup labels; without them the hypothesis is tested in every dataset × setup, each a member of its family. */
  dataset: z.string().min(1).optional(),
  setup: z.string().min(1).optional(),
});

/** Hypotheses tested together, with one multiplicity correction. */
export const familySchema = z.strictObject({
  name: label,
  correction: z.enum(CORRECTIONS),
  members: z.array(label).min(1),
  /** Alternative of members without their own. */
  alternative: alternative.optional(),
  /** Family-wise error rate (default: analysis.alpha). */
  alpha: z.number().gt(0).lt(1).optional(),
});

/** What the hypothesis checks read from a study file. */
export interface StudyHypotheses {
  hypotheses: Array<z.output<typeof hypothesisSchema>>;
  families: Array<z.output<typeof familySchema>>;
  analysis: { pairing: 'question-seed' | 'question' };
}

/** The labels a hypothesis may name. */
export interface StudyLabels {
  protocols: readonly string[];
  datasets: readonly string[];
  setups: readonly string[];
}

/**
 * Cross-field checks of `hypotheses` and `families`: unique ids and names,
 * protocols, datasets and setups of the study, a test that fits the metric,
 * and each hypothesis in at most one family. Issues carry the path of the
 * offending value, so the loader names its line.
 */
export function checkHypotheses(file: StudyHypotheses, context: z.RefinementCtx, labels: StudyLabels): void {
  const ids = new Set<string>();
  const checkProtocolLabel = (name: string, path: Array<string | number>) => {
    if (!labels.protocols.includes(name)) context.addIssue({ code: 'custom', path, message: `"${name}" is not a protocol of this study (${labels.protocols.join(', ')})` });
  };
  file.hypotheses.forEach((hypothesis, index) => {
    const path = ['hypotheses', index];
    if (ids.has(hypothesis.id)) context.addIssue({ code: 'custom', path: [...path, 'id'], message: `two hypotheses have the id "${hypothesis.id}"` });
    ids.add(hypothesis.id);
    checkProtocolLabel(hypothesis.treatment, [...path, 'treatment']);
    checkProtocolLabel(hypothesis.control, [...path, 'control']);
    if (hypothesis.treatment === hypothesis.control) context.addIssue({ code: 'custom', path, message: 'a protocol compared with itself' });
    if (hypothesis.dataset !== undefined && !labels.datasets.includes(hypothesis.dataset)) context.addIssue({ code: 'custom', path: [...path, 'dataset'], message: `"${hypothesis.dataset}" is not a dataset of this study (${labels.datasets.join(', ')})` });
    if (hypothesis.setup !== undefined && !labels.setups.includes(hypothesis.setup)) context.addIssue({ code: 'custom', path: [...path, 'setup'], message: `"${hypothesis.setup}" is not a setup of this study (${labels.setups.join(', ')})` });
    if (hypothesis.test === 'mcnemar') {
      if (metricNamed(hypothesis.metric)?.binary === false) context.addIssue({ code: 'custom', path: [...path, 'test'], message: `McNemar's test needs a 0/1 metric (${studyMetricKeys().filter((metric) => metricNamed(metric)?.binary === true).join(', ')}); "${hypothesis.metric}" is not one: use wilcoxon or t` });
      else if (file.analysis.pairing !== 'question-seed') context.addIssue({ code: 'custom', path: [...path, 'test'], message: "McNemar's test needs 0/1 pairs: with analysis.pairing: question the seeds are averaged; use wilcoxon or t" });
    }
  });
  const families = new Map<string, string>();
  const names = new Set<string>();
  file.families.forEach((family, index) => {
    const path = ['families', index];
    if (names.has(family.name)) context.addIssue({ code: 'custom', path: [...path, 'name'], message: `two families are named "${family.name}"` });
    names.add(family.name);
    family.members.forEach((member, position) => {
      const at = [...path, 'members', position];
      if (!ids.has(member)) context.addIssue({ code: 'custom', path: at, message: `"${member}" is not a hypothesis of this study (${[...ids].join(', ') || 'none declared under "hypotheses"'})` });
      else if (families.get(member) === family.name) context.addIssue({ code: 'custom', path: at, message: `"${member}" is listed twice` });
      else if (families.has(member)) context.addIssue({ code: 'custom', path: at, message: `"${member}" is already a member of family "${families.get(member)}"; a hypothesis belongs to one family` });
      else families.set(member, family.name);
    });
  });
}
