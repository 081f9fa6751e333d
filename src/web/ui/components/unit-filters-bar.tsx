import { useEffect, useState } from 'react';
import { FAILURE_MODES } from '../../../spec/audit-result.js';
import { UNIT_OUTCOMES, type UnitOutcome } from '../../server/api-types.js';
import { integer } from '../lib/format.js';

const SORTS: Array<[string, string]> = [
  ['position', 'plan order'],
  ['questionId', 'question id'],
  ['caraHyb', 'CARA-HYB, lowest first'],
  ['-caraHyb', 'CARA-HYB, highest first'],
  ['sim', 'SIM, lowest first'],
  ['-agreementSize', '|S|, largest first'],
  ['-contradictionRate', 'contradiction rate, highest first'],
  ['-tokens', 'tokens, most first'],
  ['-latencyMs', 'latency, slowest first'],
  ['-errors', 'errors, most first'],
];

/** How long typing pauses before the search applies. */
const SEARCH_DELAY_MS = 200;

/** Filters of the per-question table, kept in the page URL so they survive reloads and links. */
export function UnitFiltersBar({
  search,
  onChange,
  outcomes,
  hasAudit,
  protocols,
  seeds,
}: {
  search: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
  outcomes: Record<UnitOutcome, number> | null;
  hasAudit: boolean;
  protocols: string[];
  seeds: number[];
}) {
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    onChange(next);
  };
  const outcome = search.get('outcome');
  const [text, setText] = useState(search.get('text') ?? '');
  useEffect(() => {
    if (text === (search.get('text') ?? '')) return;
    const timer = setTimeout(() => set('text', text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });
  const all = outcomes === null ? null : Object.values(outcomes).reduce((sum, count) => sum + count, 0);
  return (
    <div className="filters" role="search">
      <div className="outcome-buttons" role="group" aria-label="outcome">
        <button type="button" className={outcome === null ? 'active' : ''} onClick={() => set('outcome', null)}>
          all {all !== null && <span className="count">{integer(all)}</span>}
        </button>
        {UNIT_OUTCOMES.filter((name) => name !== 'ungraded' || (outcomes?.ungraded ?? 0) > 0).map((name) => (
          <button type="button" key={name} className={`${outcome === name ? 'active' : ''} outcome-${name}`} onClick={() => set('outcome', outcome === name ? null : name)}>
            {name} {outcomes !== null && <span className="count">{integer(outcomes[name])}</span>}
          </button>
        ))}
      </div>
      <input
        type="search"
        placeholder="search questions, answers, rationales…"
        aria-label="search question text, answers, rationales and ids"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <select aria-label="agreement" value={search.get('agreement') ?? ''} onChange={(event) => set('agreement', event.target.value)}>
        <option value="">any agreement</option>
        <option value="unanimous">unanimous</option>
        <option value="split">split</option>
        {hasAudit && <option value="contradicting">agreeing but contradicting</option>}
      </select>
      {protocols.length > 1 && (
        <select aria-label="protocol" value={search.get('protocol') ?? ''} onChange={(event) => set('protocol', event.target.value)}>
          <option value="">all protocols</option>
          {protocols.map((protocol) => (
            <option key={protocol}>{protocol}</option>
          ))}
        </select>
      )}
      {seeds.length > 1 && (
        <select aria-label="seed" value={search.get('seed') ?? ''} onChange={(event) => set('seed', event.target.value)}>
          <option value="">all seeds</option>
          {seeds.map((seed) => (
            <option key={seed}>{seed}</option>
          ))}
        </select>
      )}
      {hasAudit && (
        <>
          <select aria-label="eligible" value={search.get('eligible') ?? ''} onChange={(event) => set('eligible', event.target.value)}>
            <option value="">eligible or not</option>
            <option value="true">eligible for CARA</option>
            <option value="false">not eligible</option>
          </select>
          <select aria-label="failure mode" value={search.get('failureMode') ?? ''} onChange={(event) => set('failureMode', event.target.value)}>
            <option value="">any failure mode</option>
            {FAILURE_MODES.map((mode) => (
              <option key={mode}>{mode}</option>
            ))}
            <option value="none">no label</option>
          </select>
          <label className="inline-control">
            <input type="checkbox" checked={search.get('lowCara') === 'true'} onChange={(event) => set('lowCara', event.target.checked ? 'true' : null)} /> low CARA
          </label>
        </>
      )}
      <select aria-label="sort" value={search.get('sort') ?? 'position'} onChange={(event) => set('sort', event.target.value === 'position' ? null : event.target.value)}>
        {SORTS.filter(([value]) => hasAudit || !/cara|contradiction|sim|agreement/i.test(value)).map(([value, label]) => (
          <option key={value} value={value}>
            sort: {label}
          </option>
        ))}
      </select>
    </div>
  );
}
