import { z } from 'zod';
import { runConfigSchema } from '../spec/run-config.js';
import { TRACE_VERSION, traceEventSchema } from '../spec/trace.js';
import { unitSummarySchema } from './unit-summary-schema.js';

/**
 * One line of a JSONL trace file: one finished unit with its run, the
 * same data the store holds (docs/trace-format.md, "JSONL export").
 */
export const jsonlLineSchema = z
  .object({
    traceVersion: z.literal(TRACE_VERSION),
    run: z.object({
      id: z.string().min(1),
      createdAt: z.string().min(1),
      status: z.enum(['running', 'done', 'interrupted']),
      config: runConfigSchema,
    }),
    unit: z.object({
      questionId: z.string().min(1),
      protocol: z.string().min(1),
      seed: z.number().int().nonnegative(),
      // Only finished units are exported: a pending unit has nothing to carry.
      status: z.enum(['done', 'failed']),
      summary: unitSummarySchema,
      finishedAt: z.string().min(1),
    }),
    events: z.array(traceEventSchema),
    /**
     * The unit's earlier failed attempts, oldest first, when it failed and
     * ran again (absent otherwise): history, not part of its result.
     */
    earlierFailures: z
      .array(z.object({ attempt: z.number().int().positive(), finishedAt: z.string().min(1), summary: unitSummarySchema, events: z.array(traceEventSchema) }))
      .optional(),
  })
  .superRefine((line, context) => {
    line.events.forEach((event, index) => {
      if (event.seq !== index) {
        context.addIssue({ code: 'custom', path: ['events', index, 'seq'], message: `expected ${index}: seq is the event's position in the unit` });
      }
    });
  });

/** One unit of a JSONL trace file, as validated. */
export type JsonlLine = z.infer<typeof jsonlLineSchema>;
