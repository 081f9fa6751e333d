/**
 * Colour of a cosine in the alignment heatmap: white at 0 to deep blue at
 * 1 (a sequential scale reads as "more similar"); negative cosines, rare
 * with L2-normalised sentence embeddings, shade toward orange.
 */
export function heatColor(cosine: number): string {
  if (!Number.isFinite(cosine)) return '#eeeeee';
  if (cosine < 0) {
    const t = Math.min(1, -cosine);
    return mix([255, 255, 255], [230, 126, 34], t);
  }
  return mix([247, 251, 255], [8, 48, 107], Math.min(1, cosine));
}

/** Text colour readable on `heatColor(cosine)`. */
export function heatTextColor(cosine: number): string {
  return cosine > 0.55 ? '#ffffff' : '#1a1a1a';
}

function mix(from: readonly number[], to: readonly number[], t: number): string {
  const channel = (index: number) => Math.round(from[index]! + (to[index]! - from[index]!) * t);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}
