/** A magnitude or percent scale, named as TAT-QA names them (`''` = none). */
export type Scale = '' | 'thousand' | 'million' | 'billion' | 'percent';

/** The factor of each magnitude scale. */
export const SCALE_FACTORS: Readonly<Record<'thousand' | 'million' | 'billion', number>> = { thousand: 1e3, million: 1e6, billion: 1e9 };

// Order matters: "in thousands of millions" is rare, but "millions" must not be read as "mil" + "lions".
const MAGNITUDE_PATTERNS: ReadonlyArray<[Exclude<Scale, '' | 'percent'>, RegExp]> = [
  ['billion', /\b(?:in|of)\s+(?:\w+\s+){0,2}billions?\b|\(\s*(?:\$|us\$|€|£)?\s*(?:in\s+)?billions?\s*\)|\bbillions? of (?:us )?(?:dollars|euros|pounds)\b|\$\s*(?:in\s+)?bn\b/i],
  ['million', /\b(?:in|of)\s+(?:\w+\s+){0,2}millions?\b|\(\s*(?:\$|us\$|€|£)?\s*(?:in\s+)?millions?\s*\)|\bmillions? of (?:us )?(?:dollars|euros|pounds)\b|\$\s*(?:in\s+)?(?:mm|mn)\b/i],
  ['thousand', /\b(?:in|of)\s+(?:\w+\s+){0,2}thousands?\b|\(\s*(?:\$|us\$|€|£)?\s*(?:in\s+)?thousands?\s*\)|\bthousands? of (?:us )?(?:dollars|euros|pounds)\b|[$€£]\s*'?000s?\b|\(\s*'?000s?\s*\)|'000\b/i],
];

/**
 * The magnitude scale a text declares for its numbers: "( in millions )",
 * "$ in thousands", "(In millions of dollars…)", "$'000", "(000s)",
 * "in billions". Returns '' when it declares none. A text that declares two
 * scales gets the first pattern's (billion, then million, then thousand),
 * which is what headers like "in millions, except per share" mean.
 */
export function declaredScale(text: string): Scale {
  for (const [scale, pattern] of MAGNITUDE_PATTERNS) if (pattern.test(text)) return scale;
  return '';
}

/** Whether a question asks for a percentage (percent, percentage, %, "pct"). */
export function asksForPercent(question: string): boolean {
  return /\bpercent(?:age)?s?\b|%|\bpct\b/i.test(question);
}

/** A scale word written right after a number ("2.1 million", "$3bn"), or ''. */
export function scaleWord(word: string | undefined): Scale {
  if (word === undefined) return '';
  const lower = word.toLowerCase();
  if (lower === '%' || lower.startsWith('percent') || lower === 'per cent') return 'percent';
  if (lower.startsWith('thousand') || lower === 'k') return 'thousand';
  if (lower.startsWith('million') || lower === 'mn' || lower === 'm' || lower === 'mm') return 'million';
  if (lower.startsWith('billion') || lower === 'bn' || lower === 'b') return 'billion';
  return '';
}

/** The factor between two scales (from → to), 1 when either is '' or percent. */
export function scaleFactor(from: Scale, to: Scale): number {
  if (from === '' || to === '' || from === 'percent' || to === 'percent') return 1;
  return SCALE_FACTORS[from] / SCALE_FACTORS[to];
}
