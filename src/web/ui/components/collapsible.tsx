import { useState, type ReactNode } from 'react';

/** A `<details>` whose body renders only once opened (keeps large pages light). */
export function Collapsible({ summary, children, open = false, className }: { summary: ReactNode; children: () => ReactNode; open?: boolean; className?: string }) {
  const [isOpen, setOpen] = useState(open);
  return (
    <details className={className} open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {isOpen && children()}
    </details>
  );
}
