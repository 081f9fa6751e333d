import type { VerifyEvent } from '../lib/trace-model.js';

/** A verifier verdict and its checks. */
export function VerifyCard({ verify }: { verify: VerifyEvent }) {
  return (
    <article className={`verify verdict-${verify.verdict}`}>
      <header>
        <span className="entry-type">verify</span> <strong>{verify.verdict}</strong>
      </header>
      <ul className="checks">
        {verify.checks.map((check, index) => (
          <li key={index} className={check.passed ? 'passed' : 'failed'}>
            {check.passed ? '✓' : '✗'} {check.name}
            {check.detail !== undefined && <span className="muted"> — {check.detail}</span>}
          </li>
        ))}
      </ul>
    </article>
  );
}
