import { QuorumError } from '../../spec/errors.js';

/** One problem of a config file (run.yaml, study.yaml), located. */
export interface ConfigFileProblem {
  /** 1-based line and column in the file (absent when the problem has no place, e.g. an empty file). */
  line?: number;
  column?: number;
  /** Dotted path of the offending field as written (`agents.1.decoding.topP`), when it has one. */
  field?: string;
  message: string;
}

/**
 * A config file that cannot be read, parsed or validated. The message lists
 * every problem as `file:line:column: field: message`, so an editor (or a
 * person) can jump to each. `RunFileError` and `StudyFileError` are the two
 * kinds, with their own codes and hints.
 */
export class ConfigFileError extends QuorumError {
  readonly file: string;
  readonly problems: readonly ConfigFileProblem[];

  constructor(code: string, file: string, problems: readonly ConfigFileProblem[], hint: string) {
    super(code, formatProblems(file, problems), { hint });
    this.file = file;
    this.problems = problems;
  }
}

/** `file:line:column: field: message`, one line per problem (indented under a count when there are several). */
function formatProblems(file: string, problems: readonly ConfigFileProblem[]): string {
  const lines = problems.map((problem) => `${where(file, problem)}: ${problem.field === undefined ? '' : `${problem.field}: `}${problem.message}`);
  return lines.length === 1 ? lines[0]! : `${problems.length} problems in ${file}:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}

/** `file:line:column`, or as much of it as is known. */
export function where(file: string, position: { line?: number; column?: number }): string {
  return position.line === undefined ? file : `${file}:${position.line}${position.column === undefined ? '' : `:${position.column}`}`;
}

/** Makes the error of one kind of config file from its problems (and a hint other than the kind's own). */
export type ConfigFileFailure = (problems: readonly ConfigFileProblem[], hint?: string) => ConfigFileError;
