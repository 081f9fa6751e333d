import { ConfigFileError, type ConfigFileProblem } from '../runner/config-file/config-file-error.js';

/** One problem of a study file, located. */
export type StudyFileProblem = ConfigFileProblem;

/**
 * A study file that cannot be read, parsed or validated. The message lists
 * every problem as `file:line:column: field: message`, so an editor (or a
 * person) can jump to each.
 */
export class StudyFileError extends ConfigFileError {
  constructor(file: string, problems: readonly StudyFileProblem[], hint = 'fix the study file; docs/configuration.md lists every key') {
    super('CONFIG_STUDY', file, problems, hint);
  }
}
