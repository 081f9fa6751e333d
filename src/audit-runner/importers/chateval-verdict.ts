// the last-round format ChatEval's config asks every referee for ("The score of Assistant 1: [score only]")
const SCORE = (assistant: number) => new RegExp(`The score of Assistant ${assistant}\\s*:\\s*\\[?\\s*(\\d+(?:\\.\\d+)?)`, 'gi');

/** The two scores a ChatEval referee gave, or undefined when either is missing. */
export function chatevalScores(text: string): [number, number] | undefined {
  const last = (assistant: number) => [...text.matchAll(SCORE(assistant))].at(-1)?.[1];
  const one = last(1);
  const two = last(2);
  return one === undefined || two === undefined ? undefined : [Number(one), Number(two)];
}

/**
 * A pairwise verdict from two scores, as ChatEval compares the assistants:
 * "1" or "2" for the higher-scored one, "tie" when equal.
 */
export function chatevalVerdict(scores: readonly [number, number] | undefined): string | null {
  if (scores === undefined) return null;
  const [one, two] = scores;
  return one > two ? '1' : two > one ? '2' : 'tie';
}
