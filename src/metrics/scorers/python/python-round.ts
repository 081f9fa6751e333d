const view = new DataView(new ArrayBuffer(8));

/**
 * Python 3's `round(x, ndigits)` for a float: the exact binary value of x
 * rounded to `ndigits` decimals, ties to even, then read back as the nearest
 * double. `Math.round(x * 1e5) / 1e5` differs: the product is itself
 * rounded, and ties go up (`round(0.015625, 5)` is 0.01562 in Python).
 */
export function pythonRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const { mantissa, exponent } = decompose(Math.abs(x));
  // An integer-valued double has nothing to round at any number of decimals.
  if (exponent >= 0) return x;
  const shift = BigInt(-exponent);
  const scaled = mantissa * 10n ** BigInt(ndigits);
  let quotient = scaled >> shift;
  const remainder = scaled - (quotient << shift);
  const half = 1n << (shift - 1n);
  if (remainder > half || (remainder === half && (quotient & 1n) === 1n)) quotient += 1n;
  const rounded = Number(`${quotient}e-${ndigits}`);
  return x < 0 ? -rounded : rounded;
}

// A positive finite double as mantissa · 2^exponent, both exact.
function decompose(value: number): { mantissa: bigint; exponent: number } {
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  return biased === 0 ? { mantissa: fraction, exponent: -1074 } : { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}
