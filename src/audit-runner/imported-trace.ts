import type { GdpStep } from '../spec/answer.js';
import type { ChatMessage } from '../spec/chat.js';
import type { TurnRef } from '../spec/trace.js';

/** One agent's turn in one round of an imported debate. */
export interface ImportedRound {
  /** The answer given in this round; null when none parses. */
  answer: string | null;
  /** The visible reasoning ('' when the source kept none). */
  rationale: string;
  /** Reasoning steps kept as given (GDP-style), when the source has them. */
  steps?: GdpStep[];
  /** The turns this turn read (PRR reads it); default none. */
  saw?: TurnRef[];
  /** The messages the agent was sent before this turn, when the source kept them. */
  messages?: ChatMessage[];
}

/** One agent of an imported debate, its rounds oldest first. */
export interface ImportedAgent {
  name: string;
  model?: string;
  persona?: string;
  rounds: ImportedRound[];
}

/**
 * A debate recorded by another system, in the one shape every reader
 * (foreign-trace v1 and v2, Du et al.'s results, MALLM, ChatEval) turns its
 * format into and the importer stores as a run's unit.
 */
export interface ImportedTrace {
  questionId: string;
  question?: string;
  /** Multiple-choice options by letter. */
  options?: Record<string, string>;
  gold?: string | number | null;
  dataset?: string;
  protocol: string;
  seed: number;
  /** The system's aggregated answer; undefined: the majority of final answers is computed. */
  aggregated?: string | number | null;
  scoringPoints?: string[];
  meta?: Record<string, unknown>;
  agents: ImportedAgent[];
}

/** A trace and where it sits in its file (a line, or a position such as a question's index). */
export interface ImportedTraceEntry {
  line: number | undefined;
  trace: ImportedTrace;
}

/** An answer as quorum stores it: trimmed text, null when absent or blank. */
export function importedAnswer(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}
