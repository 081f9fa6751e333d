/**
 * Splits item indices into batches of similar length, longest first. Padding
 * to the longest item of a batch is what costs time in transformer models;
 * grouping by length keeps it small. Results are placed back by index, so
 * callers see input order.
 */
export function batchesByLength(lengths: readonly number[], batchSize: number): number[][] {
  const order = lengths.map((_, index) => index).sort((a, b) => lengths[b]! - lengths[a]! || a - b);
  const batches: number[][] = [];
  for (let start = 0; start < order.length; start += batchSize) batches.push(order.slice(start, start + batchSize));
  return batches;
}
