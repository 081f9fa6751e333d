/**
 * How one answer text becomes the list of values the table-QA evaluators
 * take (the WikiTableQuestions evaluator reads tab-separated values, TAT-QA's
 * a JSON list). This is quorum's rule, not the evaluators':
 *
 * - `|` (and tab) always separate values — the evaluators' own list format;
 * - otherwise, when the caller asks for a list (the gold has several
 *   values), commas, semicolons and line breaks separate values, except a
 *   comma inside a number written with thousands separators (`1,000`,
 *   `23,234.5`); and a second reading also splits on the word "and"
 *   ("2019 and 2018", "a, b, and c");
 * - each value is trimmed and empty values are dropped.
 *
 * So "Paris, France" stays one value for a one-value gold, and a model's
 * "Rome, Paris" or "Rome and Paris" is the list [Rome, Paris] for a
 * two-value gold. Scorers take the best verdict over the readings, since a
 * value may itself contain "and" ("Royalty and License Revenues"). A value
 * that itself contains a comma ("January 26, 1995") is split too; write
 * such lists with `|`.
 */
export function answerReadings(text: string, list: boolean): string[][] {
  if (/[|\t]/.test(text)) return [clean(text.split(/[|\t]/))];
  if (!list) return [clean([text])];
  const commas = clean(text.split(LIST_SEPARATOR));
  const ands = clean(text.split(LIST_SEPARATOR_OR_AND));
  return ands.length === commas.length ? [commas] : [commas, ands];
}

function clean(pieces: string[]): string[] {
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

// A comma between a digit and exactly three digits is a thousands separator, not a list separator.
const LIST_SEPARATOR = /[;\n]|,(?!(?<=\d,)\d{3}(?!\d))/;
const LIST_SEPARATOR_OR_AND = /[;\n]|,?\s+and\s+|,(?!(?<=\d,)\d{3}(?!\d))/;
