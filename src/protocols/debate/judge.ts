import type { ChatMessage } from '../../spec/chat.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { JudgeRankEvent } from '../../spec/trace.js';
import { parseJsonObject } from '../../parsing/json-answer-field.js';
import { deriveSeed, seededShuffle } from '../../util/seed.js';
import { renderQuestion } from '../render-question.js';
import { completeCall } from '../model-call.js';

/** One contribution put before the judge. */
export interface Contribution {
  /** Agent name, or `agent#draft` for drafts. */
  id: string;
  /** The text as peers would see it. */
  shown: string;
}

/** What the judge is asked to rank. */
export interface JudgeRequest {
  round: number;
  purpose: JudgeRankEvent['purpose'];
  /** Whose drafts (purpose `drafts`). */
  agent?: string;
  contributions: readonly Contribution[];
}

/** The judge's ranking and the event recording it. */
export interface JudgeOutcome {
  /** Contribution ids from best to worst. */
  ranking: string[];
  event: JudgeRankEvent;
}

const SCORE_MIN = 1;
const SCORE_MAX = 10;

/**
 * Asks the judge to score each contribution (1–10, structured output) and
 * turns the scores into a ranking. Equal scores — and contributions the
 * judge left out, which rank last — are ordered by a seeded draw that the
 * event records, so a ranking never depends on reply order.
 */
export async function judgeContributions(context: ProtocolContext, judge: Agent, request: JudgeRequest): Promise<JudgeOutcome> {
  const ids = request.contributions.map((contribution) => contribution.id);
  const { response, seed, fields } = await completeCall(
    context,
    judge,
    { messages: judgeMessages(context, request), responseFormat: { name: 'judge_scores', schema: judgeSchema(ids) }, sampleIndex: 0 },
    { name: judge.name, round: request.round, seedKey: ['judge', request.round, request.purpose, request.agent ?? ''] },
  );
  const { scores, rationale, warnings } = readScores(response.json ?? parseJsonObject(response.text), ids);
  const { ranking, tied } = rankByScore(ids, scores, deriveSeed(seed, 'tie-break'));
  const event: JudgeRankEvent = {
    type: 'judge-rank',
    round: request.round,
    judge: judge.name,
    purpose: request.purpose,
    ...(request.agent === undefined ? {} : { agent: request.agent }),
    ranking,
    scores: Object.fromEntries(scores),
    rationale,
    ...(warnings.length === 0 ? {} : { warnings }),
    ...(tied.length === 0 ? {} : { tieBreak: { seed: deriveSeed(seed, 'tie-break'), tied } }),
    seed,
    ...fields,
  };
  return { ranking, event };
}

function judgeMessages(context: ProtocolContext, request: JudgeRequest): ChatMessage[] {
  const what = request.purpose === 'drafts' ? `drafts written by ${request.agent}` : 'answers of the agents';
  return [
    {
      role: 'system',
      content: [
        `You are the judge of a multi-agent discussion. Score the ${what} from ${SCORE_MIN} (worst) to ${SCORE_MAX} (best).`,
        'Judge correctness first, then how well each claim is grounded in named facts, mechanisms or guidelines; ignore length and confidence of tone.',
        `Reply with JSON: {"scores": [{"id": "<contribution id>", "score": <${SCORE_MIN}-${SCORE_MAX}>}], "rationale": "<one or two sentences>"}, one score per contribution.`,
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        renderQuestion(context.question),
        'Contributions:',
        ...request.contributions.map((contribution) => `[${contribution.id}]\n${contribution.shown}`),
        'Score every contribution.',
      ].join('\n\n'),
    },
  ];
}

function judgeSchema(ids: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['scores', 'rationale'],
    properties: {
      scores: {
        type: 'array',
        minItems: ids.length,
        maxItems: ids.length,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'score'],
          properties: { id: { type: 'string', enum: [...ids] }, score: { type: 'integer', minimum: SCORE_MIN, maximum: SCORE_MAX } },
        },
      },
      rationale: { type: 'string', maxLength: 600 },
    },
  };
}

/** Reads `{scores: [{id, score}], rationale}` tolerantly; every problem becomes a warning. */
function readScores(value: unknown, ids: readonly string[]): { scores: Map<string, number>; rationale: string; warnings: string[] } {
  const scores = new Map<string, number>();
  const warnings: string[] = [];
  const object = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  if (object === undefined) warnings.push('judge reply is not a JSON object; ranking drawn at random');
  const entries = Array.isArray(object?.scores) ? object.scores : [];
  for (const entry of entries) {
    const id = (entry as { id?: unknown })?.id;
    const score = Number((entry as { score?: unknown })?.score);
    if (typeof id !== 'string' || !ids.includes(id)) {
      warnings.push(`unknown contribution ${JSON.stringify(id)}`);
    } else if (!Number.isFinite(score)) {
      warnings.push(`no numeric score for ${id}`);
    } else if (!scores.has(id)) {
      scores.set(id, Math.min(SCORE_MAX, Math.max(SCORE_MIN, score)));
    }
  }
  const missing = ids.filter((id) => !scores.has(id));
  if (object !== undefined && missing.length > 0) warnings.push(`no score for ${missing.join(', ')}; ranked last`);
  const rationale = typeof object?.rationale === 'string' ? object.rationale : '';
  return { scores, rationale, warnings };
}

/** Sorts by score (missing last); each group of equal scores is shuffled with the seed. */
export function rankByScore(ids: readonly string[], scores: ReadonlyMap<string, number>, seed: number): { ranking: string[]; tied: string[][] } {
  const groups = new Map<number, string[]>();
  for (const id of ids) {
    const score = scores.get(id) ?? -Infinity;
    groups.set(score, [...(groups.get(score) ?? []), id]);
  }
  const ranking: string[] = [];
  const tied: string[][] = [];
  for (const score of [...groups.keys()].sort((a, b) => b - a)) {
    const group = groups.get(score)!;
    if (group.length > 1) {
      const drawn = seededShuffle([...group].sort(), deriveSeed(seed, score));
      tied.push(drawn);
      ranking.push(...drawn);
    } else {
      ranking.push(...group);
    }
  }
  return { ranking, tied };
}
