import { normaliseText } from '../text/word-tokens.js';

/** What one step says about the options of a multiple-choice question. */
export interface OptionStatements {
  /** Options the step rejects ("Option B is incorrect", "C is wrong"). */
  rejected: Set<string>;
  /** The value each option is said to hold ("0.9609 (option D)", "Option B's 0.9609"), by value as written. */
  valueOption: Map<string, string>;
}

const REJECTED = [
  /\b(?:option|choice)\s*\(?([a-e])\)?\s+(?:is|would be|seems)\s+(?:incorrect|wrong|invalid|not (?:the )?(?:correct|right|best))\b/g,
  /\(([a-e])\)\s+(?:is|would be|seems)\s+(?:incorrect|wrong|invalid|not (?:the )?(?:correct|right|best))\b/g,
  // An option-by-option review: "D: Wrong—cis configuration is …".
  /^\W*\(?([a-e])\)?\s*:\s*(?:incorrect|wrong|false|invalid)\b/g,
];
// A number and the option it belongs to, either order: "0.9609 (option D)", "option D (0.9850)", "Option B's 0.9609".
const VALUE_THEN_OPTION = /(?<![\d.])(\d+(?:\.\d+)?)\s*\$?\s*\(\s*(?:option|choice)\s*([a-e])\s*\)/g;
const OPTION_THEN_VALUE = /\b(?:option|choice)\s*\(?([a-e])\)?(?:'s|\s*\()\s*\$?\s*(\d+(?:\.\d+)?)(?![\d.])/g;

/** Reads the option rejections and option–value pairs of a step; pure. */
export function optionStatements(text: string): OptionStatements {
  const normalised = normaliseText(text);
  const rejected = new Set<string>();
  for (const pattern of REJECTED) for (const match of normalised.matchAll(pattern)) rejected.add(match[1]!);
  const valueOption = new Map<string, string>();
  for (const match of normalised.matchAll(VALUE_THEN_OPTION)) valueOption.set(match[1]!, match[2]!);
  for (const match of normalised.matchAll(OPTION_THEN_VALUE)) valueOption.set(match[2]!, match[1]!);
  return { rejected, valueOption };
}

/** The same value given to two different options ("0.9609 (option D)" / "Option B's 0.9609"), as `value: D / B`. */
export function valueOptionConflicts(a: OptionStatements, b: OptionStatements): string[] {
  const found: string[] = [];
  for (const [value, option] of a.valueOption) {
    const other = b.valueOption.get(value);
    if (other !== undefined && other !== option) found.push(`${value}: option ${option.toUpperCase()} / option ${other.toUpperCase()}`);
  }
  return found;
}
