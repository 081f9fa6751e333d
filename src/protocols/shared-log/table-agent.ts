import { searchTokens } from '../../tools/bm25/tokenize.js';
import { renderTable } from '../../tools/tables/render-table.js';
import { selectRows } from '../../tools/tables/select-rows.js';
import { findColumn } from '../../tools/tables/table-cell.js';
import type { LookupClaim } from '../../tools/provenance/check-lookup.js';
import { callAgent, noAnswerTurn } from './agent-call.js';
import { focusBlock, sharedBlock, systemPrompt } from './role-prompts.js';
import { Specialist, type TurnState } from './specialist.js';

/**
 * The TableAgent: posts LOOKUP entries (table cell facts). Its tool renders
 * each table with row numbers, showing all rows of small tables and the
 * BM25-best rows (for the question and the focus) of large ones; its model
 * picks the cells; the log checks each cell. A missing item relates to the
 * tables when it shares a word with a column name or a row label.
 */
export class TableAgent extends Specialist {
  readonly role = 'TableAgent' as const;
  readonly modality = 'table' as const;

  protected hasSource(): boolean {
    return this.env.sources.tables.length > 0;
  }

  protected relates(missing: string): boolean {
    const vocabulary = new Set(this.env.sources.tables.flatMap((table) => searchTokens([...table.header, ...table.rows.map((row) => row[0] ?? '')].join(' '))));
    return searchTokens(missing).some((token) => vocabulary.has(token));
  }

  protected async contribute(turn: TurnState, focus: string | undefined): Promise<void> {
    const { context, params, sources, log } = this.env;
    const query = [context.question.prompt, focus ?? ''].join(' ');
    const rendered = sources.tables.map((table) => renderTable(table, { rows: selectRows(table, query, params.tableRows) })).join('\n\n');
    const shown = this.visibleEntries();
    const { result, turn: ref } = await callAgent(this.env, {
      role: this.role,
      round: turn.round,
      shown,
      messages: [
        { role: 'system', content: systemPrompt(this.role) },
        { role: 'user', content: `${sharedBlock(context.question, shown)}${focusBlock(focus)}\n\nTables:\n${rendered}\n\nReply with JSON {"facts": [{"table", "row", "column", "value"}]}.` },
      ],
      schema: { name: 'dealog_lookup', schema: this.schema() },
      interpret: ({ json }) => {
        const facts = readFacts(json?.['facts']).slice(0, params.entriesPerTurn);
        const rationale = facts.map((fact) => `${fact.table} row ${fact.row} "${fact.column}" = ${fact.value}`).join('; ');
        return { result: facts, parsed: noAnswerTurn(rationale, json === undefined ? 'failed' : 'json', json === undefined ? ['the reply is not a JSON object'] : []) };
      },
    });
    const known = new Set(
      log.accepted().filter((entry) => entry.type === 'LOOKUP').map((entry) => `${String(entry.meta['table'])}\u001f${String(entry.meta['row'])}\u001f${String(entry.meta['columnIndex'])}`),
    );
    for (const fact of result) {
      const table = sources.tables.find((each) => each.id === fact.table);
      const key = `${fact.table}\u001f${fact.row}\u001f${table === undefined ? -1 : findColumn(table, fact.column)}`;
      // Already in the log: re-posting it would be a new entry with nothing new in it.
      if (known.has(key)) continue;
      const entry = log.propose({ round: turn.round, agent: this.role, turn: ref }, { type: 'LOOKUP', claim: fact });
      if (entry.accepted) known.add(key);
    }
  }

  private schema(): Record<string, unknown> {
    const { tables } = this.env.sources;
    const columns = [...new Set(tables.flatMap((table) => table.header))];
    return {
      type: 'object',
      additionalProperties: false,
      required: ['facts'],
      properties: {
        facts: {
          type: 'array',
          maxItems: this.env.params.entriesPerTurn,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['table', 'row', 'column', 'value'],
            properties: {
              table: { type: 'string', enum: tables.map((table) => table.id) },
              row: { type: 'integer' },
              column: columns.length > 0 ? { type: 'string', enum: columns } : { type: 'string', maxLength: 120 },
              value: { type: 'string', minLength: 1, maxLength: 120 },
            },
          },
        },
      },
    };
  }
}

/** The well-formed facts of a reply; malformed items are skipped (the turn records the reply as it was). */
function readFacts(value: unknown): LookupClaim[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): LookupClaim[] => {
    if (item === null || typeof item !== 'object') return [];
    const { table, row, column, value: cell } = item as Record<string, unknown>;
    const rowNumber = typeof row === 'number' ? row : typeof row === 'string' && /^\d+$/.test(row.trim()) ? Number(row) : undefined;
    if (typeof table !== 'string' || rowNumber === undefined || (typeof column !== 'string' && typeof column !== 'number')) return [];
    if (typeof cell !== 'string' && typeof cell !== 'number') return [];
    return [{ table, row: rowNumber, column, value: String(cell) }];
  });
}
