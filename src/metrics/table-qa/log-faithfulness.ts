import type { LogEntry } from '../../spec/log-entry.js';
import { numbersInText, sameNumber } from '../../tools/units/number-text.js';
import { normaliseText } from '../../parsing/normalise-text.js';

/** Entry types whose accepted entries ground an answer (verdicts and answers do not). */
const GROUNDING_TYPES: ReadonlySet<string> = new Set(['LOOKUP', 'QUOTE', 'VISUAL', 'SUMMARY']);

/** How much of an answer the log grounds. */
export interface LogFaithfulness {
  /** Numbers and entities the answer states. */
  claims: number;
  /** Of those, the ones found in accepted evidence entries. */
  grounded: number;
  /** grounded / claims; null when the answer states neither a number nor an entity. */
  share: number | null;
  /** The claims not found, for inspection. */
  ungrounded: string[];
}

/**
 * Log-grounding faithfulness: the share of the answer's numbers and
 * entities found in accepted LOOKUP, QUOTE, VISUAL or SUMMARY entries.
 * A number counts as found when an entry states it, or when it is computed:
 * the answer's program (e.g. `subtract(5735, 5098)`) names operands that
 * are all found. An entity is a run of capitalised words (or, for an
 * all-lower-case answer, the whole answer) and counts as found when its
 * normalised text occurs in an entry's normalised content.
 */
export function logFaithfulness(answer: string | null, entries: readonly LogEntry[], program: string | null = null): LogFaithfulness {
  if (answer === null || answer.trim() === '') return { claims: 0, grounded: 0, share: null, ungrounded: [] };
  const evidence = entries.filter((entry) => entry.accepted && GROUNDING_TYPES.has(entry.type)).map((entry) => entry.content);
  const evidenceNumbers = evidence.flatMap((content) => numbersInText(content));
  const evidenceText = ` ${evidence.map(normaliseText).join(' | ')} `;
  const stated = (value: number): boolean => evidenceNumbers.some((candidate) => sameNumber(Math.abs(candidate), Math.abs(value)));
  const operands = program === null ? [] : numbersInText(program.replace(/#\d+|const_[\w.]+/g, ' '));
  const computed = operands.length > 0 && operands.every(stated);
  const ungrounded: string[] = [];
  let claims = 0;
  for (const value of numbersInText(answer)) {
    claims += 1;
    if (!stated(value) && !computed) ungrounded.push(String(value));
  }
  for (const entity of answerEntities(answer)) {
    claims += 1;
    if (!evidenceText.includes(` ${normaliseText(entity)} `)) ungrounded.push(entity);
  }
  const grounded = claims - ungrounded.length;
  return { claims, grounded, share: claims === 0 ? null : grounded / claims, ungrounded };
}

/** Runs of capitalised words; an answer with none and no digits is one entity as a whole. */
export function answerEntities(answer: string): string[] {
  const runs = [...answer.matchAll(/\p{Lu}[\p{L}\p{M}'’.&-]*(?:\s+(?:of|the|de|du|van|von|\p{Lu}[\p{L}\p{M}'’.&-]*))*(?<!\s(?:of|the|de|du|van|von))/gu)].map((match) => match[0].trim());
  const entities = runs.filter((run) => normaliseText(run) !== '');
  if (entities.length > 0) return entities;
  return /\d/.test(answer) || normaliseText(answer) === '' ? [] : [answer];
}
