import type { QuestionLike } from '../../spec/question.js';
import { renderTable } from '../../tools/tables/render-table.js';

/**
 * A question's whole context as prompt text: passages (titled), tables as
 * pipe tables with row indices (`renderTable`), images by caption (the
 * baselines read no pixels). Empty when the question has no context.
 */
export function renderContext(question: QuestionLike): string {
  const context = question.context;
  if (context === undefined) return '';
  const parts = [
    ...(context.passages ?? []).map((passage) => `Passage "${passage.id}"${passage.title === undefined ? '' : ` (${passage.title})`}:\n${passage.text}`),
    ...(context.tables ?? []).map((table) => renderTable(table)),
    ...(context.images ?? []).map((image) => `Image "${image.id}"${image.caption === undefined ? ' (no caption)' : `: ${image.caption}`}`),
  ];
  return parts.join('\n\n');
}
