import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseJsonlRecords } from '../datasets/jsonl-records.js';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import { describeZodIssue } from '../store/zod-issue.js';
import { foreignTraceV2Schema, fromForeignTraceV2 } from './foreign-trace-v2.js';
import { importedAnswer, type ImportedTrace, type ImportedTraceEntry } from './imported-trace.js';

/**
 * Foreign traces: debates recorded by other systems, audited without any
 * chat backend. One JSON object per line, one (question, protocol, seed)
 * per line; the format is documented with an example in docs/metrics.md
 * ("Foreign traces"). Field names are exact (unknown fields are refused,
 * so a misspelt `scoring_points` cannot silently drop CARA-GT); anything
 * else a system wants to keep goes in `meta` (accepted, not stored).
 * Spelling follows quorum's generic dataset format (snake_case).
 */

const answerSchema = z.union([z.string(), z.number()]).nullable();

const stepSchema = z.union([
  z.string().trim().min(1, 'a step must not be blank'),
  z.strictObject({ claim: z.string().trim().min(1, 'a claim must not be blank'), ground: z.string().optional() }),
]);

const agentSchema = z
  .strictObject({
    /** Agent name, unique within the line. */
    name: z.string().trim().min(1),
    /** Final answer; null (or "") when the agent gave none that parses. */
    answer: answerSchema,
    /** Final-round rationale as free text (segmented into steps like quorum's own free-format turns). */
    rationale: z.string().optional(),
    /** Final-round reasoning steps, kept as given: text, or GDP-style `{claim, ground}`. */
    steps: z.array(stepSchema).optional(),
    /** Answers of the agent's earlier rounds, oldest first, without the final one (FM4 reads them). */
    history: z.array(answerSchema).optional(),
  })
  .refine((agent) => agent.rationale === undefined || agent.steps === undefined, { message: 'give either "rationale" or "steps", not both' });

/** One line of a foreign-trace file. */
export const foreignTraceSchema = z
  .strictObject({
    question_id: z.string().trim().min(1),
    /** Question text, shown by the viewer; optional. */
    question: z.string().optional(),
    /** Gold answer (letter, number or text); null or absent when there is none. */
    gold: answerSchema.optional(),
    /** quorum's dataset name (`wtq`, `tatqa`, …): the trace is scored with that dataset's scorer; default: the `question_id` prefix, else a generic scorer by the gold's kind. */
    dataset: z.string().trim().min(1).optional(),
    /** Protocol that produced the trace (default `foreign`): the audit reports per protocol. */
    protocol: z.string().trim().min(1).optional(),
    /** Seed or repeat index (default 0). */
    seed: z.number().int().nonnegative().optional(),
    /** The system's aggregated answer; when absent, the majority of final answers (ties drawn with a seed). */
    aggregated: answerSchema.optional(),
    /** Expert scoring points for CARA-GT. */
    scoring_points: z.array(z.string().trim().min(1)).optional(),
    agents: z.array(agentSchema).min(1),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((trace, context) => {
    const seen = new Set<string>();
    trace.agents.forEach((agent, index) => {
      if (seen.has(agent.name)) context.addIssue({ code: 'custom', path: ['agents', index, 'name'], message: `agent name "${agent.name}" appears twice` });
      seen.add(agent.name);
    });
  });

export type ForeignTrace = z.infer<typeof foreignTraceSchema>;
export type ForeignAgent = ForeignTrace['agents'][number];

/** An answer as quorum stores it: trimmed text, null when absent or blank. */
export const foreignAnswer = importedAnswer;

/** A v1 line as an imported trace: `history` gives the earlier rounds' answers (no text), the final round its rationale or steps. */
export function fromForeignTraceV1(trace: ForeignTrace): ImportedTrace {
  return {
    questionId: trace.question_id,
    ...(trace.question === undefined ? {} : { question: trace.question }),
    ...(trace.gold === undefined ? {} : { gold: trace.gold }),
    ...(trace.dataset === undefined ? {} : { dataset: trace.dataset }),
    protocol: trace.protocol ?? 'foreign',
    seed: trace.seed ?? 0,
    ...(trace.aggregated === undefined ? {} : { aggregated: trace.aggregated }),
    ...(trace.scoring_points === undefined ? {} : { scoringPoints: trace.scoring_points }),
    ...(trace.meta === undefined ? {} : { meta: trace.meta }),
    agents: trace.agents.map((agent) => {
      const steps = agent.steps?.map((step) => (typeof step === 'string' ? { claim: step, ground: '' } : { claim: step.claim, ground: step.ground ?? '' }));
      const rationale = agent.rationale ?? steps?.map((step) => (step.ground === '' ? step.claim : `${step.claim} — ${step.ground}`)).join('\n') ?? '';
      return {
        name: agent.name,
        rounds: [...(agent.history ?? []).map((answer) => ({ answer: importedAnswer(answer), rationale: '' })), { answer: importedAnswer(agent.answer), rationale, ...(steps === undefined ? {} : { steps }) }],
      };
    }),
  };
}

/**
 * Reads and validates a foreign-trace file, v1 and v2 lines alike (a v2
 * line says `"version": 2`). Errors are `DatasetFormatError`s
 * naming the file, line and field; a unit key (question, protocol, seed)
 * may appear once. Returns the file's text too, whose hash names the
 * imported run.
 */
export async function readForeignTraces(file: string): Promise<{ text: string; lines: ImportedTraceEntry[] }> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`traces file not found: ${file}`, 'pass a stored run id or the path of a foreign-trace .jsonl file');
    throw new ConfigError(`cannot read traces file ${file}: ${(error as Error).message}`);
  }
  const lines: ImportedTraceEntry[] = [];
  const keys = new Map<string, number>();
  for (const record of parseJsonlRecords(file, text)) {
    if ('traceVersion' in record.value && 'events' in record.value) {
      throw new DatasetFormatError(file, record.line, undefined, 'this is a quorum trace export, not a foreign-trace file', 'import it with `quorum import <file>`, then audit the run id it prints');
    }
    const v2 = 'version' in record.value;
    const parsed = v2 ? foreignTraceV2Schema.safeParse(record.value) : foreignTraceSchema.safeParse(record.value);
    if (!parsed.success) {
      const issue = describeZodIssue(parsed.error);
      throw new DatasetFormatError(file, record.line, issue.field, issue.message, `see docs/metrics.md, "Foreign traces", for the ${v2 ? 'v2' : 'v1'} format`);
    }
    const trace = v2 ? fromForeignTraceV2(parsed.data as z.infer<typeof foreignTraceV2Schema>) : fromForeignTraceV1(parsed.data as ForeignTrace);
    const key = JSON.stringify([trace.questionId, trace.protocol, trace.seed]);
    const previous = keys.get(key);
    if (previous !== undefined) {
      throw new DatasetFormatError(file, record.line, 'question_id', `question "${trace.questionId}" with this protocol and seed already appears on line ${previous}`, 'give repeats different "seed" values');
    }
    keys.set(key, record.line);
    lines.push({ line: record.line, trace });
  }
  if (lines.length === 0) throw new ConfigError(`traces file ${file} holds no traces`, 'see docs/metrics.md, "Foreign traces", for the format');
  return { text, lines };
}
