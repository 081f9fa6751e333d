/** Answer extraction, GDP step parsing and step segmentation (docs/datasets.md, "Parsing"). */
export { isAnswerStatement } from './answer-statement.js';
export { freeRationale, parseFreeTurn } from './free-turn.js';
export { GDP_LIMITS, STANCE_TYPES, gdpResponseSchema, type GdpSchemaOptions } from './gdp-response-schema.js';
export { parseGdpTurn, type GdpParseOptions } from './gdp-steps.js';
export { parseMcqAnswer } from './mcq-answer.js';
export { canonicalNumber, findNumbers, findNumericAnswer, parseNumericAnswer, type NumberMention, type NumericAnswer } from './numeric-answer.js';
export { parseAnswer } from './parse-answer.js';
export { parseTurn, type TurnFormat } from './parse-turn.js';
export { DEFAULT_STEP_CAP, segmentSteps, segmentText, type SegmentOptions } from './segment-steps.js';
export { parseTextAnswer } from './text-answer.js';
