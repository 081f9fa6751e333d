import type { ErrorEvent } from '../lib/trace-model.js';

/** Failures recorded inside the unit. */
export function ErrorList({ errors }: { errors: ErrorEvent[] }) {
  return (
    <section>
      <h2>Errors</h2>
      <ul className="error-list">
        {errors.map((error) => (
          <li key={error.seq}>
            <code>{error.code}</code> {error.agent !== undefined && <span>{error.agent}</span>} {error.round !== undefined && <span>round {error.round}</span>}: {error.message}
            {error.hint !== undefined && <div className="hint">{error.hint}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
