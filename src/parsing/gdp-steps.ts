import { gdpStepSchema, type GdpStep, type ParsedAnswer, type ParsedTurn } from '../spec/answer.js';
import { type QuestionLike, answerSpecOf } from '../spec/question.js';
import { freeRationale } from './free-turn.js';
import { parseGdpTextSteps } from './gdp-text-steps.js';
import { parseJsonObject } from './json-answer-field.js';
import { canonicalNumber } from './numeric-answer.js';
import { parseAnswer } from './parse-answer.js';
import { resolvePeer } from './peer-name.js';
import { stripMarkup, visibleReply } from './reply-text.js';
import { parseStanceText } from './stance-text.js';

export { gdpResponseSchema, GDP_LIMITS, STANCE_TYPES, type GdpSchemaOptions } from './gdp-response-schema.js';

/** Who the agent may address in a GDP turn. */
export interface GdpParseOptions {
  /** Names of the agent's peers (stances toward other names are reported). */
  peers: readonly string[];
}

/**
 * Parses a GDP turn. The structured reply (`json`, or the reply text when it
 * is a JSON object) is used when it has at least one valid step; otherwise
 * CLAIM / GROUND / STANCE blocks are read from the text (`source: text`);
 * with no step at all the turn is `failed` and its rationale is the text
 * without answer lines. Warnings name DISAGREE stances without a
 * counter-ground, stances toward unknown peers, and anything dropped.
 * The rationale is one `CLAIM — GROUND` line per step.
 */
export function parseGdpTurn(text: string, json: unknown, question: QuestionLike, options: GdpParseOptions): ParsedTurn {
  const warnings: string[] = [];
  const visible = visibleReply(text);
  const structured = json ?? parseJsonObject(visible);
  if (structured !== undefined) {
    const fromJson = stepsFromJson(structured, options.peers, warnings);
    if (fromJson !== undefined && fromJson.steps.length > 0) {
      const steps = checkStances(fromJson.steps, options.peers, warnings);
      const answer = answerFromJson(fromJson.answer, question) ?? parseAnswer(text, question);
      return turn(answer, steps, 'json', warnings);
    }
  }

  const read = parseGdpTextSteps(stripMarkup(visible));
  warnings.push(...read.problems);
  const steps: GdpStep[] = read.steps.map((step, index) => {
    const result: GdpStep = { claim: step.claim, ground: step.ground };
    if (step.ground === '') warnings.push(`step ${index + 1}: CLAIM without GROUND`);
    if (step.stance !== undefined || step.counterGround !== undefined) {
      const stance = parseStanceText(step.stance ?? '', options.peers, step.counterGround);
      if ('problem' in stance) warnings.push(`step ${index + 1}: ${stance.problem}; stance ignored`);
      else result.stance = stance.stance;
    }
    return result;
  });
  const answer = parseAnswer(text, question);
  if (steps.length === 0) {
    warnings.push('no CLAIM/GROUND steps found');
    return { answer, rationale: freeRationale(text), source: 'failed', warnings };
  }
  return turn(answer, checkStances(steps, options.peers, warnings), 'text', warnings);
}

function turn(answer: ParsedAnswer, steps: GdpStep[], source: 'json' | 'text', warnings: string[]): ParsedTurn {
  const rationale = steps.map((step) => (step.ground === '' ? step.claim : `${step.claim} — ${step.ground}`)).join('\n');
  const parsed: ParsedTurn = { answer, rationale, steps, source };
  if (warnings.length > 0) parsed.warnings = warnings;
  return parsed;
}

/** Canonical peer names; warnings for unknown peers and for DISAGREE without counter-ground. */
function checkStances(steps: GdpStep[], peers: readonly string[], warnings: string[]): GdpStep[] {
  return steps.map((step, index) => {
    if (step.stance === undefined) return step;
    const stance = { ...step.stance };
    const known = resolvePeer(stance.peer, peers);
    if (known !== undefined) stance.peer = known;
    else warnings.push(`step ${index + 1}: stance toward unknown peer "${stance.peer}" (peers: ${peers.length > 0 ? peers.join(', ') : 'none'})`);
    if (stance.type === 'DISAGREE' && (stance.counterGround === undefined || stance.counterGround.trim() === '')) {
      warnings.push(`step ${index + 1}: DISAGREE with ${stance.peer} has no counter-ground`);
    }
    return { ...step, stance };
  });
}

/**
 * Steps and answer of a structured reply, after light normalisation (key
 * case and spelling, `null` for absent optional fields, stance type case).
 * Invalid steps are dropped with a warning naming the field.
 */
function stepsFromJson(value: unknown, peers: readonly string[], warnings: string[]): { steps: GdpStep[]; answer: unknown } | undefined {
  const object = asRecord(value);
  const rawSteps = object === undefined ? (Array.isArray(value) ? value : undefined) : field(object, 'steps');
  if (!Array.isArray(rawSteps)) {
    warnings.push('JSON reply has no "steps" array; read as text');
    return undefined;
  }
  const steps: GdpStep[] = [];
  rawSteps.forEach((raw, index) => {
    const normalised = normaliseStep(raw, peers, (problem) => warnings.push(`JSON steps[${index}].stance: ${problem}; stance ignored`));
    let result = gdpStepSchema.safeParse(normalised);
    // A malformed stance should not cost the step its claim and ground.
    if (!result.success && result.error.issues[0]?.path[0] === 'stance' && isRecord(normalised)) {
      warnings.push(`JSON ${fieldPath(index, result.error.issues[0].path)}: ${result.error.issues[0].message}; stance ignored`);
      const { stance: _ignored, ...withoutStance } = normalised;
      result = gdpStepSchema.safeParse(withoutStance);
    }
    if (result.success) {
      steps.push(result.data);
    } else {
      const issue = result.error.issues[0];
      warnings.push(`JSON ${fieldPath(index, issue?.path ?? [])}: ${issue?.message ?? 'invalid'}; step dropped`);
    }
  });
  if (steps.length === 0) warnings.push('JSON reply has no valid step; read as text');
  return { steps, answer: object === undefined ? undefined : field(object, 'answer') ?? field(object, 'final_answer') };
}

function fieldPath(index: number, path: readonly PropertyKey[]): string {
  return ['steps', index, ...path].map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').slice(1);
}

function normaliseStep(raw: unknown, peers: readonly string[], onStanceProblem: (problem: string) => void): unknown {
  const step = asRecord(raw);
  if (step === undefined) return raw;
  const result: Record<string, unknown> = { claim: field(step, 'claim'), ground: field(step, 'ground') };
  const stance = field(step, 'stance');
  const stanceObject = asRecord(stance);
  if (stanceObject !== undefined) {
    const type = field(stanceObject, 'type') ?? field(stanceObject, 'stance');
    const fields = dropNulls({
      peer: field(stanceObject, 'peer') ?? field(stanceObject, 'agent'),
      type: typeof type === 'string' ? type.trim().toUpperCase() : type,
      target: field(stanceObject, 'target'),
      counterGround: field(stanceObject, 'counterground') ?? field(stanceObject, 'counter_ground') ?? field(stanceObject, 'counter-ground'),
    });
    // An all-null (or blank) stance is how the schema says "no stance" (see gdpResponseSchema).
    if (Object.values(fields).some((value) => typeof value !== 'string' || value.trim() !== '')) result['stance'] = fields;
  } else if (typeof stance === 'string' && stance.trim() !== '') {
    const reading = parseStanceText(stance, peers);
    if ('problem' in reading) onStanceProblem(reading.problem);
    else result['stance'] = reading.stance;
  }
  return dropNulls(result);
}

function answerFromJson(value: unknown, question: QuestionLike): ParsedAnswer | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  // a JSON number is already a number: re-reading its text would misread exponents (4.9e+51 → 51)
  if (typeof value === 'number') {
    if (answerSpecOf(question).kind !== 'number' || !Number.isFinite(value)) return parseAnswerOrUndefined(String(value), question);
    return { status: 'ok', value: canonicalNumber(value), rule: 'json' };
  }
  const answer = parseAnswer(value, question);
  return answer.status === 'unparsed' ? undefined : { ...answer, rule: 'json' };
}

function parseAnswerOrUndefined(text: string, question: QuestionLike): ParsedAnswer | undefined {
  const answer = parseAnswer(text, question);
  return answer.status === 'unparsed' ? undefined : { ...answer, rule: 'json' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/** A field by case-insensitive name. */
function field(object: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : object[key];
}

function dropNulls(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined));
}
