const DECIMAL = /\p{Nd}/u;

/**
 * Replaces every Unicode decimal digit (category Nd: `٣`, `３`, `๑`) by its
 * ASCII digit, as Python's `int()` and `float()` do before parsing. Unicode
 * encodes each set of decimal digits as consecutive code points 0…9, so a
 * digit's value is its distance from the start of its run, modulo 10.
 */
export function asciiDigits(text: string): string {
  let out = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') out += char;
    else if (DECIMAL.test(char)) out += String(digitValue(char.codePointAt(0)!));
    else out += char;
  }
  return out;
}

function digitValue(codePoint: number): number {
  let start = codePoint;
  while (DECIMAL.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}
