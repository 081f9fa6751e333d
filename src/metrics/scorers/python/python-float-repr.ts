/**
 * `str(x)` / `repr(x)` of a Python float: the shortest digits that read
 * back to x (as JavaScript's), written in fixed notation with at least one
 * decimal ("5.0") when the decimal exponent is in [-4, 16), else as
 * "1e+16" / "1.5e-05". MultiModalQA's normaliser writes numbers this way.
 */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = Math.abs(x).toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  const sign = x < 0 ? '-' : '';
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
  }
  const written = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  return `${sign}${written}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}
