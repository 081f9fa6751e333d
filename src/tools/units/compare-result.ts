import type { Scale } from './scale.js';

/** How a proposed answer relates to the value its program computes. */
export type ResultComparison =
  | { kind: 'match'; form: 'same' | 'percent' }
  | { kind: 'scale'; factor: number; detail: string }
  | { kind: 'mismatch'; detail: string };

/** Decimals written in a number's shortest text ("0.02" → 2, "14" → 0, "1e-7" → 7). */
export function writtenDecimals(value: number): number {
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent !== null) return Number(exponent[1]) + (text.split('e')[0]!.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Whether an answer equals a computed value as the answer is written: the
 * value rounded to the answer's own decimals ("0.02" for 0.0164, "14" for
 * 14.05), or within 0.1% for long results. Rounding-aware, so correctly
 * rounded answers pass and a changed digit does not.
 */
export function matchesRounded(answer: number, computed: number): boolean {
  const decimals = Math.min(writtenDecimals(answer), 12);
  const rounded = Math.round(computed * 10 ** decimals) / 10 ** decimals;
  if (Math.abs(rounded - answer) <= 1e-9 * Math.max(1, Math.abs(answer))) return true;
  return Math.abs(answer - computed) <= 1e-3 * Math.abs(computed);
}

const UNIT_FACTORS: ReadonlyArray<[number, string]> = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
  [100, 'percent vs fraction'],
];

/**
 * Compares an answer with its program's result. A percent answer may be the
 * result itself or the result × 100 (FinQA programs often stop at the
 * fraction). An answer off by a unit factor (×/÷ 100, 1e3, 1e6, 1e9) is a
 * scale error, named as such; anything else is an arithmetic mismatch.
 */
export function compareWithResult(answer: number, scale: Scale, computed: number): ResultComparison {
  if (matchesRounded(answer, computed)) return { kind: 'match', form: 'same' };
  if (scale === 'percent' && matchesRounded(answer, computed * 100)) return { kind: 'match', form: 'percent' };
  for (const [factor, name] of UNIT_FACTORS) {
    for (const [direction, value] of [['×', computed * factor], ['÷', computed / factor]] as const) {
      if (computed !== 0 && matchesRounded(answer, value)) {
        return { kind: 'scale', factor: direction === '×' ? factor : 1 / factor, detail: `the answer ${answer} is the program result ${computed} ${direction} ${factor} (${name}): a unit or scale slip` };
      }
    }
  }
  return { kind: 'mismatch', detail: `the answer ${answer} differs from the program result ${computed}` };
}
