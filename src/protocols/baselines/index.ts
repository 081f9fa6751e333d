/** Baselines: single-agent chain-of-thought, the planner pipeline, the plan→log hybrid (docs/dealog.md), self-consistency and its compute-matched form (docs/protocols.md). */
export { answerInstruction, baselineAnswer } from './baseline-answer.js';
export { baselineParams } from './baseline-params.js';
export { callPlanner } from './call-planner.js';
export { cotProtocolFactory } from './cot-factory.js';
export { COT_ROLES, CotProtocol, cotParamsSchema } from './cot-protocol.js';
export { describeSources, PLAN_SPECIALISTS, PLANNER_ROLE, planMessages, readPlan, type PlanSpecialist, type PlanStep, type Replan } from './plan.js';
export { PlanLogProtocol } from './plan-log-protocol.js';
export { PLANNER_ROLES, planLogProtocolFactory, plannerProtocolFactory } from './planner-factories.js';
export { PlannerProtocol, plannerParamsSchema, type PlannerOptions, type PlannerParams } from './planner-protocol.js';
export { renderQuestionContext } from '../render-question.js';
export { computeMatchSchema, matchedSamples, measuredPerUnit, plannedCalls, type ComputeMatch, type MatchedSamples } from './compute-match.js';
export { scMatchedProtocolFactory, selfConsistencyProtocolFactory } from './self-consistency-factories.js';
export { DEFAULT_SAMPLES, DEFAULT_SAMPLE_TEMPERATURE, SELF_CONSISTENCY_ROLES, SelfConsistencyProtocol, sampleName, selfConsistencyParamsSchema, type SelfConsistencyParams } from './self-consistency-protocol.js';
export { selfConsistencyOverrideFields } from './self-consistency-overrides.js';
export { ensembleRefinementProtocolFactory } from './ensemble-refinement-factory.js';
export { DEFAULT_REASONING_SAMPLES, DEFAULT_REFINEMENTS, EnsembleRefinementProtocol, ensembleRefinementParamsSchema, refinementName, refinementMessages, type EnsembleRefinementParams } from './ensemble-refinement-protocol.js';
