import type { QuestionLike } from '../../spec/question.js';
import { directBm25 } from '../../tools/bm25/direct-bm25.js';
import { readProgram } from '../../tools/finqa-program/arithmetic-expression.js';
import { executeProgram } from '../../tools/finqa-program/execute-program.js';
import { renderTable } from '../../tools/tables/render-table.js';
import { selectRows } from '../../tools/tables/select-rows.js';
import { columnKey, resolveCell } from '../../tools/tables/table-cell.js';

/** A deterministic tool a ReWOO worker runs: input text in, evidence text out. */
export interface RewooTool {
  name: string;
  /** What the planner is told, in ReWOO's "Name[input]: description" list. */
  description: string;
  run(input: string, question: QuestionLike): string;
}

const ROWS_SHOWN = 5;

/**
 * The tools of quorum's ReWOO on table QA, built on DeALOG's grounding tools
 * (src/tools): BM25 row search and cell lookup over the question's tables,
 * BM25 passage search, and the FinQA program executor as calculator. ReWOO's
 * own tools (Wikipedia, Google, an LLM-driven calculator) do not apply to
 * table QA; its `LLM` tool is a model call and lives in the protocol.
 */
export const REWOO_TOOLS: readonly RewooTool[] = [
  {
    name: 'TableSearch',
    description: `Worker that returns the ${ROWS_SHOWN} table rows that best match the input words (with row indices and column names). Useful to find which rows hold the facts you need.`,
    run: (input, question) => {
      const tables = question.context?.tables ?? [];
      if (tables.length === 0) return 'No evidence found: the question has no table.';
      return tables.map((table) => renderTable(table, { rows: selectRows(table, input, ROWS_SHOWN) })).join('\n\n');
    },
  },
  {
    name: 'TableLookup',
    description: 'Worker that returns one table cell. Input: the row label (the first cell of the row) or the row index, a comma, then the column name, e.g. "revenue, 2019".',
    run: (input, question) => {
      const split = input.lastIndexOf(',');
      if (split < 0) return 'No evidence found: give "row label, column name".';
      const rowText = input.slice(0, split).trim();
      const column = input.slice(split + 1).trim();
      for (const table of question.context?.tables ?? []) {
        const row = /^\d+$/.test(rowText) ? Number(rowText) : table.rows.findIndex((cells) => columnKey(cells[0] ?? '') === columnKey(rowText));
        if (row < 0) continue;
        const cell = resolveCell(table, row, column);
        if (!('error' in cell)) return `${cell.rowLabel} / ${cell.columnName}: ${cell.text} (table "${table.id}", row ${cell.row})`;
      }
      return `No evidence found: no cell at row "${rowText}", column "${column}".`;
    },
  },
  {
    name: 'PassageSearch',
    description: 'Worker that returns the text passage that best matches the input words (BM25). Useful for facts stated in the text around the table.',
    run: (input, question) => {
      const passages = question.context?.passages ?? [];
      const best = directBm25(passages.map((passage) => passage.text), input)[0];
      return best === undefined ? 'No evidence found.' : passages[best.index]!.text;
    },
  },
  {
    name: 'Calculator',
    description: 'A calculator that computes an arithmetic expression (+ - * / ^, parentheses, x% as x/100) or a FinQA program such as divide(subtract(120, 100), 100). Input: the expression with numbers, not words.',
    run: (input) => {
      try {
        return String(executeProgram(readProgram(input)).value);
      } catch (error) {
        return `No evidence found: ${(error as Error).message}`;
      }
    },
  },
];

/** ReWOO's LLM worker: a model call with the input as its prompt. */
export const LLM_TOOL_DESCRIPTION = 'A pretrained LLM like yourself. Useful when you need to act with general world knowledge and common sense. Input can be any instruction.';
