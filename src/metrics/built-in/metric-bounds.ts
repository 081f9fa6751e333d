/** A share: accuracy, agreement, rates. */
export const UNIT_INTERVAL: readonly [number, number] = [0, 1];
/** A cosine-based alignment score (CARA-HYB, SIM, CARA-GT). */
export const SIGNED_UNIT_INTERVAL: readonly [number, number] = [-1, 1];
/** A count or quantity (tokens, cost, latency, absolute error). */
export const NON_NEGATIVE: readonly [number, number] = [0, Number.POSITIVE_INFINITY];
