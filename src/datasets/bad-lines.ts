import { DatasetFormatError } from '../spec/errors.js';

/** Bad lines listed one by one in the error; the rest are counted. */
export const SHOWN_BAD_LINES = 20;

/**
 * Every bad line of a dataset file, not only the first: a file with a
 * thousand garbage lines says so, listing the first `SHOWN_BAD_LINES` as
 * `file:line: field: what was expected` and counting the rest. Its `line`
 * and `field` are the first bad line's; `lines` holds them all.
 */
export class BadDatasetLinesError extends DatasetFormatError {
  readonly lines: readonly DatasetFormatError[];

  constructor(file: string, lines: readonly DatasetFormatError[]) {
    const shown = lines.slice(0, SHOWN_BAD_LINES).map((error) => `  ${file}:${error.line ?? '?'}: ${error.field === undefined ? '' : `${error.field}: `}${error.expected}`);
    const more = lines.length - shown.length;
    const text = `${lines.length} bad lines${more > 0 ? ` (the first ${SHOWN_BAD_LINES} below)` : ''}:\n${shown.join('\n')}${more > 0 ? `\n  and ${more} more` : ''}`;
    super(file, undefined, undefined, text, lines[0]?.hint);
    this.lines = lines;
  }
}

/**
 * Collects the `DatasetFormatError`s of a file's lines and throws them
 * together at the end: one bad line as itself (its message names file,
 * line and field), several as a `BadDatasetLinesError`. Other errors are
 * not about a line and propagate at once.
 */
export class BadLines {
  readonly #file: string;
  readonly #errors: DatasetFormatError[] = [];

  constructor(file: string) {
    this.#file = file;
  }

  /** Runs `read` for one line; a `DatasetFormatError` is kept and `undefined` returned. */
  check<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof DatasetFormatError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  add(error: DatasetFormatError): void {
    if (error instanceof BadDatasetLinesError) this.#errors.push(...error.lines);
    else this.#errors.push(error);
  }

  get count(): number {
    return this.#errors.length;
  }

  throwIfAny(): void {
    if (this.#errors.length === 1) throw this.#errors[0]!;
    if (this.#errors.length > 1) throw new BadDatasetLinesError(this.#file, this.#errors);
  }
}
