import type { Question } from '../spec/question.js';
import type { ForecastEventOptions } from './forecast-events.js';

/** Options of loading a dataset. */
export interface LoadOptions {
  /** Load only the first `limit` questions, in file order (later lines are not read). */
  limit?: number;
  /** Forecasting datasets (`fred`): window and event selection (docs/forecasting.md). Only loaders marked `forecasting` accept it. */
  forecast?: ForecastEventOptions;
}

/** One dataset format: reads a file (or a built-in set) into questions. */
export interface DatasetLoader {
  /** Name used by `--dataset` and stored in runs. */
  readonly name: string;
  /** One line for `quorum` help and error messages. */
  readonly description: string;
  /** The dataset's name in the literature and its paper, for `quorum datasets` (absent for quorum's own formats). */
  readonly paper?: string;
  /**
   * A forecasting format: it reads `LoadOptions.forecast`. Forecast options
   * given to any other loader are refused rather than ignored, so a
   * mistyped dataset never runs with a selection nobody asked for.
   */
  readonly forecasting?: boolean;
  /**
   * Whether a first JSONL record looks like this format; used to pick a
   * loader for `--data <file>` given without `--dataset`.
   */
  recognizes?(record: Record<string, unknown>): boolean;
  /** Whether a CSV header row (cells, trimmed) looks like this format; used for `--data <file.csv>`. */
  recognizesCsvHeader?(header: readonly string[]): boolean;
  /**
   * Loads questions. `path` is the data file; loaders with a default
   * location or built-in data accept none. Throws `DatasetFormatError`
   * naming file, line and field for bad rows, `ConfigError` for a missing file.
   */
  load(path?: string, options?: LoadOptions): Promise<Question[]>;
}
