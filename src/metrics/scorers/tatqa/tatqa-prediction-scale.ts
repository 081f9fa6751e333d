const SCALE_WORD = /^(.*\d.*?)\s+(thousand|million|billion|percent|per cent)s?\.?$/iu;

/**
 * quorum's rule (not the evaluator's, which is given the scale beside the
 * answer) for a prediction without a stated scale: when every value ends in
 * the same scale word after a number ("1.2 million", "$17.6 million",
 * "22.12 percent"), that word is the predicted scale and is removed from the
 * values; otherwise the scale is `''` and the values stay as written. Only
 * the words thousand, million, billion and percent (or "per cent") count (a
 * plural `s` and a final `.` allowed); "%" is left in place, since the
 * evaluator reads it itself.
 */
export function inferPredictionScale(values: readonly string[]): { values: string[]; scale: string } {
  const matches = values.map((value) => SCALE_WORD.exec(value.trim()));
  const words = new Set(matches.map((match) => match?.[2]?.toLowerCase().replace('per cent', 'percent')));
  if (values.length === 0 || matches.some((match) => match === null) || words.size !== 1) return { values: [...values], scale: '' };
  return { values: matches.map((match) => match![1]!.trim()), scale: [...words][0]! };
}
