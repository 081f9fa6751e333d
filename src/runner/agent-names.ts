/** Neutral agent names: Agent A, Agent B, … Agent Z, Agent AA, … */
export function neutralAgentName(index: number): string {
  let label = '';
  let rest = index;
  do {
    label = String.fromCharCode(65 + (rest % 26)) + label;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return `Agent ${label}`;
}
