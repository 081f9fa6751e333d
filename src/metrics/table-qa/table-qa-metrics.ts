import { answerMeta, type LogEntry, verdictMeta } from '../../spec/log-entry.js';
import { logEntriesFromEvents } from '../../protocols/shared-log/trace-log.js';
import type { Question } from '../../spec/question.js';
import type { UnitRecord, UnitSummary } from '../../spec/store.js';
import type { TraceEvent } from '../../spec/trace.js';
import { exactMatch } from './exact-match.js';
import { logFaithfulness } from './log-faithfulness.js';
import { numericMatchText } from './numeric-match.js';
import { rougeL } from './rouge-l.js';
import { tokenF1 } from './token-f1.js';
import { verifierDetection, type VerifierDetection } from './verifier-detection.js';

/** Table-QA scores of one finished unit. */
export interface TableQaUnitScore {
  exactMatch: number;
  /** Null when the gold is not a number. */
  numericMatch: boolean | null;
  f1: number;
  rougeL: number;
  roundsRun: number;
  latencyMs: number;
  /** Null without the unit's events or without a shared log (cot). */
  faithfulness: number | null;
  /** Accepted FLAG entries; null without the unit's events. */
  flags: number | null;
}

/** Table-QA metrics of a run (docs/dealog.md, "Baselines, metrics and robustness"). */
export interface TableQaMetrics {
  /** Finished units with a gold answer. */
  units: number;
  /** Mean exact match after normalisation. */
  exactMatch: number | null;
  /** Share of units with a numeric gold whose answer matches it (FinQA tolerance, TAT-QA scale). */
  numericMatch: number | null;
  numericUnits: number;
  /** Mean SQuAD token F1. */
  f1: number | null;
  /** Mean ROUGE-L F-measure (FeTaQA). */
  rougeL: number | null;
  /** Mean log-grounding faithfulness over units whose answer states something and whose log was read. */
  faithfulness: number | null;
  faithfulnessUnits: number;
  /** Mean rounds run per unit. */
  roundsMean: number | null;
  /** Accepted FLAG entries over all units read with events; null when no events were given. */
  flags: number | null;
  /** Units with at least one FLAG. */
  flaggedUnits: number | null;
  /** Mean and median summed model latency per question, in milliseconds. */
  latencyMsMean: number | null;
  latencyMsMedian: number | null;
  /**
   * Share of injected arithmetic and unit errors the deterministic verifier
   * catches (`verifierDetection`); null unless the units' events and
   * questions were given.
   */
  verifierDetection: VerifierDetection | null;
}

/** What the shared-log measures read besides the units (see `tableQaMetrics`). */
export interface TableQaInputs {
  /** Each unit's events by unit id (faithfulness, FLAG count, verifier detection). */
  events?: ReadonlyMap<string, readonly TraceEvent[]>;
  /** The run's questions by id, as its units saw them (verifier detection re-checks against their sources). */
  questions?: ReadonlyMap<string, Question>;
  /** How the run matched quotes (its `quoteMatch` parameter; default `loose`). */
  quoteMatch?: 'exact' | 'loose';
}

/** Scores one unit from its summary and, when given, its events. */
export function scoreTableQaUnit(unit: UnitRecord, events?: readonly TraceEvent[]): TableQaUnitScore | undefined {
  return scoreUnit(unit, events === undefined ? undefined : logEntriesFromEvents(events));
}

// One unit from its shared log, rebuilt once by the caller (the log measures share it).
function scoreUnit(unit: UnitRecord, entries: readonly LogEntry[] | undefined): TableQaUnitScore | undefined {
  return unit.status !== 'done' || unit.summary === null ? undefined : scoreTableQaSummary(unit.summary, entries);
}

/** Scores a finished unit's summary and, when given, its shared log (undefined without a gold answer). */
export function scoreTableQaSummary(summary: UnitSummary, entries: readonly LogEntry[] | undefined): TableQaUnitScore | undefined {
  if (summary.gold === null) return undefined;
  const { gold } = summary;
  // the answer as stated ("56.197%", "(0.2)"), as the scorers read it
  const answer = summary.answer === null ? null : (summary.answerText ?? summary.answer);
  let faithfulness: number | null = null;
  let flags: number | null = null;
  if (entries !== undefined) {
    flags = entries.filter((entry) => entry.accepted && entry.type === 'FLAG').length;
    const chosen = chosenAnswer(entries);
    if (chosen !== undefined) faithfulness = logFaithfulness(answer, entries, answerMeta(chosen).program).share;
  }
  return {
    exactMatch: exactMatch(answer, gold),
    numericMatch: numericMatchText(answer, gold),
    f1: tokenF1(answer, gold),
    rougeL: rougeL(answer ?? '', gold).fmeasure,
    roundsRun: summary.roundsRun,
    latencyMs: summary.latencyMs,
    faithfulness,
    flags,
  };
}

// The protocol's own choice (chooseFinalAnswer): the latest ANSWER the verifier passed, else the latest ANSWER.
function chosenAnswer(entries: readonly LogEntry[]): LogEntry | undefined {
  const passed = new Set(entries.filter((entry) => entry.accepted && entry.type === 'OK').map((entry) => verdictMeta(entry).answerSeq));
  const answers = entries.filter((entry) => entry.accepted && entry.type === 'ANSWER');
  return answers.findLast((entry) => passed.has(entry.seq)) ?? answers.at(-1);
}

/**
 * Table-QA metrics of a run's units. Faithfulness and FLAG counts need each
 * unit's events (the shared log, rebuilt once per unit); the verifier
 * detection rate needs the events and the questions. Without them those
 * measures are null.
 */
export function tableQaMetrics(units: readonly UnitRecord[], inputs: TableQaInputs = {}): TableQaMetrics {
  const { events, questions } = inputs;
  const scores: TableQaUnitScore[] = [];
  const logs: Array<{ question: Question; entries: readonly LogEntry[] }> = [];
  for (const unit of units) {
    const unitEvents = events?.get(unit.id);
    const entries = unitEvents === undefined ? undefined : logEntriesFromEvents(unitEvents);
    const score = scoreUnit(unit, entries);
    if (score === undefined) continue;
    scores.push(score);
    const question = questions?.get(unit.questionId);
    if (entries !== undefined && question !== undefined) logs.push({ question, entries });
  }
  const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);
  const numeric = scores.flatMap((score) => (score.numericMatch === null ? [] : [score.numericMatch ? 1 : 0]));
  const faithful = scores.flatMap((score) => (score.faithfulness === null ? [] : [score.faithfulness]));
  const flagCounts = scores.flatMap((score) => (score.flags === null ? [] : [score.flags]));
  return {
    units: scores.length,
    exactMatch: mean(scores.map((score) => score.exactMatch)),
    numericMatch: mean(numeric),
    numericUnits: numeric.length,
    f1: mean(scores.map((score) => score.f1)),
    rougeL: mean(scores.map((score) => score.rougeL)),
    faithfulness: mean(faithful),
    faithfulnessUnits: faithful.length,
    roundsMean: mean(scores.map((score) => score.roundsRun)),
    flags: flagCounts.length === 0 ? null : flagCounts.reduce((sum, count) => sum + count, 0),
    flaggedUnits: flagCounts.length === 0 ? null : flagCounts.filter((count) => count > 0).length,
    latencyMsMean: mean(scores.map((score) => score.latencyMs)),
    latencyMsMedian: median(scores.map((score) => score.latencyMs)),
    verifierDetection: events === undefined || questions === undefined ? null : verifierDetection(logs, inputs.quoteMatch),
  };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
