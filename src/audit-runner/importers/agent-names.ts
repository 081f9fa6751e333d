/**
 * Display names for imported agents: the given names, where one is empty
 * its fallback (else "Agent N"), and a repeated name numbered ("Expert",
 * "Expert 2") so that every agent stays apart in the audit.
 */
export function agentNames(given: readonly string[], fallbacks: readonly string[] = []): string[] {
  const used = new Map<string, number>();
  return given.map((name, index) => {
    const base = name.trim() !== '' ? name.trim() : (fallbacks[index]?.trim() || `Agent ${index + 1}`);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return count === 1 ? base : `${base} ${count}`;
  });
}
