import { z } from 'zod';
import { DatasetFormatError } from '../../spec/errors.js';
import { describeZodIssue } from '../../store/zod-issue.js';
import type { ImportedTraceEntry } from '../imported-trace.js';
import { mallmTrace, type MallmSample } from './mallm-output.js';

const HINT =
  'an early MALLM output file (before its April 2024 memory redesign) is a JSON list of examples with "input", "personas" (name → description), "references" and "global_memory" (message id → {turn, agent_id, persona, text, …})';

// Only the fields read here are checked; the rest (prompt_args, agreements, time, agent_memory) pass through.
const legacyMemorySchema = z.looseObject({
  turn: z.number().int().min(1),
  agent_id: z.union([z.number().int(), z.string().min(1)]),
  persona: z.string().nullable().optional(),
  text: z.string(),
  extracted_draft: z.string().nullable().optional(),
  memory_ids: z.array(z.number().int()).optional(),
});

const legacySampleSchema = z.looseObject({
  input: z.string().min(1),
  context: z.string().nullable().optional(),
  paradigm: z.string().nullable().optional(),
  answer: z.string().nullable().optional(),
  // One reference as a string, or a list of them (both occur in the published files).
  references: z.union([z.string(), z.array(z.string())], { error: 'expected a reference (a string) or a list of references' }),
  personas: z.record(z.string(), z.string()).optional(),
  global_memory: z.record(z.string().regex(/^\d+$/, 'expected message ids (digits) as keys'), legacyMemorySchema).refine((memory) => Object.keys(memory).length > 0, 'the discussion has no messages'),
});

/** True when a parsed JSON value looks like early MALLM output: a list of objects with `input` and a `global_memory` object. */
export function isMallmLegacyOutput(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((sample) => typeof sample === 'object' && sample !== null && 'input' in sample && 'global_memory' in sample && !Array.isArray((sample as { global_memory: unknown }).global_memory))
  );
}

/**
 * Reads the output layout that MALLM (`Multi-Agent-LLMs/mallm`) wrote and
 * published in its repository before the memory redesign of April 2024
 * (`experiments/out/…`): one object per example, `global_memory` keyed by
 * message id, agents as numeric ids, personas as a name → description
 * object, no example id. Each example is mapped onto the current layout and
 * read by the same rules (`readMallmOutput`): the example's id is its
 * position ("1", "2", …), the question is the context (when there is one)
 * and the input, a turn's answer is parsed from its extracted draft, else
 * its text ("None" drafts parse to nothing).
 */
export function readMallmLegacyOutput(file: string, value: unknown): ImportedTraceEntry[] {
  if (!Array.isArray(value)) throw new DatasetFormatError(file, undefined, undefined, 'expected a JSON list of examples', HINT);
  if (value.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'the output holds no examples', HINT);
  return value.map((raw, index) => {
    const parsed = legacySampleSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = describeZodIssue(parsed.error);
      throw new DatasetFormatError(file, undefined, `example ${index + 1}${issue.field === undefined ? '' : `.${issue.field}`}`, issue.message, HINT);
    }
    return { line: undefined, trace: mallmTrace(currentLayout(parsed.data, index), 0) };
  });
}

function currentLayout(legacy: z.infer<typeof legacySampleSchema>, index: number): MallmSample {
  const memories = Object.entries(legacy.global_memory)
    .map(([id, memory]) => ({ id: Number(id), memory }))
    .sort((a, b) => a.id - b.id);
  const idOfPersona = new Map<string, string>();
  for (const { memory } of memories) if (memory.persona !== null && memory.persona !== undefined && !idOfPersona.has(memory.persona)) idOfPersona.set(memory.persona, String(memory.agent_id));
  const personas = Object.entries(legacy.personas ?? {}).flatMap(([name, description]) => {
    const agentId = idOfPersona.get(name);
    return agentId === undefined ? [] : [{ agentId, persona: name, personaDescription: description }];
  });
  return {
    exampleId: String(index + 1),
    paradigm: legacy.paradigm ?? null,
    input: [legacy.context, legacy.input].filter((part): part is string => typeof part === 'string' && part.trim() !== ''),
    references: typeof legacy.references === 'string' ? [legacy.references] : legacy.references,
    finalAnswer: legacy.answer ?? null,
    personas,
    globalMemory: memories.map(({ id, memory }) => ({
      message_id: id,
      turn: memory.turn,
      agent_id: String(memory.agent_id),
      persona: memory.persona ?? null,
      message: memory.text,
      solution: memory.extracted_draft === 'None' ? null : (memory.extracted_draft ?? null),
      memory_ids: memory.memory_ids ?? [],
    })),
  };
}
