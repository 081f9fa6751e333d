/** DeALOG: the shared-log engine, its agents and the pieces baselines and metrics build on (docs/dealog.md). */
export { callAgent, noAnswerTurn, type AgentCall, type AgentReply } from './agent-call.js';
export { ContextAgent } from './context-agent.js';
export { DealogEnv, type OcrReader } from './dealog-env.js';
export { dealogParamsFromOverrides, dealogProtocolFactory } from './dealog-factory.js';
export { DEALOG_ROLES, dealogParamsSchema, resolveDealogParams, type DealogOverrides, type DealogParams, type DealogRole } from './dealog-params.js';
export { DealogProtocol, type DealogOptions } from './dealog-protocol.js';
export { EvidenceSources, type EvidenceClaim } from './evidence-sources.js';
export { findStated, locateInSources, statedNumbers, type StatedNumber } from './evidence-numbers.js';
export { chooseFinalAnswer, proposedAnswer, type FinalChoice } from './final-answer.js';
export {
  answerMeta,
  ENTRY_TYPES,
  EVIDENCE_TYPES,
  MODALITY_OF,
  verdictMeta,
  type AnswerMeta,
  type EntryType,
  type FlagTarget,
  type LogEntry,
  type Modality,
  type VerdictMeta,
} from '../../spec/log-entry.js';
export { renderEntry } from './render-entry.js';
export { answerFormat, focusBlock, sharedBlock, systemPrompt } from './role-prompts.js';
export { runScheduler, type DealogAgents, type DecisionObserver, type SchedulerOutcome, type StopReason } from './scheduler.js';
export { SharedLog, type EntryOrigin } from './shared-log.js';
export { Specialist, type ActDecision, type LogAgent, type TurnState } from './specialist.js';
export { SummarizingAgent } from './summarizing-agent.js';
export { TableAgent } from './table-agent.js';
export { dealogStopReason, logEntriesFromEvents } from './trace-log.js';
export { VerificationAgent } from './verification-agent.js';
export { verifyAnswer, type VerifyCheck, type VerifyInput, type VerifyOutcome } from './verify-answer.js';
export { VisualAgent } from './visual-agent.js';
