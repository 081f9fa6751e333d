import type { ParsedTurn } from '../spec/answer.js';
import type { QuestionLike } from '../spec/question.js';
import { parseFreeTurn } from './free-turn.js';
import { parseGdpTurn, type GdpParseOptions } from './gdp-steps.js';

/** A turn's message format (DESIGN §4). */
export type TurnFormat = 'free' | 'gdp';

/**
 * Parses one turn's reply in its format. `json` is the backend's parsed
 * structured reply, when one was requested and parsed.
 */
export function parseTurn(format: TurnFormat, text: string, json: unknown, question: QuestionLike, options: GdpParseOptions): ParsedTurn {
  return format === 'gdp' ? parseGdpTurn(text, json, question, options) : parseFreeTurn(text, question);
}
