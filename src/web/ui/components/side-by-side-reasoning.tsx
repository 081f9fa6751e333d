import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { UnitAuditDetail } from '../../server/api-types.js';
import { decimal } from '../lib/format.js';
import { defaultPair, sideBySide, type StepLink } from '../lib/side-by-side.js';

type Side = 'left' | 'right';

/** The step with focus (or last clicked) and the side it is on. */
interface ActiveStep {
  side: Side;
  index: number;
}

const PREFIX: Record<Side, string> = { left: 'a', right: 'b' };
const OTHER: Record<Side, Side> = { left: 'right', right: 'left' };

/**
 * Two agents' final reasoning steps in two columns. Each step names its
 * best match in the other agent's steps with the cosine and contradiction
 * probability the audit stored; clicking or focusing a step highlights its
 * best match and scrolls it into view, in either direction. Flagged
 * contradictions carry a ✕ and the word, not only a colour.
 */
export function SideBySideReasoning({ audit, chosen, onChoose }: { audit: UnitAuditDetail; chosen: string | null; onChoose: (value: string) => void }) {
  const details = audit.question.details;
  const names = details.agents.map((agent) => agent.name);
  const fromUrl = chosen?.split('|');
  const [left, right] = fromUrl !== undefined && fromUrl.length === 2 && fromUrl[0] !== fromUrl[1] && fromUrl.every((name) => names.includes(name)) ? (fromUrl as [string, string]) : (defaultPair(details) ?? [null, null]);
  const [active, setActive] = useState<ActiveStep | null>(null);
  const columns = useRef<HTMLDivElement>(null);
  const view = useMemo(() => (left === null || right === null ? null : sideBySide(details, left, right)), [details, left, right]);
  useEffect(() => setActive(null), [left, right]);
  const target = active === null || view?.aligned == null ? null : linkOf(view.aligned, active);
  useEffect(() => {
    if (active === null || target === null) return;
    columns.current?.querySelector(`[data-side="${OTHER[active.side]}"][data-step="${target.match}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, target]);
  if (view === null) return null;
  const inSet = (name: string) => details.agents.find((agent) => agent.name === name)?.inAgreementSet === true;
  const choose = (side: Side, name: string) => {
    const other = side === 'left' ? view.right : view.left;
    const next = name === other ? [view.right, view.left] : side === 'left' ? [name, view.right] : [view.left, name];
    onChoose(next.join('|'));
  };
  const stepElement = (side: Side, index: number) => columns.current?.querySelector<HTMLButtonElement>(`[data-side="${side}"][data-step="${index}"]`);
  const onKey = (side: Side, index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const count = (side === 'left' ? view.stepsLeft : view.stepsRight).length;
    let next: { side: Side; index: number } | null = null;
    if (event.key === 'ArrowDown') next = { side, index: Math.min(count - 1, index + 1) };
    else if (event.key === 'ArrowUp') next = { side, index: Math.max(0, index - 1) };
    else if ((event.key === 'ArrowRight' && side === 'left') || (event.key === 'ArrowLeft' && side === 'right')) {
      const link = view.aligned === null ? null : linkOf(view.aligned, { side, index });
      if (link !== null) next = { side: OTHER[side], index: link.match };
    }
    if (next === null) return;
    event.preventDefault();
    stepElement(next.side, next.index)?.focus();
  };
  const column = (side: Side) => {
    const name = side === 'left' ? view.left : view.right;
    const steps = side === 'left' ? view.stepsLeft : view.stepsRight;
    const stepLinks = view.aligned === null ? null : side === 'left' ? view.aligned.linksLeft : view.aligned.linksRight;
    return (
      <div className="sbs-column" data-testid={`side-by-side-${side}`}>
        <h3>
          {PREFIX[side]} = {name} {!inSet(name) && <span className="chip">outside S</span>}
        </h3>
        {steps.length === 0 ? (
          <p className="empty">No reasoning steps in the final round.</p>
        ) : (
          <ol className="sbs-steps">
            {steps.map((step, index) => {
              const link = stepLinks?.[index] ?? null;
              const isActive = active?.side === side && active.index === index;
              const isTarget = active !== null && active.side !== side && target?.match === index;
              return (
                <li key={index}>
                  <button
                    type="button"
                    className={`sbs-step${isActive ? ' selected' : ''}${isTarget ? ' target' : ''}${link?.flagged === true ? ' flagged' : ''}`}
                    aria-pressed={isActive}
                    data-side={side}
                    data-step={index}
                    onFocus={() => setActive({ side, index })}
                    onClick={() => setActive({ side, index })}
                    onKeyDown={(event) => onKey(side, index, event)}
                  >
                    <span className="mono step-id">
                      {PREFIX[side]}
                      {index + 1}
                    </span>{' '}
                    {isActive && <span className="target-mark">▶ selected · </span>}
                    {isTarget && <span className="target-mark">◆ best match · </span>}
                    <span className="step-text">{step}</span>
                    {link !== null && <LinkLine link={link} prefix={PREFIX[OTHER[side]]} tau={audit.audit.tau} />}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    );
  };
  return (
    <section className="side-by-side" aria-labelledby="side-by-side-title">
      <h2 id="side-by-side-title">Side by side</h2>
      <p className="muted small">
        Each agent's final-round steps (as the audit split them), each with its best match in the other agent's steps: cosine and contradiction probability as the audit stored them. Click or focus a step to highlight its best match; ← → jump to it, ↑ ↓ move within a column.
      </p>
      <div className="sbs-pickers">
        {(['left', 'right'] as const).map((side) => (
          <label key={side} className="inline-control">
            {side === 'left' ? 'left agent (a)' : 'right agent (b)'}{' '}
            <select value={side === 'left' ? view.left : view.right} onChange={(event) => choose(side, event.target.value)}>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                  {inSet(name) ? '' : ' (outside S)'}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {view.aligned === null ? (
        <p className="empty" data-testid="side-by-side-unaligned">
          The audit stored no alignment of {view.left} and {view.right}
          {inSet(view.left) && inSet(view.right) ? ' (one of them has no steps)' : ': CARA aligns only the agreement set S, and an agent outside it has no best matches'}. Their steps are shown without links.
        </p>
      ) : (
        <p className="small">
          pair SIM {decimal(view.aligned.sim)} · CARA-HYB {decimal(view.aligned.hyb)} · τ = {audit.audit.tau}
        </p>
      )}
      <p className="sbs-status small" aria-live="polite" data-testid="side-by-side-status">
        {active === null ? 'No step selected.' : describe(view, active, target)}
      </p>
      <div className="sbs-columns" ref={columns}>
        {column('left')}
        {column('right')}
      </div>
    </section>
  );
}

function linkOf(aligned: { linksLeft: Array<StepLink | null>; linksRight: Array<StepLink | null> }, step: ActiveStep): StepLink | null {
  return (step.side === 'left' ? aligned.linksLeft : aligned.linksRight)[step.index] ?? null;
}

function describe(view: { left: string; right: string }, active: ActiveStep, target: StepLink | null): string {
  const from = `${PREFIX[active.side]}${active.index + 1} (${active.side === 'left' ? view.left : view.right})`;
  if (target === null) return `${from}: no best match stored.`;
  const to = `${PREFIX[OTHER[active.side]]}${target.match + 1} (${active.side === 'left' ? view.right : view.left})`;
  return `${from} → best match ${to}: cosine ${decimal(target.cosine, 2)}, contradiction p ${decimal(target.contradiction, 2)}${target.flagged ? ', flagged as a contradiction' : ''}.`;
}

function LinkLine({ link, prefix, tau }: { link: StepLink; prefix: string; tau: number }) {
  return (
    <span className="sbs-link small">
      → {prefix}
      {link.match + 1} · cosine {decimal(link.cosine, 2)} · contradiction p {decimal(link.contradiction, 2)}
      {link.flagged && <strong className="contradiction-flag"> ✕ contradiction (p &gt; τ = {tau})</strong>}
    </span>
  );
}
