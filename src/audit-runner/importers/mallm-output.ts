import { z } from 'zod';
import { parseAnswer } from '../../parsing/parse-answer.js';
import { DatasetFormatError } from '../../spec/errors.js';
import type { Question } from '../../spec/question.js';
import type { TurnRef } from '../../spec/trace.js';
import { describeZodIssue } from '../../store/zod-issue.js';
import { importedAnswer, type ImportedAgent, type ImportedRound, type ImportedTraceEntry } from '../imported-trace.js';
import { agentNames } from './agent-names.js';
import { mcqOptions, referenceGold } from './reference-gold.js';

const HINT = "a MALLM output file is the JSON list its scheduler writes: one object per example with \"exampleId\", \"input\", \"references\", \"personas\" and \"globalMemory\"";

// Only the fields read here are checked; MALLM writes many more (votes, judgements, timings), which pass through.
const memorySchema = z.looseObject({
  message_id: z.number().int(),
  turn: z.number().int().min(1),
  agent_id: z.string(),
  persona: z.string().nullable().optional(),
  message: z.string(),
  solution: z.string().nullable().optional(),
  memory_ids: z.array(z.number().int()).optional(),
});

const sampleSchema = z.looseObject({
  exampleId: z.string().min(1),
  dataset: z.string().nullable().optional(),
  paradigm: z.string().nullable().optional(),
  input: z.array(z.string()).min(1),
  references: z.array(z.string()),
  finalAnswer: z.string().nullable().optional(),
  personas: z.array(z.looseObject({ agentId: z.string(), model: z.string().nullable().optional(), persona: z.string().nullable().optional(), personaDescription: z.string().nullable().optional() })).optional(),
  globalMemory: z.array(memorySchema).min(1, 'the discussion has no messages'),
});

/** One example of MALLM's current output layout, as this importer reads it. */
export type MallmSample = z.infer<typeof sampleSchema>;

/** True when a parsed JSON value looks like MALLM's output: a list of objects with `exampleId` and `globalMemory`. */
export function isMallmOutput(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((sample) => typeof sample === 'object' && sample !== null && 'exampleId' in sample && 'globalMemory' in sample);
}

/**
 * Reads the output JSON of MALLM's scheduler (`Multi-Agent-LLMs/mallm`,
 * `scheduler.py`: a list of per-example objects) as imported traces. Each
 * agent's round r is its message in discussion turn r + 1 (the last when it
 * spoke more than once; a turn it skipped is a round with no answer); its
 * answer is parsed by quorum's parsers from the turn's `solution` (else its
 * `message`), options read from the input's "A) …" lines; the turns it read
 * are the agents of the memories its `memory_ids` name. Agent names are the
 * personas, made unique; an empty persona falls back to
 * "Agent " and the id's first four characters, as MALLM's own log shows it.
 */
export function readMallmOutput(file: string, value: unknown): ImportedTraceEntry[] {
  if (!Array.isArray(value)) throw new DatasetFormatError(file, undefined, undefined, 'expected a JSON list of examples', HINT);
  if (value.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'the output holds no examples', HINT);
  const seeds = new Map<string, number>();
  return value.map((raw, index) => {
    const parsed = sampleSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = describeZodIssue(parsed.error);
      const id = typeof raw === 'object' && raw !== null && typeof (raw as { exampleId?: unknown }).exampleId === 'string' ? ` ("${(raw as { exampleId: string }).exampleId}")` : '';
      throw new DatasetFormatError(file, undefined, `example ${index + 1}${id}${issue.field === undefined ? '' : `.${issue.field}`}`, issue.message, HINT);
    }
    const seed = seeds.get(parsed.data.exampleId) ?? 0;
    seeds.set(parsed.data.exampleId, seed + 1);
    return { line: undefined, trace: mallmTrace(parsed.data, seed) };
  });
}

/** One MALLM example as an imported trace (`seed`: how many earlier examples had the same id). */
export function mallmTrace(sample: MallmSample, seed: number): ImportedTraceEntry['trace'] {
  const input = sample.input.join('\n\n');
  const options = mcqOptions(input);
  const question: Question = { id: sample.exampleId, prompt: input, gold: referenceGold(sample.references[0], options), ...(options === undefined ? {} : { options }) };
  const parse = (text: string | null | undefined): string | null => {
    if (text === null || text === undefined || text.trim() === '') return null;
    const answer = parseAnswer(text, question);
    return answer.status === 'ok' ? importedAnswer(answer.value) : null;
  };
  const order = [...new Set([...(sample.personas ?? []).map((persona) => persona.agentId), ...sample.globalMemory.map((memory) => memory.agent_id)])];
  const personaOf = new Map((sample.personas ?? []).map((persona) => [persona.agentId, persona]));
  const names = agentNames(order.map((id) => personaOf.get(id)?.persona ?? sample.globalMemory.find((memory) => memory.agent_id === id)?.persona ?? ''), order.map((id) => `Agent ${id.slice(0, 4)}`));
  const nameOf = new Map(order.map((id, index) => [id, names[index]!]));
  const byMessage = new Map(sample.globalMemory.map((memory) => [memory.message_id, memory]));
  const turns = Math.max(...sample.globalMemory.map((memory) => memory.turn));
  const agents: ImportedAgent[] = order
    .filter((id) => sample.globalMemory.some((memory) => memory.agent_id === id))
    .map((id) => {
      const rounds: ImportedRound[] = [];
      for (let turn = 1; turn <= turns; turn++) {
        const memory = sample.globalMemory.filter((entry) => entry.agent_id === id && entry.turn === turn).at(-1);
        if (memory === undefined) {
          rounds.push({ answer: null, rationale: '' });
          continue;
        }
        const saw: TurnRef[] = [];
        for (const seen of memory.memory_ids ?? []) {
          const other = byMessage.get(seen);
          if (other !== undefined && other.agent_id !== id) saw.push({ agent: nameOf.get(other.agent_id)!, round: other.turn - 1 });
        }
        rounds.push({ answer: parse(memory.solution) ?? parse(memory.message), rationale: memory.message, saw });
      }
      const persona = personaOf.get(id);
      return {
        name: nameOf.get(id)!,
        ...(persona?.model === undefined || persona.model === null ? {} : { model: persona.model }),
        ...(persona?.personaDescription === undefined || persona.personaDescription === null ? {} : { persona: persona.personaDescription }),
        rounds,
      };
    });
  return {
    questionId: sample.exampleId,
    question: input,
    ...(options === undefined ? {} : { options }),
    gold: question.gold.kind === 'none' ? null : question.gold.value,
    protocol: sample.paradigm ?? 'mallm',
    seed,
    aggregated: parse(sample.finalAnswer),
    ...(sample.dataset === undefined || sample.dataset === null ? {} : { meta: { dataset: sample.dataset } }),
    agents,
  };
}
