import type { ImageRef, Passage, QuestionLike } from '../spec/question.js';
import { renderTable } from '../tools/tables/render-table.js';

/** A passage as every protocol shows it: its id and title, then its text. */
export function renderPassage(passage: Passage): string {
  return `Passage "${passage.id}"${passage.title === undefined ? '' : ` (${passage.title})`}:\n${passage.text}`;
}

/** An image as a text-only prompt shows it: by id and caption (no pixels). */
export function renderImageCaption(image: ImageRef): string {
  return `Image "${image.id}"${image.caption === undefined ? ' (no caption)' : `: ${image.caption}`}`;
}

/**
 * A question's whole context as prompt text, the one rendering every
 * protocol shows: passages (titled), tables as pipe tables with row indices
 * (`renderTable`), images by caption. Blocks are separated by a blank line;
 * empty when the question has no context.
 */
export function renderQuestionContext(question: QuestionLike): string {
  const context = question.context;
  if (context === undefined) return '';
  return [...(context.passages ?? []).map(renderPassage), ...(context.tables ?? []).map((table) => renderTable(table)), ...(context.images ?? []).map(renderImageCaption)].join('\n\n');
}

/** The options of a multiple-choice question, one `A. text` line each (empty without options). */
export function renderOptions(question: QuestionLike): string {
  return Object.entries(question.options ?? {})
    .map(([letter, text]) => `${letter}. ${text}`)
    .join('\n');
}

/**
 * The question block of quorum's own prompts (debate agents, judge, ballots,
 * moderator, summarizer, ensemble refinement): the stem, the options, then
 * the context as `renderQuestionContext` renders it.
 */
export function renderQuestion(question: QuestionLike): string {
  const parts = [`Question: ${question.prompt}`];
  if (question.options !== undefined) parts.push(`Options:\n${renderOptions(question)}`);
  const context = renderQuestionContext(question);
  if (context !== '') parts.push(context);
  return parts.join('\n\n');
}
