/**
 * How one answer text becomes the list of values the table-QA evaluators
 * take (the WikiTableQuestions evaluator reads tab-separated values, TAT-QA's
 * a JSON list). This is quorum's rule, not the evaluators':
 *
 * - `|` (and tab) always separate values — the evaluators' own list format;
 * - commas, semicolons and line breaks separate values only when the caller
 *   asks for a list (the gold has several values), except a comma inside a
 *   number written with thousands separators (`1,000`, `23,234.5`);
 * - each value is trimmed and empty values are dropped.
 *
 * So "Paris, France" stays one value for a one-value gold, and a model's
 * "Rome, Paris" is the list [Rome, Paris] for a two-value gold. A value that
 * itself contains a comma ("January 26, 1995") is split too; write such
 * lists with `|`.
 */
export function answerItems(text: string, list: boolean): string[] {
  const pieces = /[|\t]/.test(text) ? text.split(/[|\t]/) : list ? text.split(LIST_SEPARATOR) : [text];
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

// A comma between a digit and exactly three digits is a thousands separator, not a list separator.
const LIST_SEPARATOR = /[;\n]|,(?!(?<=\d,)\d{3}(?!\d))/;
