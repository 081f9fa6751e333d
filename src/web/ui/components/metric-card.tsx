import type { ReactNode } from 'react';

/** One headline figure. */
export function MetricCard({ label, value, detail, title }: { label: string; value: ReactNode; detail?: ReactNode; title?: string }) {
  return (
    <div className="metric-card" title={title}>
      <div className="metric-label">{label}</div>
      <div className="metric-value">{value}</div>
      {detail !== undefined && <div className="metric-detail">{detail}</div>}
    </div>
  );
}
