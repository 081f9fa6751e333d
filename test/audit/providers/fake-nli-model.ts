/**
 * A deterministic "chat model" for `llm:` NLI tests, answering the NLI
 * prompt on the fake OpenAI server: it reads the numbered pairs from the
 * user message and labels each one by a fixed rule, so expected values can
 * be worked out by hand.
 */
import type { FakeBehavior, RecordedRequest } from '../../helpers/fake-openai-server.js';

/** One pair as the prompt showed it. */
export interface PromptPair {
  id: number;
  premise: string;
  hypothesis: string;
}

/** The pairs of an NLI request, read back from its user message. */
export function promptPairs(request: RecordedRequest): PromptPair[] {
  const user = request.body.messages.find((message) => message.role === 'user')?.content ?? '';
  return [...user.matchAll(/^(\d+)\. premise: (".*")\n {3}hypothesis: (".*")$/gm)].map((match) => ({
    id: Number(match[1]),
    premise: JSON.parse(match[2]!) as string,
    hypothesis: JSON.parse(match[3]!) as string,
  }));
}

/**
 * The rule: "increases"/"decreases" across the pair, or "not" in exactly
 * one side → contradiction 0.9; the hypothesis's words all in the premise →
 * entailment 0.8; anything else → neutral 0.6.
 */
export function fakeLabel(premise: string, hypothesis: string): { label: 'entailment' | 'neutral' | 'contradiction'; confidence: number } {
  const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const p = new Set(words(premise));
  const h = words(hypothesis);
  const opposite = (p.has('increases') && h.includes('decreases')) || (p.has('decreases') && h.includes('increases'));
  const negated = p.has('not') !== h.includes('not');
  if (opposite || negated) return { label: 'contradiction', confidence: 0.9 };
  if (h.every((word) => p.has(word))) return { label: 'entailment', confidence: 0.8 };
  return { label: 'neutral', confidence: 0.6 };
}

/** Token counts every fake reply reports, so cost can be computed by hand. */
export const FAKE_USAGE = { promptTokens: 100, completionTokens: 20 } as const;

/** The server behaviour: a JSON reply labelling every pair of the request, results listed last id first (placement is by id). */
export function answerNli(request: RecordedRequest): FakeBehavior {
  const results = promptPairs(request)
    .map((pair) => ({ id: pair.id, ...fakeLabel(pair.premise, pair.hypothesis) }))
    .reverse();
  return { kind: 'reply', text: JSON.stringify({ results }), ...FAKE_USAGE };
}
