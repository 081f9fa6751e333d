/** A run status, unit status or unit outcome as a coloured badge. */
export function StatusBadge({ value }: { value: string }) {
  return <span className={`badge badge-${value.replace(/[^a-z-]/gi, '')}`}>{value}</span>;
}
