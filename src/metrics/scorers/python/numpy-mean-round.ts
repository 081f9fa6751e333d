/**
 * `round(np.mean(values), decimals)` as NumPy computes it: the mean with
 * NumPy's pairwise summation (exact for fewer than 8 values; 8 running
 * sums up to 128 values, halves beyond), then `np.round`, which multiplies
 * by 10^decimals, rounds half to even and divides back (not Python's exact
 * decimal rounding). MultiModalQA's F1 is rounded this way.
 */
export function numpyMeanRound(values: readonly number[], decimals: number): number {
  const mean = pairwiseSum(values, 0, values.length) / values.length;
  const scale = 10 ** decimals;
  return roundHalfEven(mean * scale) / scale;
}

function pairwiseSum(values: readonly number[], start: number, length: number): number {
  if (length < 8) {
    let sum = 0;
    for (let i = start; i < start + length; i += 1) sum += values[i]!;
    return sum;
  }
  if (length <= 128) {
    const partial = values.slice(start, start + 8);
    let i = 8;
    for (; i < length - (length % 8); i += 8) for (let j = 0; j < 8; j += 1) partial[j]! += values[start + i + j]!;
    let sum = partial[0]! + partial[1]! + (partial[2]! + partial[3]!) + (partial[4]! + partial[5]! + (partial[6]! + partial[7]!));
    for (; i < length; i += 1) sum += values[start + i]!;
    return sum;
  }
  let half = Math.floor(length / 2);
  half -= half % 8;
  return pairwiseSum(values, start, half) + pairwiseSum(values, start + half, length - half);
}

function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}
