import { DatasetFormatError } from '../spec/errors.js';
import { type Question, questionSchema } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';

/** What a researcher writes to add a dataset format (see docs/library.md). */
export interface DatasetDefinition {
  /** Name used by `--dataset` and stored in runs (lower case). */
  name: string;
  /** One line for `quorum datasets` and error messages. */
  description: string;
  /** The dataset's paper, when it has one. */
  paper?: string;
  /** Whether a first JSONL record looks like this format (for `--data <file>` without `--dataset`). */
  recognizes?(record: Record<string, unknown>): boolean;
  /** Reads the questions; `path` is the data file given with `--data`, if any. */
  load(path: string | undefined, options: LoadOptions): Promise<Question[]> | Question[];
}

/** A dataset definition as the registry holds it; the default export of a dataset plugin. */
export interface DefinedDataset extends DatasetLoader {
  readonly kind: 'dataset';
}

/**
 * Turns a dataset definition into a loader whose questions are checked
 * against the question schema (a malformed question is a
 * `DatasetFormatError` naming the dataset, the question's position and
 * field) and cut to `limit`. Register it with `registerDataset`, or export
 * it from a plugin file.
 */
export function defineDataset(definition: DatasetDefinition): DefinedDataset {
  return {
    kind: 'dataset',
    name: definition.name,
    description: definition.description,
    ...(definition.paper === undefined ? {} : { paper: definition.paper }),
    ...(definition.recognizes === undefined ? {} : { recognizes: definition.recognizes }),
    async load(path, options = {}) {
      const loaded = await definition.load(path, options);
      const questions = options.limit === undefined ? loaded : loaded.slice(0, options.limit);
      return questions.map((question, index) => {
        const checked = questionSchema.safeParse(question);
        if (checked.success) return checked.data;
        const issue = checked.error.issues[0]!;
        throw new DatasetFormatError(path ?? `dataset ${definition.name}`, undefined, `questions[${index}].${issue.path.join('.')}`, issue.message, `the ${definition.name} loader must return questions of the question schema`);
      });
    },
  };
}
