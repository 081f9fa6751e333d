import type { Table } from '../../spec/question.js';
import { type FinqaOperation, type ProgramStep, ProgramError, TABLE_OPERATIONS, parseProgram } from './program-step.js';

/** A program's value: a number, or `yes`/`no` from `greater`. */
export type ProgramValue = number | 'yes' | 'no';

/** A number a program used as a literal argument (what the verifier looks for in the log). */
export interface ProgramOperand {
  /** The value as the program uses it (`5%` → 0.05, `const_m1` → -1). */
  value: number;
  /** The argument as written. */
  written: string;
  /** 0-based step using it. */
  step: number;
  op: FinqaOperation;
  /** `const_*` arguments: constants, not facts to find in the evidence. */
  constant: boolean;
}

/** A successful execution. */
export interface ProgramExecution {
  value: ProgramValue;
  /** Each step's result, in order. */
  results: ProgramValue[];
  steps: ProgramStep[];
  operands: ProgramOperand[];
}

/**
 * Reads a literal argument the way FinQA's evaluator does (`str_to_num`):
 * grouping commas removed; `x%` is x/100; `const_x` is x, `const_m1` is −1.
 * Returns undefined for anything else.
 */
export function argumentNumber(text: string): number | undefined {
  const plain = text.replace(/,/g, '').trim();
  if (/^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(plain)) return Number(plain);
  const percent = /^([-+]?(?:\d+\.?\d*|\.\d+))\s*%$/.exec(plain);
  if (percent !== null) return Number(percent[1]) / 100;
  const constant = /^const_(m?)(\d+(?:\.\d+)?)$/.exec(plain);
  if (constant !== null) return (constant[1] === 'm' ? -1 : 1) * Number(constant[2]);
  return undefined;
}

/**
 * Executes a FinQA program with the semantics of FinQA's official evaluator:
 * `#n` is the result of step n; `exp(a, b)` is a^b; `greater(a, b)` is
 * `yes`/`no`; `table_max/min/sum/average(row label, none)` read the numbers
 * of the table row whose first cell is the label (the last such row, the
 * header included, as the evaluator's dict does), after dropping `$` and
 * anything from the first "(" on. Numeric results are rounded to 5 decimals
 * like the evaluator's. Throws `ProgramError` naming the failing step.
 */
export function executeProgram(program: string | readonly ProgramStep[], table?: Table): ProgramExecution {
  const steps = typeof program === 'string' ? parseProgram(program) : [...program];
  const results: ProgramValue[] = [];
  const operands: ProgramOperand[] = [];
  steps.forEach((step, index) => {
    const numeric = (written: string): number => {
      const reference = /^#(\d+)$/.exec(written);
      if (reference !== null) {
        const earlier = results[Number(reference[1])];
        if (earlier === undefined) throw new ProgramError(`${written} refers to a step that has not run`, index);
        if (typeof earlier !== 'number') throw new ProgramError(`${written} is "${earlier}", not a number`, index);
        return earlier;
      }
      const value = argumentNumber(written);
      if (value === undefined) throw new ProgramError(`argument ${JSON.stringify(written)} is not a number, #n or const_*`, index);
      operands.push({ value, written, step: index, op: step.op, constant: written.trim().startsWith('const_') });
      return value;
    };
    results.push(TABLE_OPERATIONS.has(step.op) ? tableOperation(step, index, table, results) : arithmetic(step.op, numeric(step.args[0]), numeric(step.args[1]), index));
  });
  const last = results.at(-1);
  if (last === undefined) throw new ProgramError('the program has no steps');
  return { value: typeof last === 'number' ? round5(last) : last, results, steps, operands };
}

function arithmetic(op: FinqaOperation, a: number, b: number, index: number): ProgramValue {
  switch (op) {
    case 'add':
      return a + b;
    case 'subtract':
      return a - b;
    case 'multiply':
      return a * b;
    case 'divide':
      if (b === 0) throw new ProgramError('division by zero', index);
      return a / b;
    case 'exp':
      return a ** b;
    case 'greater':
      return a > b ? 'yes' : 'no';
    default:
      throw new ProgramError(`${op} is not an arithmetic operation`, index);
  }
}

function tableOperation(step: ProgramStep, index: number, table: Table | undefined, results: readonly ProgramValue[]): number {
  if (table === undefined) throw new ProgramError(`${step.op} needs the question's table`, index);
  const label = step.args[0];
  if (/^#\d+$/.test(label)) throw new ProgramError(`${step.op} takes a row label, not ${label} (${results.length} results so far)`, index);
  let row: string[] | undefined;
  for (const cells of [table.header, ...table.rows]) if (cells[0] === label) row = cells;
  if (row === undefined) throw new ProgramError(`the table has no row labelled ${JSON.stringify(label)}`, index);
  const numbers = row.slice(1).map((cell) => argumentNumber(cell.replace(/\$/g, '').split('(')[0]!.trim()));
  if (numbers.length === 0 || numbers.some((value) => value === undefined)) throw new ProgramError(`row ${JSON.stringify(label)} has a cell that is not a number: ${row.slice(1).join(' | ')}`, index);
  const values = numbers as number[];
  switch (step.op) {
    case 'table_max':
      return Math.max(...values);
    case 'table_min':
      return Math.min(...values);
    case 'table_sum':
      return values.reduce((sum, value) => sum + value, 0);
    default:
      return values.reduce((sum, value) => sum + value, 0) / values.length;
  }
}

function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}
