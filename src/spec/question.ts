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
export function optionLetters(question: Pick<Question, 'options'>): string[] {
  return question.options === undefined ? [] : Object.keys(question.options);
}

/** What kind of answer a question expects and how long it should be: all a protocol may know of the gold. */
export interface AnswerSpec {
  /** The gold's kind: `choice` (an option letter), `number`, `text`, or `none` (open question). */
  kind: Gold['kind'];
  /** `sentence` when the dataset's answers are full sentences (FeTaQA), else `short`. */
  form: 'short' | 'sentence';
}

/**
 * A question as a protocol sees it: the prompt, options and context, and
 * the kind of answer expected — never the gold, the expert scoring points
 * or the source metadata (which carry the answer in several datasets).
 */
export interface PosedQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly options?: Readonly<Record<string, string>>;
  readonly context?: Question['context'];
  readonly answer: AnswerSpec;
}

/** The question without its gold, for a protocol (see `PosedQuestion`). */
export function poseQuestion(question: Question): PosedQuestion {
  const form = question.meta?.['answerForm'] === 'sentence' ? 'sentence' : 'short';
  return {
    id: question.id,
    prompt: question.prompt,
    ...(question.options === undefined ? {} : { options: question.options }),
    ...(question.context === undefined ? {} : { context: question.context }),
    answer: { kind: question.gold.kind, form },
  };
}

/** A question with or without its gold: what answer readers and prompt builders accept. */
export type QuestionLike = PosedQuestion | Question;

/** The expected answer's kind and form, from a posed question or from a full one's gold. */
export function answerSpecOf(question: QuestionLike): AnswerSpec {
  return 'answer' in question ? question.answer : poseQuestion(question).answer;
}
