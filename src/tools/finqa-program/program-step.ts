import { QuorumError } from '../../spec/errors.js';

/** The operations of FinQA's program DSL. */
export const FINQA_OPERATIONS = ['add', 'subtract', 'multiply', 'divide', 'exp', 'greater', 'table_max', 'table_min', 'table_sum', 'table_average'] as const;
export type FinqaOperation = (typeof FINQA_OPERATIONS)[number];

/** Operations that read a whole table row (argument 1 is the row's label, argument 2 is `none`). */
export const TABLE_OPERATIONS: ReadonlySet<FinqaOperation> = new Set(['table_max', 'table_min', 'table_sum', 'table_average']);

/** One step of a program: `op(arg1, arg2)`, arguments as written. */
export interface ProgramStep {
  op: FinqaOperation;
  args: [string, string];
}

/** A program that cannot be parsed or executed. */
export class ProgramError extends QuorumError {
  /** 0-based step that failed, when known. */
  readonly step: number | undefined;

  constructor(message: string, step?: number) {
    super('FINQA_PROGRAM', step === undefined ? message : `step ${step}: ${message}`, {
      hint: 'programs look like "subtract(5829, 5735), divide(#0, 5735)"; arguments are numbers, #n (result of step n), const_100, or a table row label for table_* operations',
    });
    this.step = step;
  }
}

const OPERATION = new RegExp(`(?:^|[\\s,])(${FINQA_OPERATIONS.join('|')})\\(`, 'g');

/**
 * Parses a FinQA program ("subtract(5829, 5735), divide(#0, 5735)") into
 * steps. Steps are found by their operation names rather than by splitting
 * on commas, so table row labels may hold commas and parentheses
 * ("table_sum(visa inc. ( 1 ), none)"): a table operation's arguments split
 * at the last comma, an arithmetic operation's at the first.
 */
export function parseProgram(text: string): ProgramStep[] {
  const starts = [...text.matchAll(OPERATION)].map((match) => ({ op: match[1] as FinqaOperation, at: match.index + match[0].indexOf(match[1]!) }));
  if (starts.length === 0) throw new ProgramError(`no operation found in ${JSON.stringify(text.slice(0, 80))}`);
  if (text.slice(0, starts[0]!.at).trim() !== '') throw new ProgramError(`unexpected text before the first operation: ${JSON.stringify(text.slice(0, starts[0]!.at).trim())}`);
  return starts.map((start, index) => {
    const end = starts[index + 1]?.at ?? text.length;
    const body = text.slice(start.at + start.op.length + 1, end).replace(/[\s,]*(?:EOF)?[\s,]*$/, '');
    if (!body.endsWith(')')) throw new ProgramError(`"${start.op}(" is not closed`, index);
    const inner = body.slice(0, -1);
    const spaced = inner.indexOf(', ');
    const cut = TABLE_OPERATIONS.has(start.op) ? inner.lastIndexOf(',') : spaced >= 0 ? spaced : inner.indexOf(',');
    if (cut < 0) throw new ProgramError(`${start.op} needs two arguments, got ${JSON.stringify(inner)}`, index);
    return { op: start.op, args: [inner.slice(0, cut).trim(), inner.slice(cut + 1).trim()] };
  });
}

/** Writes steps back as a program string. */
export function formatProgram(steps: readonly ProgramStep[]): string {
  return steps.map((step) => `${step.op}(${step.args[0]}, ${step.args[1]})`).join(', ');
}
