import type { QuestionLike } from '../../spec/question.js';
import type { DealogEnv } from './dealog-env.js';
import type { DealogRole } from './dealog-params.js';
import type { FlagTarget, LogEntry, Modality } from '../../spec/log-entry.js';
import type { SharedLog } from './shared-log.js';

/** Where the scheduler is when it asks an agent whether to act. */
export interface TurnState {
  round: number;
  /** True in the last round the parameters allow. */
  lastRound: boolean;
  /** Set in a second-chance round: the FLAG and the item it names. */
  secondChance?: { flagSeq: number; target: FlagTarget };
  /** Accepted evidence the specialists added earlier in this round (the summariser's threshold). */
  evidenceThisRound?: number;
}

/** An agent's answer to "do you have something new to add?", with the reason (documented rules, docs/dealog.md). */
export interface ActDecision {
  act: boolean;
  reason: string;
  /** What to look for: a FLAG's item, a SUMMARY's missing item. */
  focus?: string;
  /** For the summariser: it must propose an ANSWER now. */
  forceAnswer?: boolean;
}

/** A DeALOG agent: decides from the log whether it has something to add, and adds it. */
export interface LogAgent {
  readonly role: DealogRole;
  shouldAct(log: SharedLog, question: QuestionLike, turn: TurnState): ActDecision;
  act(turn: TurnState, decision: ActDecision): Promise<void>;
}

/**
 * The specialists' common rule (TableAgent, ContextAgent, VisualAgent),
 * checked in order:
 * 1. no source of its modality in the question → do not act;
 * 2. a second-chance round whose FLAG targets its modality (or `any`) → act on the flagged item;
 * 3. it has never acted → act (first look at its sources);
 * 4. a SUMMARY written since its last turn names a missing item that
 *    `relates` to its sources → act on that item;
 * 5. otherwise → do not act (nothing new to add).
 * Subclasses say what their sources are and when a missing item relates to them.
 */
export abstract class Specialist implements LogAgent {
  abstract readonly role: DealogRole;
  abstract readonly modality: Exclude<Modality, 'any'>;
  protected readonly env: DealogEnv;
  /** Log length when this agent last acted; -1 before its first turn. */
  protected lastActAt = -1;

  constructor(env: DealogEnv) {
    this.env = env;
  }

  /** Whether the question has sources of this specialist's modality. */
  protected abstract hasSource(): boolean;
  /** Whether a SUMMARY's missing item is something this specialist's sources may hold. */
  protected abstract relates(missing: string): boolean;
  /** Looks at the sources and proposes entries. */
  protected abstract contribute(turn: TurnState, focus: string | undefined): Promise<void>;

  shouldAct(log: SharedLog, _question: QuestionLike, turn: TurnState): ActDecision {
    if (!this.hasSource()) return { act: false, reason: `no ${this.modality} source in the question` };
    const target = turn.secondChance?.target;
    if (target !== undefined && (target.modality === this.modality || target.modality === 'any')) {
      return { act: true, reason: `second chance after FLAG #${turn.secondChance!.flagSeq}`, focus: target.item };
    }
    if (this.lastActAt < 0) return { act: true, reason: 'first look at its sources' };
    const summary = log.latest('SUMMARY');
    const missing = summary === undefined ? '' : String(summary.meta['missing'] ?? '');
    if (summary !== undefined && summary.seq >= this.lastActAt && missing.trim() !== '' && this.relates(missing)) {
      return { act: true, reason: `SUMMARY #${summary.seq} names a missing item in its sources`, focus: missing };
    }
    return { act: false, reason: 'nothing new to add' };
  }

  async act(turn: TurnState, decision: ActDecision): Promise<void> {
    this.lastActAt = this.env.log.length;
    await this.contribute(turn, decision.focus);
  }

  /** Accepted entries shown in prompts. */
  protected visibleEntries(): LogEntry[] {
    return this.env.log.accepted();
  }
}
