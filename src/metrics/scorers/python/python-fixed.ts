/**
 * Python's `'%.{digits}f' % x`: correctly rounded from the exact binary
 * value, exact ties to even (`'%.4f' % 0.03125` is `0.0312`, where
 * `toFixed` gives `0.0313`), and `-` kept on negative zero (`-0.0000`).
 * TAT-QA renders every number this way before comparing.
 */
export function pythonFixed(x: number, digits: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return sign + unsignedFixed(Math.abs(x), digits);
}

function unsignedFixed(x: number, digits: number): string {
  if (x >= 1e21) return BigInt(x).toString() + (digits > 0 ? `.${'0'.repeat(digits)}` : '');
  const text = x.toFixed(digits);
  // toFixed takes the larger candidate on an exact tie; a tie is exact when x·2^(digits+1) is an odd integer.
  const scaled = x * 2 ** (digits + 1);
  const tie = Number.isInteger(scaled) && scaled % 2 === 1;
  const last = text.charCodeAt(text.length - 1) - 48;
  return tie && last % 2 === 1 ? text.slice(0, -1) + String(last - 1) : text;
}
