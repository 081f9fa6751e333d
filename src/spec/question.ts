import { z } from 'zod';

/** A table of context: a header row plus data rows, all cells as text. */
export const tableSchema = z.object({
  /** Identifier unique within the question (file name, `table`, `table-2`). */
  id: z.string(),
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  caption: z.string().optional(),
});
export type Table = z.infer<typeof tableSchema>;

/** A text passage of context. */
export const passageSchema = z.object({
  id: z.string(),
  text: z.string(),
  title: z.string().optional(),
});
export type Passage = z.infer<typeof passageSchema>;

/** An image of context, by path (relative to the dataset file) or data URL. */
export const imageSchema = z.object({
  id: z.string(),
  path: z.string(),
  caption: z.string().optional(),
});
export type ImageRef = z.infer<typeof imageSchema>;

/** What kind of answer a question expects, and the gold answer. */
export const goldSchema = z.discriminatedUnion('kind', [
  /** Multiple choice: the gold option letter. */
  z.object({ kind: z.literal('choice'), value: z.string() }),
  /** A number, with optional absolute or relative tolerance. */
  z.object({ kind: z.literal('number'), value: z.number(), tolerance: z.number().optional() }),
  /** Free text, compared after normalisation or by overlap metrics. */
  z.object({ kind: z.literal('text'), value: z.string(), aliases: z.array(z.string()).optional() }),
  /** Open question with no single gold (scored by scoring points). */
  z.object({ kind: z.literal('none') }),
]);
export type Gold = z.infer<typeof goldSchema>;

/** One dataset item. */
export const questionSchema = z.object({
  /** Stable identifier within the dataset; used in unit keys and seeds. */
  id: z.string().min(1),
  /** The question text shown to agents. */
  prompt: z.string().min(1),
  /** Options of a multiple-choice question, keyed by letter (A, B, …). */
  options: z.record(z.string(), z.string()).optional(),
  gold: goldSchema,
  context: z
    .object({
      passages: z.array(passageSchema).optional(),
      tables: z.array(tableSchema).optional(),
      images: z.array(imageSchema).optional(),
    })
    .optional(),
  /** Expert scoring points (rubric) for CARA-GT. */
  scoringPoints: z.array(z.string()).optional(),
  /** Anything else the source carried (split, difficulty, source line). */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** The option letters of a question in order, or an empty list. */
export function optionLetters(question: Question): string[] {
  return question.options === undefined ? [] : Object.keys(question.options);
}
