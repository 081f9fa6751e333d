/** Display formats. Missing values show as an em dash, never as 0. */
const DASH = '—';

export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? DASH : `${(value * 100).toFixed(digits)} %`;
}

export function integer(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : Math.round(value).toLocaleString('en-US');
}

export function decimal(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined ? DASH : value.toFixed(digits);
}

export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return value >= 1 ? `$${value.toFixed(2)}` : `$${value.toPrecision(3)}`;
}

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return DASH;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function dateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace('T', ' ').slice(0, 19);
}

export function answerText(value: string | null | undefined): string {
  return value === null || value === undefined ? DASH : value;
}

export { DASH };
