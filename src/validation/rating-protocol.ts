import { parseJsonObject } from '../parsing/json-answer-field.js';
import type { ParsedAnswer } from '../spec/answer.js';
import type { ChatMessage } from '../spec/chat.js';
import { ConfigError } from '../spec/errors.js';
import type { Protocol } from '../spec/protocol.js';
import { RATING_FORMAT, readRating, RUBRIC_VERSION } from './judge-rubric.js';

/** Protocol name of validation runs (their units hold one judge rating each). */
export const VALIDATION_PROTOCOL = 'validation';

/**
 * One judge rating as a protocol, so that it runs through the same unit
 * executor as every debate: the call goes through the run's backend
 * middleware (cache, retry, cost), and the trace holds a `turn` event by
 * the judge — the exact messages, the reply, usage, latency and cost, the
 * rating as the parsed answer — and a `final` event with the rating. A
 * reply without a rating 1–5 is stored as an unparsed answer (the unit is
 * done but unrated); a failed call is an `error` event, as anywhere else.
 *
 * `ratedProtocol` (the protocol of the rated unit) goes into the seed, so
 * that two protocols' units of one question and seed get their own draws.
 */
export function ratingProtocol(messages: readonly ChatMessage[], ratedProtocol: string): Protocol {
  return {
    name: VALIDATION_PROTOCOL,
    params: { rubric: RUBRIC_VERSION },
    needsJudge: false,
    async run(context) {
      const judge = context.agents[0];
      if (judge === undefined) throw new ConfigError('a validation unit needs its judge as the one agent');
      let answer: ParsedAnswer = { status: 'unparsed', value: null };
      await context.call(judge, { messages: [...messages], responseFormat: RATING_FORMAT, sampleIndex: 0 }, {
        round: 0,
        seedKey: [ratedProtocol, 'validation-judge'],
        parse: (response) => {
          const reply = readRating(response.json ?? parseJsonObject(response.text));
          answer = reply.rating === null ? { status: 'unparsed', value: null } : { status: 'ok', value: String(reply.rating), rule: 'rating-json' };
          return { answer, rationale: reply.rationale, source: reply.rating === null ? 'failed' : 'json', ...(reply.warnings.length === 0 ? {} : { warnings: reply.warnings }) };
        },
      });
      context.emit({ type: 'final', answer, aggregate: 'judge-rating', roundsRun: 1, stoppedEarly: false });
    },
  };
}
