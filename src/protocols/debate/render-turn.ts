import type { ParsedTurn } from '../../spec/answer.js';

/**
 * The text of a turn as other agents see it. GDP turns are re-rendered from
 * their parsed steps (one line per step), so peers see the same structure
 * whatever the model's raw formatting; free turns are shown as written.
 */
export function renderTurnForPeers(text: string, parsed: ParsedTurn): string {
  if (parsed.steps === undefined || parsed.steps.length === 0) return text.trim();
  const lines = parsed.steps.map((step, index) => {
    const parts = [`${index + 1}. CLAIM: ${step.claim}`, `GROUND: ${step.ground}`];
    if (step.stance !== undefined) {
      const target = step.stance.target === undefined ? '' : ` on "${step.stance.target}"`;
      const counter = step.stance.counterGround === undefined ? '' : ` — counter-ground: ${step.stance.counterGround}`;
      parts.push(`STANCE: ${step.stance.type} with ${step.stance.peer}${target}${counter}`);
    }
    return parts.join(' | ');
  });
  lines.push(`Answer: ${parsed.answer.status === 'ok' ? parsed.answer.value : '(none given)'}`);
  return lines.join('\n');
}
