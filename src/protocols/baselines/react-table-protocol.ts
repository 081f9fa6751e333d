import { z } from 'zod';
import type { ParsedAnswer } from '../../spec/answer.js';
import { ConfigError } from '../../spec/errors.js';
import type { Agent, Protocol, ProtocolContext } from '../../spec/protocol.js';
import type { Table } from '../../spec/question.js';
import type { TurnRef } from '../../spec/trace.js';
import { renderTable } from '../../tools/tables/render-table.js';
import { runSql, type SqlTable, sqlAsTable, SqlTableError, tableAsSql } from '../../tools/tables/sql-table.js';
import { noAnswerTurn } from '../shared-log/agent-call.js';
import { baselineAnswer } from './baseline-answer.js';

/** ReAcTable's one agent. */
export const REACT_TABLE_ROLES = ['Solver'] as const;

/** Parameters of react-table. */
export const reactTableParamsSchema = z
  .object({
    /** Model calls before the answer is forced (ReAcTable's `iteration_max_limit`, 5). */
    maxIterations: z.number().int().min(1).max(20).default(5),
    /** Rows of each (intermediate) table shown in the prompt (ReAcTable's `line_limit`: 10 in its templated prompter). */
    rowsShown: z.number().int().min(1).max(200).default(10),
  })
  .strict();
export type ReactTableParams = z.infer<typeof reactTableParamsSchema>;

// ReAcTable's SQL-only prompt template (tabqa/GptCOTPrompter.py, CodexAnswerCOTExecutor), quoted
const template = (table: string, question: string) =>
  `The database table DF is shown as follows:\n${table}\n\nAnswer the following question based on the data above: "${question}". Execute SQL step-by-step and finally answer the question. Choose from generating a SQL or directly answering the question.\n`;

// quorum's addition: ReAcTable shows the reply format by few-shot demonstrations, which quorum does not ship
const FORMAT = 'Reply with exactly one step: either "SQL: ```<one SELECT over DF>```." or "Answer: ```<the answer>```.".\n\n';

/** A reply read as ReAcTable does: the step type before the first ":", the code or answer inside ``` fences. */
export function readReactStep(text: string): { type: string; body: string } {
  const trimmed = text.trim();
  const type = trimmed.split(':')[0]!.trim();
  const fenced = /```(?:sql)?\s*([\s\S]*?)(?:```|$)/i.exec(trimmed);
  const body = fenced === null ? trimmed.slice(trimmed.indexOf(':') + 1).trim() : fenced[1]!.trim();
  return { type, body };
}

/**
 * ReAcTable (Zhang et al. 2024), the single-chain form of its
 * `CodexAnswerCOTExecutor`: the agent sees the table as `DF` and the
 * question and, step by step, either writes a SQL query — run by SQLite on
 * the current intermediate table, whose result becomes the new `DF` shown
 * in the next step — or answers. A query that fails or returns no rows is
 * run on the earlier tables, newest first; if none works, or the agent
 * writes anything but SQL (Python included: quorum has no Python
 * executor), or the iteration limit is reached, the answer is forced with
 * a last call ending in "Answer: ```". The prompt grows as ReAcTable's
 * completion prompt does, sent as one user message. Every call is a turn
 * of the one agent (round = call index) that saw all its earlier calls.
 */
export class ReactTableProtocol implements Protocol {
  readonly name = 'react-table';
  readonly params: ReactTableParams;
  readonly needsJudge = false;

  constructor(params: Record<string, unknown> = {}) {
    const checked = reactTableParamsSchema.safeParse(params);
    if (!checked.success) throw new ConfigError(`react-table: invalid parameters: ${checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`, 'react-table takes maxIterations (--rounds) and rowsShown');
    this.params = checked.data;
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question } = context;
    const agent = context.agents[0];
    if (agent === undefined || context.agents.length !== 1) throw new ConfigError(`protocol "react-table" runs one agent, got ${context.agents.length}`, 'omit --agents for react-table');
    const source = question.context?.tables?.[0];
    if (source === undefined) throw new ConfigError(`react-table needs a table, and question ${question.id} has none`, 'run react-table on a table-QA dataset (wtq, finqa, tatqa, fetaqa, …)');
    const tables: SqlTable[] = [tableAsSql(source)];
    let prompt = FORMAT + template(this.show(tables[0]!, source), question.prompt);
    const seen: TurnRef[] = [];
    let answer: ParsedAnswer | null = null;
    for (let round = 0; answer === null; round++) {
      if (round >= this.params.maxIterations - 1) {
        answer = await this.forceAnswer(context, agent, round, prompt, seen);
        break;
      }
      let step = { type: '', body: '' };
      let failure: string | undefined;
      await context.call(agent, { messages: [{ role: 'user', content: prompt }] }, {
        round,
        saw: [...seen],
        parse: ({ text }) => {
          step = readReactStep(text);
          if (step.type === 'Answer') return { answer: baselineAnswer(`Answer: ${step.body}`, question), rationale: text, source: 'text' };
          return noAnswerTurn(text.trim(), 'text');
        },
      });
      seen.push({ agent: agent.name, round, draft: 0 });
      if (step.type === 'Answer') {
        answer = baselineAnswer(`Answer: ${step.body}`, question);
        break;
      }
      const result = step.type === 'SQL' ? this.execute(tables, step.body) : undefined;
      if (result === undefined) {
        failure = step.type === 'SQL' ? 'the query failed on every table' : `unsupported step "${step.type}"`;
        answer = await this.forceAnswer(context, agent, round + 1, `${prompt}\n${step.type}: \`\`\`${step.body}\`\`\`.`, seen, failure);
        break;
      }
      tables.push(result);
      prompt = `${prompt}\n${step.type}: \`\`\`${step.body}\`\`\`.\n\n${template(this.show(result, source), question.prompt)}`;
    }
    context.emit({ type: 'final', answer: answer ?? { status: 'unparsed', value: null, rule: 'no-parseable-answer' }, aggregate: 'single', roundsRun: seen.length, stoppedEarly: false });
  }

  /** The query on the newest table, else on earlier ones, newest first (ReAcTable's fallback); undefined when none gives rows. */
  private execute(tables: readonly SqlTable[], sql: string): SqlTable | undefined {
    for (let index = tables.length - 1; index >= 0; index--) {
      try {
        const result = runSql(tables[index]!, sql);
        if (result.rows.length > 0) return result;
      } catch (error) {
        if (!(error instanceof SqlTableError)) throw error;
      }
    }
    return undefined;
  }

  private show(table: SqlTable, source: Table): string {
    const shown = sqlAsTable('DF', table);
    return renderTable({ ...shown, ...(source.caption === undefined ? {} : { caption: source.caption }) }, { rows: shown.rows.slice(0, this.params.rowsShown).map((_, index) => index) });
  }

  /** The last call: the prompt ends in "Answer: ```" and the reply is the answer (ReAcTable's forced answer). */
  private async forceAnswer(context: ProtocolContext, agent: Agent, round: number, prompt: string, seen: TurnRef[], failure?: string): Promise<ParsedAnswer> {
    let answer: ParsedAnswer = { status: 'unparsed', value: null, rule: 'no-parseable-answer' };
    await context.call(agent, { messages: [{ role: 'user', content: `${prompt}\nAnswer: \`\`\`` }] }, {
      round,
      purpose: 'force-answer',
      saw: [...seen],
      parse: ({ text }) => {
        answer = baselineAnswer(`Answer: ${text.replace(/```[\s\S]*$/, '').replace(/\n/g, ' ').trim()}`, context.question);
        return { answer, rationale: text, source: 'text', ...(failure === undefined ? {} : { warnings: [`answer forced: ${failure}`] }) };
      },
    });
    seen.push({ agent: agent.name, round, draft: 0 });
    return answer;
  }
}
