import type { TraceEvent } from '../../spec/trace.js';

/** Longest question text a table row carries (the question page shows it whole). */
export const QUESTION_TEXT_MAX = 300;

/** What full-text search and the table read of one unit's trace. */
export interface UnitText {
  /** The question as the first agent received it, cut to `QUESTION_TEXT_MAX`; null when no turn was recorded. */
  question: string | null;
  /** |S(q)|, the size of the agreement set the `final` event records; null in traces without it. */
  agreementSize: number | null;
  /** Question, answers, rationales, steps and shared-log entries, folded for matching (`foldText`). */
  searchable: string;
}

/**
 * Case- and accent-insensitive form of text for matching: NFKD with the
 * combining marks removed, lower case, whitespace runs as one space.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/**
 * The question of a prompt: the text after `Question:` (how quorum's
 * protocols state it), else the prompt, up to the first blank line (where
 * options, context, peers' replies or instructions follow). Traces store
 * the exact messages sent, not the dataset item, so this is the closest
 * the store has to the question text.
 */
export function questionOfPrompt(prompt: string): string {
  const marker = /(^|\n)Question:[ \t]*/.exec(prompt);
  const from = marker === null ? prompt.trimStart() : prompt.slice(marker.index + marker[0].length);
  const end = from.search(/\n[ \t]*\n/);
  const collapsed = (end < 0 ? from : from.slice(0, end)).replace(/\s+/g, ' ').trim();
  return collapsed.length > QUESTION_TEXT_MAX ? `${collapsed.slice(0, QUESTION_TEXT_MAX - 1)}…` : collapsed;
}

/** The question text and searchable text of a unit's events. */
export function unitText(events: readonly TraceEvent[]): UnitText {
  const parts: string[] = [];
  let question: string | null = null;
  let agreementSize: number | null = null;
  for (const event of events) {
    if (event.type === 'turn') {
      if (question === null) {
        const prompt = event.messages.filter((message) => message.role === 'user').at(-1)?.content;
        if (prompt !== undefined) {
          question = questionOfPrompt(prompt);
          parts.push(prompt);
        }
      }
      const answer = event.parsed.answer;
      if (answer.value !== null) parts.push(answer.value);
      if (answer.text !== undefined) parts.push(answer.text);
      parts.push(event.parsed.rationale);
      for (const step of event.parsed.steps ?? []) parts.push(JSON.stringify(step));
    } else if (event.type === 'log-entry') {
      parts.push(event.content);
    } else if (event.type === 'final') {
      if (event.answer.value !== null) parts.push(event.answer.value);
      if (event.agreement !== undefined) agreementSize = event.agreement.length;
    }
  }
  return { question, agreementSize, searchable: foldText(parts.join('\n')) };
}

/** Whether folded text holds every word of a query (AND of words, each a substring). */
export function matchesQuery(searchable: string, words: readonly string[]): boolean {
  return words.every((word) => searchable.includes(word));
}

/** A query as folded words. */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(' ')
    .filter((word) => word !== '');
}
