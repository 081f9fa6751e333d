import type { ChatMessage, ResponseFormat } from '../spec/chat.js';

/**
 * The fixed rubric a judge backend rates reasoning alignment with
 * (docs/validation.md prints it in full). Its version is stored with every
 * validation run; change the text only together with the version, so that
 * ratings made with different rubrics are never pooled or served from the
 * completion cache as if they were the same.
 */
export const RUBRIC_VERSION = 'cara-alignment-v1';

/** The instructions: what to rate, the five levels, the reply format. */
export const RUBRIC_SYSTEM_PROMPT = [
  'You rate how well the reasoning of several AI agents agrees. All of them gave the same final answer.',
  'Judge only whether they reached it for the same reasons, not whether the answer or the reasoning is correct.',
  '',
  'Scale:',
  '5 - same reasoning: the agents rely on the same key facts, mechanisms or rules; differences are wording or level of detail.',
  '4 - mostly the same: the main justification is shared; an agent adds or leaves out a secondary point.',
  '3 - partly shared: some key points are shared and others differ, without contradicting each other.',
  '2 - different reasoning: the agents justify the answer with different facts or mechanisms that barely overlap, or an agent gives almost no reasoning.',
  '1 - conflicting reasoning: a key point of one agent contradicts a key point of another (for example, incompatible mechanisms).',
  '',
  'Ignore length, style, confidence and the order of the agents.',
  'Reply with JSON: {"rating": <1-5>, "rationale": "<one or two sentences>"}.',
].join('\n');

/** Longest reasoning shown per agent; longer text is cut (and says so) so one verbose agent cannot crowd out the others. */
export const REASONING_LIMIT = 4000;

/** The structured reply: a whole rating 1–5 and a short rationale. */
export const RATING_FORMAT: ResponseFormat = {
  name: 'alignment_rating',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['rating', 'rationale'],
    properties: {
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      rationale: { type: 'string', maxLength: 600 },
    },
  },
};

/** What one rating call shows the judge. */
export interface RubricInput {
  /** Question text, or null when the run's dataset cannot be loaded again. */
  question: string | null;
  /** Options of a multiple-choice question. */
  options?: Readonly<Record<string, string>>;
  /** The answer the agents agreed on. */
  answer: string;
  /** Each agreeing agent's final reasoning, in the order they first spoke. */
  reasonings: readonly string[];
}

/**
 * The messages of one rating call. Agents are relabelled Agent 1, 2, … so
 * that names (which may be personas or model names) cannot sway the judge.
 */
export function rubricMessages(input: RubricInput): ChatMessage[] {
  const options = input.options === undefined ? [] : Object.entries(input.options).map(([letter, text]) => `${letter}) ${text}`);
  const question = input.question === null ? '(question text not available)' : [input.question, ...options].join('\n');
  const reasonings = input.reasonings.map((reasoning, index) => `[Agent ${index + 1}]\n${shorten(reasoning.trim()) || '(no reasoning given)'}`);
  return [
    { role: 'system', content: RUBRIC_SYSTEM_PROMPT },
    { role: 'user', content: [`Question:\n${question}`, `Answer all agents gave: ${input.answer}`, ...reasonings, 'Rate how well their reasoning agrees.'].join('\n\n') },
  ];
}

function shorten(text: string): string {
  return text.length <= REASONING_LIMIT ? text : `${text.slice(0, REASONING_LIMIT)} …(cut)`;
}

/** A judge's reply read tolerantly: a rating 1–5 or null, and what was wrong. */
export interface RatingReply {
  rating: number | null;
  rationale: string;
  warnings: string[];
}

/** Reads `{rating, rationale}`; a rating that is not a whole number 1–5 is null with a warning, never clamped. */
export function readRating(value: unknown): RatingReply {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { rating: null, rationale: '', warnings: ['the judge reply is not a JSON object'] };
  const object = value as Record<string, unknown>;
  const rationale = typeof object.rationale === 'string' ? object.rationale : '';
  const raw = typeof object.rating === 'string' ? Number(object.rating.trim()) : object.rating;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 5) {
    return { rating: null, rationale, warnings: [`no rating 1-5 in the judge reply (rating: ${JSON.stringify(object.rating) ?? 'missing'})`] };
  }
  return { rating: raw, rationale, warnings: [] };
}
