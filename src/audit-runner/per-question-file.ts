import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ConfigError } from '../spec/errors.js';
import type { RunAudit } from './audit-runs.js';

/** Columns of the per-question file, in order. */
export const PER_QUESTION_COLUMNS = [
  'run_id',
  'audit_id',
  'unit_id',
  'question_id',
  'protocol',
  'seed',
  'eligible',
  'reasons',
  'agreement_set',
  'cara_hyb',
  'sim',
  'cr',
  'cara_gt',
  'low_cara',
  'fm',
  'fm_all',
  'correct',
] as const;

type Row = Record<(typeof PER_QUESTION_COLUMNS)[number], string | number | boolean | null>;

/** One row per audited unit. Lists are joined with `;` (`agreement_set`, `reasons`, `fm_all`). */
export function perQuestionRows(audits: readonly RunAudit[]): Row[] {
  return audits.flatMap(({ audit, questions }) =>
    questions.map((question) => ({
      run_id: audit.runId,
      audit_id: audit.id,
      unit_id: question.unitId,
      question_id: question.questionId,
      protocol: question.protocol,
      seed: question.seed,
      eligible: question.eligible,
      reasons: question.reasons.join(';'),
      agreement_set: question.agreementSet.join(';'),
      cara_hyb: question.caraHyb,
      sim: question.sim,
      cr: question.contradictionRate,
      cara_gt: question.caraGt,
      low_cara: question.details.lowCara,
      fm: question.failureMode,
      fm_all: question.details.failureModes.join(';'),
      correct: question.details.correct,
    })),
  );
}

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes the per-question results as CSV (`.csv`) or a JSON array (`.json`). */
export async function writePerQuestionFile(file: string, audits: readonly RunAudit[]): Promise<number> {
  const rows = perQuestionRows(audits);
  const extension = extname(file).toLowerCase();
  let text: string;
  if (extension === '.csv') {
    text = [PER_QUESTION_COLUMNS.join(','), ...rows.map((row) => PER_QUESTION_COLUMNS.map((column) => csvCell(row[column])).join(','))].join('\n') + '\n';
  } else if (extension === '.json') {
    text = `${JSON.stringify(rows, null, 1)}\n`;
  } else {
    throw new ConfigError(`--per-question needs a .csv or .json file, got "${file}"`, 'for example --per-question audit.csv');
  }
  try {
    await writeFile(file, text);
  } catch (error) {
    throw new ConfigError(`cannot write ${file}: ${(error as Error).message}`, 'check that its folder exists and is writable');
  }
  return rows.length;
}
