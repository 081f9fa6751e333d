import { QuorumError } from '../spec/errors.js';

/** One problem of a study file, located. */
export interface StudyFileProblem {
  /** 1-based line and column in the file (absent when the problem has no place, e.g. an empty file). */
  line?: number;
  column?: number;
  /** Dotted path of the offending field (`protocols.2.rounds`), when it has one. */
  field?: string;
  message: string;
}

/**
 * A study file that cannot be read, parsed or validated. The message lists
 * every problem as `file:line:column: field: message`, so an editor (or a
 * person) can jump to each.
 */
export class StudyFileError extends QuorumError {
  readonly file: string;
  readonly problems: readonly StudyFileProblem[];

  constructor(file: string, problems: readonly StudyFileProblem[], hint = 'fix the study file; docs/studies.md lists every field') {
    super('CONFIG_STUDY', formatProblems(file, problems), { hint });
    this.file = file;
    this.problems = problems;
  }
}

function formatProblems(file: string, problems: readonly StudyFileProblem[]): string {
  const lines = problems.map((problem) => {
    const where = problem.line === undefined ? file : `${file}:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`;
    return `${where}: ${problem.field === undefined ? '' : `${problem.field}: `}${problem.message}`;
  });
  return lines.length === 1 ? lines[0]! : `${problems.length} problems in ${file}:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}
