/** One evidence step of a ReWOO plan: `#E1 = Tool[input]`. */
export interface RewooStep {
  /** The "Plan: …" line before it. */
  plan: string;
  /** `#E1`, `#E2`, … */
  variable: string;
  /** The tool name, or undefined when the step has no `Tool[input]` call (its text is the evidence, as in ReWOO). */
  tool: string | undefined;
  input: string;
}

/**
 * Reads a ReWOO plan as ReWOO's `PWS._parse_plans` and
 * `_parse_planner_evidences` do (algos/PWS.py): "Plan:" lines in order, and
 * lines starting "#E<digit>" split at the first "=" into variable and tool
 * call; a call is `Tool[input]`, split at the first "[" with the last
 * character dropped. Steps pair the n-th plan line with the n-th evidence
 * line (ReWOO's worker log does the same).
 */
export function readRewooPlan(text: string): RewooStep[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const plans = lines.filter((line) => line.startsWith('Plan:'));
  const evidence = lines.filter((line) => /^#E\d/.test(line) && line.includes('='));
  return evidence.map((line, index) => {
    const at = line.indexOf('=');
    const variable = line.slice(0, at).trim();
    const call = line.slice(at + 1).trim();
    const open = call.indexOf('[');
    const tool = open < 0 ? undefined : call.slice(0, open).trim();
    const input = open < 0 ? call : call.slice(open + 1, call.endsWith(']') ? -1 : undefined);
    return { plan: plans[index] ?? `Plan: (step ${index + 1})`, variable, tool, input };
  });
}

/** Replaces `#En` in a tool input by that evidence in brackets, as ReWOO's worker does; unknown variables stay. */
export function substituteEvidence(input: string, evidence: ReadonlyMap<string, string>): string {
  return input.replace(/#E\d+/g, (variable) => (evidence.has(variable) ? `[${evidence.get(variable)}]` : variable));
}
