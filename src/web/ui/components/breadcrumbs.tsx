import { Fragment } from 'react';
import { Link } from './link.js';

/** Where the page sits: runs › run › question. */
export function Breadcrumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  return (
    <nav className="breadcrumbs" aria-label="breadcrumbs">
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 && <span className="separator">›</span>}
          {item.to === undefined ? <span className="current">{item.label}</span> : <Link to={item.to}>{item.label}</Link>}
        </Fragment>
      ))}
    </nav>
  );
}
