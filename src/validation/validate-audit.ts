import type { AuditQuestionRecord, AuditRecord } from '../spec/audit-result.js';
import { ConfigError } from '../spec/errors.js';
import type { RunRecord, TraceStore } from '../spec/store.js';
import type { CorrelationBootstrap } from './correlation-interval.js';
import { rateWithJudge, type JudgeRatingsOptions, type JudgeRatingsOutcome } from './judge-ratings.js';
import { validateMetric, type ValidationReport } from './validate-metric.js';
import type { ValidationSource } from './validation-source.js';

/** What `quorum audit --validate` needs besides the source. */
export interface ValidateAuditOptions {
  store: TraceStore;
  run: RunRecord;
  audit: AuditRecord;
  questions: readonly AuditQuestionRecord[];
  source: ValidationSource;
  bootstrap: CorrelationBootstrap;
  /** Options passed to the judge (tests inject a backend here). */
  judge?: Omit<JudgeRatingsOptions, 'store' | 'run' | 'questions' | 'judge'>;
}

/** A validation of one audit: the report and where its ratings came from. */
export interface AuditValidation {
  runId: string;
  auditId: string;
  source: ValidationSource;
  report: ValidationReport;
  /** The judge's calls and validation run (judge source only). */
  judge: JudgeRatingsOutcome | null;
}

/**
 * Validates an audit's CARA against ratings of reasoning alignment: from a
 * CSV of (human) ratings, or from a judge backend with the fixed rubric
 * whose calls are stored as a validation run (docs/validation.md).
 */
export async function validateAudit(options: ValidateAuditOptions): Promise<AuditValidation> {
  const judge =
    options.source.kind === 'judge'
      ? await rateWithJudge({ ...options.judge, store: options.store, run: options.run, questions: options.questions, judge: options.source.judge })
      : null;
  if (judge !== null && judge.ratings.length === 0) {
    const first = judge.unrated[0];
    throw new ConfigError(`the judge rated none of ${judge.unrated.length} units${first === undefined ? '' : ` (first: question ${first.questionId}, seed ${first.seed}: ${first.reason})`}`, `its calls are stored in run ${judge.runId}: \`quorum show ${judge.runId}\``);
  }
  const ratings = judge?.ratings ?? (options.source.kind === 'csv' ? options.source.ratings : []);
  const report = validateMetric({ questions: options.questions, ratings, bootstrap: options.bootstrap });
  return { runId: options.run.id, auditId: options.audit.id, source: options.source, report, judge };
}
