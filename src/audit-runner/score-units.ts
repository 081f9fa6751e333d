import { agreementSet, requireRationale } from '../metrics/cara/agreement-set.js';
import type { ContradictionProbability } from '../metrics/cara/directional-alignment.js';
import { groundTruthGeometry, groundTruthNliPairs, scoreGroundTruth, type GroundTruthGeometry } from '../metrics/cara/ground-truth-alignment.js';
import { pairGeometry, pairNliPairs, scorePair, type AgentSteps, type PairGeometry } from '../metrics/cara/pair-alignment.js';
import { caraGt, questionAlignment } from '../metrics/cara/question-alignment.js';
import { movedAnswer } from '../metrics/failure-modes/own-steps.js';
import { isVagueStep } from '../metrics/failure-modes/vague-step.js';
import type { AgentAudit, AuditQuestionResult, AuditSettings } from '../spec/audit-result.js';
import type { AuditProgress, EmbeddingCache } from './embedding-cache.js';
import type { NliCache } from './nli-cache.js';
import type { UnitAuditInput } from './unit-audit-input.js';

/** Providers (behind their caches) and settings of a scoring pass. */
export interface ScoreUnitsOptions {
  embeddings: EmbeddingCache;
  nli: NliCache;
  settings: AuditSettings;
  progress?: AuditProgress;
}

/** Label of the scoring points when they stand in for an agent. */
const SCORING_POINTS = 'scoring points';

interface PreparedUnit {
  input: UnitAuditInput;
  agents: AgentAudit[];
  members: AgentAudit[];
  eligible: boolean;
  reasons: AuditQuestionResult['reasons'];
  pairs: PairGeometry[];
  groundTruth: GroundTruthGeometry[];
}

/**
 * CARA-HYB, SIM, contradiction rate and CARA-GT of every unit (DESIGN §6),
 * in three passes over the whole input so that each model is called in a
 * few large batches: (1) embed every distinct step of every agreement set
 * and every scoring point; (2) one cosine matrix per agent pair, best
 * matches, and the NLI pairs they need; (3) classify those pairs, then
 * score. Failure modes are labelled afterwards (`labelFailureModes`).
 */
export async function scoreUnits(inputs: readonly UnitAuditInput[], options: ScoreUnitsOptions): Promise<AuditQuestionResult[]> {
  const { embeddings, nli, settings } = options;
  const prepared = inputs.map(prepare);
  for (const unit of prepared) {
    if (!unit.eligible) continue;
    for (const member of unit.members) embeddings.add(member.steps);
    if (unit.input.scoringPoints !== null) embeddings.add(unit.input.scoringPoints);
  }
  await embeddings.resolve(options.progress);

  const withVectors = (name: string, steps: readonly string[]): AgentSteps => ({ name, steps, vectors: steps.map((step) => embeddings.vector(step)) });
  for (const unit of prepared) {
    if (!unit.eligible) continue;
    const members = unit.members.map((member) => withVectors(member.name, member.steps));
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const geometry = pairGeometry(members[i]!, members[j]!);
        unit.pairs.push(geometry);
        nli.request(pairNliPairs(geometry));
      }
    }
    if (unit.input.scoringPoints !== null) {
      const points = withVectors(SCORING_POINTS, unit.input.scoringPoints);
      for (const member of members) {
        const geometry = groundTruthGeometry(points, member);
        unit.groundTruth.push(geometry);
        nli.request(groundTruthNliPairs(geometry));
      }
    }
  }
  await nli.resolve(options.progress);

  const contradiction: ContradictionProbability = (premise, hypothesis) => nli.contradiction(premise, hypothesis);
  return prepared.map((unit) => score(unit, contradiction, settings.tau));
}

function prepare(input: UnitAuditInput): PreparedUnit {
  const steps = new Map(input.agents.map((agent) => [agent.name, agent.steps.length]));
  const set = requireRationale(
    agreementSet(
      input.agents.map((agent) => ({ agent: agent.name, answer: agent.answer })),
      input.aggregated,
      input.agreement,
    ),
    (agent) => steps.get(agent) ?? 0,
  );
  const agents = input.agents.map(
    (agent): AgentAudit => ({
      name: agent.name,
      answer: agent.answer,
      answers: agent.answers,
      inAgreementSet: set.members.includes(agent.name),
      steps: agent.steps,
      ownSteps: agent.ownSteps,
      moved: movedAnswer(agent.answers),
    }),
  );
  const members = agents.filter((agent) => agent.inAgreementSet);
  return { input, agents, members, eligible: set.eligible, reasons: set.reasons, pairs: [], groundTruth: [] };
}

function score(unit: PreparedUnit, contradiction: ContradictionProbability, tau: number): AuditQuestionResult {
  const { input } = unit;
  const memberSteps = unit.members.flatMap((member) => member.steps);
  const base: AuditQuestionResult = {
    unitId: input.unitId,
    questionId: input.questionId,
    protocol: input.protocol,
    seed: input.seed,
    eligible: unit.eligible,
    reasons: unit.reasons,
    agreementSet: unit.members.map((member) => member.name),
    caraHyb: null,
    sim: null,
    contradictionRate: null,
    caraGt: null,
    failureMode: null,
    details: {
      aggregated: input.aggregated,
      gold: input.gold,
      correct: input.correct,
      agents: unit.agents,
      pairs: [],
      scoringPoints: input.scoringPoints,
      groundTruth: [],
      bestMatchPairs: 0,
      flaggedPairs: 0,
      vagueSteps: memberSteps.filter(isVagueStep).length,
      agreementSetSteps: memberSteps.length,
      lowCara: false,
      failureModes: [],
    },
  };
  if (!unit.eligible) return base;
  const pairs = unit.pairs.map((geometry) => scorePair(geometry, contradiction, tau));
  const alignment = questionAlignment(pairs);
  const groundTruth = unit.groundTruth.map((geometry) => scoreGroundTruth(geometry, contradiction, tau));
  return {
    ...base,
    caraHyb: alignment.caraHyb,
    sim: alignment.sim,
    contradictionRate: alignment.contradictionRate,
    caraGt: caraGt(groundTruth),
    details: { ...base.details, pairs, groundTruth, bestMatchPairs: alignment.bestMatchPairs, flaggedPairs: alignment.flaggedPairs },
  };
}
