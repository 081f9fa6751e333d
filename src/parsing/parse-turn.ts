import type { ParsedTurn } from '../spec/answer.js';
import type { QuestionLike } from '../spec/question.js';
import { parseDuAnswer } from './du-answer.js';
import { freeTurnWithAnswer, parseFreeTurn } from './free-turn.js';
import { parseGdpTurn, type GdpParseOptions } from './gdp-steps.js';

/** A turn's message format (DESIGN §4). */
export type TurnFormat = 'free' | 'gdp';

/** Options of `parseTurn`. */
export interface ParseTurnOptions extends GdpParseOptions {
  /** Free format only: `du` reads the answer with Du et al.'s eval rules (see `parseDuAnswer`); default `quorum`. */
  answerExtraction?: 'quorum' | 'du';
}

/**
 * Parses one turn's reply in its format. `json` is the backend's parsed
 * structured reply, when one was requested and parsed.
 */
export function parseTurn(format: TurnFormat, text: string, json: unknown, question: QuestionLike, options: ParseTurnOptions): ParsedTurn {
  if (format === 'gdp') return parseGdpTurn(text, json, question, options);
  // the rationale stays quorum's (steps for CARA); only the answer follows their eval
  return options.answerExtraction === 'du' ? freeTurnWithAnswer(text, parseDuAnswer(text, question)) : parseFreeTurn(text, question);
}
