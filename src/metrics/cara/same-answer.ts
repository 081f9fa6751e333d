import { normaliseText } from '../../parsing/normalise-text.js';

/**
 * Whether two final answers are the same answer. Canonical values from the
 * parser compare as text; numbers also compare by value ("3" and "3.0",
 * which a mean/median aggregate may produce), and free text after the
 * SQuAD-style normalisation used for scoring. Null (unparsed) equals nothing.
 */
export function sameAnswer(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  if (a.trim() === b.trim()) return true;
  const [x, y] = [Number(a), Number(b)];
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y)) return x === y;
  const normalised = normaliseText(a);
  return normalised !== '' && normalised === normaliseText(b);
}
