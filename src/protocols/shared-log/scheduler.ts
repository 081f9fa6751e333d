import type { DealogEnv } from './dealog-env.js';
import type { DealogRole } from './dealog-params.js';
import { EVIDENCE_TYPES, verdictMeta } from '../../spec/log-entry.js';
import type { ActDecision, LogAgent, TurnState } from './specialist.js';

/** Why the scheduler stopped. */
export type StopReason = 'verified' | 'no-new-entries' | 'max-rounds';

/** The end of a unit's rounds. */
export interface SchedulerOutcome {
  roundsRun: number;
  stop: StopReason;
}

/** The agents the scheduler turns to, by part. */
export interface DealogAgents {
  /** Specialists in speaking order (TableAgent, ContextAgent, VisualAgent). */
  specialists: readonly LogAgent[];
  summariser: LogAgent;
  verifier: LogAgent;
}

/** Sees every shouldAct decision (tests, debugging); never changes the run. */
export type DecisionObserver = (round: number, role: DealogRole, decision: ActDecision) => void;

/**
 * DeALOG's lightweight scheduler; there is no planner. Each round:
 * the specialists, in order, act if their `shouldAct` says so (each sees
 * what the earlier ones appended); then the summariser decides on its own
 * rule (new evidence, a second chance, or the answer threshold); then the
 * verifier judges a new ANSWER. The run stops after a round that ends with
 * OK (a verified answer), after a round that added no accepted entry, or
 * after `maxRounds`. A FLAG makes the next round a second-chance round
 * (targeting the flagged item) while `secondChances` last.
 */
export async function runScheduler(env: DealogEnv, agents: DealogAgents, observe?: DecisionObserver): Promise<SchedulerOutcome> {
  const { log, params, context } = env;
  let secondChance: TurnState['secondChance'];
  let chancesLeft = params.secondChances;
  const consult = async (agent: LogAgent, turn: TurnState): Promise<void> => {
    const decision = agent.shouldAct(log, context.question, turn);
    observe?.(turn.round, agent.role, decision);
    if (decision.act) await agent.act(turn, decision);
  };

  for (let round = 0; round < params.maxRounds; round++) {
    const start = log.length;
    const turn: TurnState = { round, lastRound: round === params.maxRounds - 1, ...(secondChance === undefined ? {} : { secondChance }) };
    for (const specialist of agents.specialists) await consult(specialist, turn);
    const evidenceThisRound = log.accepted(start).filter((entry) => EVIDENCE_TYPES.has(entry.type)).length;
    await consult(agents.summariser, { ...turn, evidenceThisRound });
    await consult(agents.verifier, { ...turn, evidenceThisRound });

    const added = log.accepted(start);
    const verdict = added.findLast((entry) => entry.type === 'OK' || entry.type === 'FLAG');
    if (verdict?.type === 'OK') return { roundsRun: round + 1, stop: 'verified' };
    if (added.length === 0) return { roundsRun: round + 1, stop: 'no-new-entries' };
    if (verdict?.type === 'FLAG' && chancesLeft > 0) {
      chancesLeft -= 1;
      secondChance = { flagSeq: verdict.seq, target: verdictMeta(verdict).target ?? { modality: 'any', item: verdict.content } };
    } else {
      secondChance = undefined;
    }
  }
  return { roundsRun: params.maxRounds, stop: 'max-rounds' };
}
