import { scorerFor } from '../metrics/scorers/scorer-for.js';
import pLimit from 'p-limit';
import { sanitizeSpec } from '../backends/backend-spec.js';
import { loadQuestions } from '../datasets/load-questions.js';
import type { AuditQuestionRecord } from '../spec/audit-result.js';
import type { ChatBackend, ChatMessage } from '../spec/chat.js';
import { ConfigError, describeError } from '../spec/errors.js';
import type { Agent } from '../spec/protocol.js';
import type { Question } from '../spec/question.js';
import type { AgentConfig, RunConfig } from '../spec/run-config.js';
import type { RunRecord, TraceStore, UnitKey, UnitRecord } from '../spec/store.js';
import { eventsOfType } from '../spec/trace.js';
import { BackendPool, type BackendPoolOptions } from '../runner/backend-pool.js';
import { executeUnit } from '../runner/execute-unit.js';
import { runFingerprint } from '../runner/run-fingerprint.js';
import { newRunId, type AgentRequest } from '../runner/start-run.js';
import { type Clock, isoNow, systemClock } from '../util/clock.js';
import { hashValue } from '../util/hash.js';
import { CODE_VERSION } from '../version.js';
import { rubricMessages, RUBRIC_VERSION } from './judge-rubric.js';
import type { Rating } from './ratings-csv.js';
import { ratingProtocol, VALIDATION_PROTOCOL } from './rating-protocol.js';

/** Decoding of the judge unless its spec says otherwise: greedy, room for a short rationale. */
export const JUDGE_RATING_DECODING = { temperature: 0, maxTokens: 400 } as const;

/** What to rate and with which judge. */
export interface JudgeRatingsOptions {
  store: TraceStore;
  /** The audited run. */
  run: RunRecord;
  /** The audit's per-unit results; eligible units are rated. */
  questions: readonly AuditQuestionRecord[];
  /** The judge (`judge:<spec>` of `--validate`, parsed like `--judge`). */
  judge: AgentRequest;
  /** Judge calls in flight (default 4). */
  concurrency?: number;
  /** Forbid completion-cache misses. */
  replay?: boolean;
  /** A ready backend instead of creating the spec's (tests); used as given, without middleware. */
  backend?: ChatBackend;
  llama?: BackendPoolOptions['llama'];
  clock?: Clock;
  newRunId?: () => string;
  signal?: AbortSignal;
  /** Told how many units are left to rate before any call is made. */
  onStart?: (pending: number, total: number) => void;
}

/** The judge's ratings and the validation run that stores its calls. */
export interface JudgeRatingsOutcome {
  /** The validation run (protocol `validation`): one unit per rated unit, listed by `quorum runs`, shown by `quorum show`. */
  runId: string;
  /** True when an earlier validation run with the same judge, rubric and units was continued or reused. */
  resumed: boolean;
  /** Units rated by this call (0 when every rating was already stored). */
  executed: number;
  ratings: Rating[];
  /** Units without a rating: the call failed or the reply had no rating 1–5. */
  unrated: Array<{ questionId: string; protocol: string; seed: number; reason: string }>;
  /** Judge calls stored in the validation run (all of its units), with their tokens and cost. */
  calls: number;
  cacheHits: number;
  tokens: number;
  /** US dollars; null when the judge's backend has no price. */
  costUsd: number | null;
  /** Problems that did not stop the rating (e.g. question texts unavailable). */
  warnings: string[];
}

interface RatingItem {
  key: UnitKey;
  ratedProtocol: string;
  question: Question;
  messages: ChatMessage[];
}

/**
 * Rates the reasoning alignment of every eligible unit of an audit with a
 * judge backend and the fixed rubric (docs/validation.md). The calls are
 * stored as a run of their own — protocol `validation`, the judge as its
 * one agent, one unit per rated unit (unit key: question, `validation:<rated
 * protocol>`, seed) — so they are cached, resumable, counted and costed
 * like any other model call, and `quorum show <run>` prints them. Rating
 * the same units with the same judge and rubric again reuses that run
 * (no new calls).
 */
export async function rateWithJudge(options: JudgeRatingsOptions): Promise<JudgeRatingsOutcome> {
  const { store, run } = options;
  const clock = options.clock ?? systemClock;
  const targets = options.questions.filter((question) => question.eligible && question.details.aggregated !== null);
  if (targets.length === 0) throw new ConfigError(`run ${run.id} has no unit with a CARA score to rate`, 'CARA needs at least two agents that agree (docs/metrics.md); validate a run with eligible questions');
  const { byId, warnings } = await questionsOf(run.config);
  const items = await Promise.all(targets.map((target) => ratingItem(store, target, byId.get(target.questionId))));
  const judgeConfig: AgentConfig = {
    name: options.judge.name ?? 'Judge',
    backend: sanitizeSpec(options.judge.backend),
    decoding: { ...JUDGE_RATING_DECODING, ...options.judge.decoding },
  };
  const config: RunConfig = {
    protocol: { name: VALIDATION_PROTOCOL, preset: VALIDATION_PROTOCOL, params: { rubric: RUBRIC_VERSION, ratedRun: run.id } },
    agents: [judgeConfig],
    dataset: {
      name: run.config.dataset.name,
      path: run.config.dataset.path,
      questionIds: [...new Set(items.map((item) => item.key.questionId))],
      // What the judge is shown: a changed rationale or rubric is another validation.
      contentHash: hashValue(items.map((item) => [item.key, item.messages])),
    },
    seeds: [...new Set(items.map((item) => item.key.seed))].sort((a, b) => a - b),
    concurrency: options.concurrency ?? 4,
    codeVersion: CODE_VERSION,
    traceVersion: 1,
  };
  const fingerprint = runFingerprint(config);
  const existing = (await store.listRuns()).find((candidate) => runFingerprint(candidate.config) === fingerprint);
  const runId = existing?.id ?? (options.newRunId ?? newRunId)();
  if (existing === undefined) await store.createRun({ id: runId, createdAt: isoNow(clock), status: 'running', config });
  await store.addUnits(runId, items.map((item) => item.key));
  const pending = await store.listUnits(runId, { status: 'pending' });
  options.onStart?.(pending.length, items.length);
  const executed = pending.length === 0 ? 0 : await ratePending(options, runId, config, judgeConfig, pending, items, clock);
  return { runId, resumed: existing !== undefined, executed, ...(await collect(store, runId, items)), warnings };
}

async function ratePending(options: JudgeRatingsOptions, runId: string, config: RunConfig, judgeConfig: AgentConfig, pending: readonly UnitRecord[], items: readonly RatingItem[], clock: Clock): Promise<number> {
  const { store } = options;
  const byKey = new Map(items.map((item) => [unitKeyText(item.key), item]));
  const pool = new BackendPool({ store, replay: options.replay ?? false, concurrencyPerBackend: config.concurrency, ...(options.llama === undefined ? {} : { llama: options.llama }) });
  let executed = 0;
  try {
    await store.setRunStatus(runId, 'running');
    const judge: Agent = { name: judgeConfig.name, backend: options.backend ?? (await pool.get(options.judge.backend)), decoding: judgeConfig.decoding };
    const limit = pLimit(config.concurrency);
    await Promise.all(
      pending.map((unit) =>
        limit(async () => {
          if (options.signal?.aborted) return;
          const item = byKey.get(unitKeyText(unit))!;
          const result = await executeUnit({ protocol: ratingProtocol(item.messages, item.ratedProtocol), question: item.question, scorer: scorerFor(item.question), agents: [judge], seed: unit.seed, clock, ...(options.signal === undefined ? {} : { signal: options.signal }) });
          if (options.signal?.aborted && result.status === 'failed') return;
          if (await store.completeUnit(unit.id, result)) executed += 1;
        }),
      ),
    );
  } finally {
    await pool.close();
    await store.setRunStatus(runId, (await store.countUnits(runId)).pending === 0 ? 'done' : 'interrupted');
  }
  return executed;
}

/** Ratings, unrated units and call totals from the stored units of the validation run. */
async function collect(store: TraceStore, runId: string, items: readonly RatingItem[]): Promise<Pick<JudgeRatingsOutcome, 'ratings' | 'unrated' | 'calls' | 'cacheHits' | 'tokens' | 'costUsd'>> {
  const byKey = new Map(items.map((item) => [unitKeyText(item.key), item]));
  const ratings: Rating[] = [];
  const unrated: JudgeRatingsOutcome['unrated'] = [];
  let calls = 0;
  let cacheHits = 0;
  let tokens = 0;
  let costUsd: number | null = null;
  for (const unit of await store.listUnits(runId)) {
    const item = byKey.get(unitKeyText(unit));
    if (item === undefined || unit.summary === null) continue;
    calls += unit.summary.calls;
    cacheHits += unit.summary.cacheHits;
    tokens += unit.summary.usage.promptTokens + unit.summary.usage.completionTokens;
    if (unit.summary.costUsd !== null) costUsd = (costUsd ?? 0) + unit.summary.costUsd;
    const where = { questionId: unit.questionId, protocol: item.ratedProtocol, seed: unit.seed };
    if (unit.summary.answer === null) {
      const events = await store.getEvents(unit.id);
      const error = eventsOfType(events, 'error')[0];
      const turn = eventsOfType(events, 'turn')[0];
      unrated.push({ ...where, reason: error?.message ?? turn?.parsed.warnings?.join('; ') ?? 'no rating' });
      continue;
    }
    const judge = (await store.getEvents(unit.id)).find((event) => event.type === 'turn');
    ratings.push({ questionId: unit.questionId, protocol: item.ratedProtocol, rater: judge?.type === 'turn' ? judge.agent : 'Judge', rating: Number(unit.summary.answer), origin: `unit ${unit.id} of run ${runId}` });
  }
  return { ratings, unrated, calls, cacheHits, tokens, costUsd };
}

/** The rating call of one eligible unit: its agreeing agents' final reasoning under the rubric. */
async function ratingItem(store: TraceStore, target: AuditQuestionRecord, question: Question | undefined): Promise<RatingItem> {
  const finalTurns = new Map<string, { round: number; rationale: string }>();
  for (const turn of eventsOfType(await store.getEvents(target.unitId), 'turn')) {
    // The last selected turn is the agent's final one (muted agents' come from an earlier round), as in the audit.
    if (turn.selected && turn.round >= (finalTurns.get(turn.agent)?.round ?? -1)) finalTurns.set(turn.agent, { round: turn.round, rationale: turn.parsed.rationale });
  }
  const messages = rubricMessages({
    question: question?.prompt ?? null,
    ...(question?.options === undefined ? {} : { options: question.options }),
    answer: target.details.aggregated!,
    reasonings: target.agreementSet.map((agent) => finalTurns.get(agent)?.rationale ?? ''),
  });
  return {
    key: { questionId: target.questionId, protocol: `${VALIDATION_PROTOCOL}:${target.protocol}`, seed: target.seed },
    ratedProtocol: target.protocol,
    question: question ?? { id: target.questionId, prompt: '(question text not available)', gold: { kind: 'none' } },
    messages,
  };
}

/** The run's questions (traces do not hold them): its dataset loaded again, as the audit does for scoring points. */
async function questionsOf(config: RunConfig): Promise<{ byId: Map<string, Question>; warnings: string[] }> {
  const { name, path, limit } = config.dataset;
  try {
    const dataset = await loadQuestions({ dataset: name, path, ...(limit === undefined ? {} : { limit }) });
    const warnings = hashValue(dataset.questions) === config.dataset.contentHash ? [] : [`dataset ${path} changed since the run: the judge may see other question texts than the agents did`];
    return { byId: new Map(dataset.questions.map((question) => [question.id, question])), warnings };
  } catch (error) {
    return { byId: new Map(), warnings: [`the judge rates without question texts: cannot load dataset ${name} (${path}): ${describeError(error).message}`] };
  }
}

function unitKeyText(key: UnitKey): string {
  return JSON.stringify([key.questionId, key.protocol, key.seed]);
}
