import { pythonRound } from '../python/python-round.js';
import { pythonStrip } from '../python/python-text.js';
import { pythonInt } from '../python/python-int.js';
import { FINQA_OPERATIONS } from './program-tokens.js';
import { finqaStrToNum } from './str-to-num.js';

/**
 * A step's value: a number, `yes`/`no`, a complex number (Python's `**` of
 * a negative base to a fractional power, which no later rounding accepts),
 * or `n/a` (a step that computed nothing keeps the previous result).
 */
type Value = number | 'yes' | 'no' | 'complex' | 'n/a';

/** What `eval_program` returns: whether the program was invalid, and its value (rounded to 5 decimals). */
export interface FinqaProgramResult {
  invalid: boolean;
  value: number | 'yes' | 'no' | 'n/a';
}

// Anything Python raises inside eval_program's try block: the program is invalid.
class PythonError extends Error {}

/**
 * FinQA's `eval_program` (code/evaluate/evaluate.py), step for step: the
 * structure check on tokens, then the program re-joined with "|", cut at
 * ")" and each step read by splitting at "(" and "|"; `#n` is step n's
 * result; arguments go through `str_to_num`; table operations read the row
 * whose first cell is the label (the last such row), `$` dropped and
 * everything from "(" on, every cell a number or the row is invalid. Python
 * errors (division by zero, overflow, a missing step, comparing yes/no with
 * a number, `max` of nothing) make the program invalid, as its bare
 * `except` does. The final value is rounded with Python's `round(x, 5)`.
 */
export function evalFinqaProgram(tokens: readonly string[], table: ReadonlyArray<readonly string[]>): FinqaProgramResult {
  let invalid = false;
  let result: Value = 'n/a';
  try {
    const program = tokens.slice(0, -1);
    for (const [index, token] of program.entries()) {
      if (index % 4 === 0 && !FINQA_OPERATIONS.includes(stripChars(token, '('))) return { invalid: true, value: 'n/a' };
      if ((index + 1) % 4 === 0 && token !== ')') return { invalid: true, value: 'n/a' };
    }
    const steps = program.join('|').split(')').slice(0, -1);
    const results = new Map<number, Value>();
    let numRow: number[] | 'n/a' | undefined;
    for (const [index, rawStep] of steps.entries()) {
      const step = pythonStrip(rawStep);
      const parts = step.split('(');
      if (parts.length > 2) {
        invalid = true;
        break;
      }
      const op = pythonStrip(stripChars(parts[0]!, '|'));
      const args = pythonStrip(stripChars(at(parts, 1), '|'));
      const argParts = args.split('|');
      const arg1 = pythonStrip(argParts[0]!);
      const arg2 = pythonStrip(at(argParts, 1));
      if (['add', 'subtract', 'multiply', 'divide', 'exp', 'greater'].includes(op)) {
        const left = operand(arg1, results);
        if (left === 'n/a') {
          invalid = true;
          break;
        }
        const right = operand(arg2, results);
        if (right === 'n/a') {
          invalid = true;
          break;
        }
        result = arithmetic(op, left, right);
        results.set(index, result);
      } else if (op.includes('table')) {
        const rows = new Map<string, readonly string[]>();
        for (const row of table) rows.set(at(row, 0), row.slice(1));
        if (arg1.includes('#')) {
          reference(arg1, results);
        } else {
          const row = rows.get(arg1);
          if (row === undefined) {
            invalid = true;
            break;
          }
          numRow = processRow(row);
        }
        // A reference leaves the previous table step's row in place, as in the original (a NameError on the first).
        if (numRow === undefined) throw new PythonError('num_row is not defined');
        if (numRow === 'n/a') {
          invalid = true;
          break;
        }
        result = tableOperation(op, numRow) ?? result;
        results.set(index, result);
      }
    }
    if (result !== 'yes' && result !== 'no' && result !== 'n/a') {
      if (result === 'complex') throw new PythonError('complex numbers cannot be rounded');
      result = pythonRound(result, 5);
    }
  } catch (error) {
    if (!(error instanceof PythonError)) throw error;
    invalid = true;
  }
  return { invalid, value: result === 'complex' ? 'n/a' : result };
}

function operand(argument: string, results: ReadonlyMap<number, Value>): Value {
  if (argument.includes('#')) return reference(argument, results);
  const value = finqaStrToNum(argument);
  if (value === 'error') throw new PythonError('str_to_num raised');
  return value;
}

function reference(argument: string, results: ReadonlyMap<number, Value>): Value {
  const index = pythonInt(argument.replace(/#/g, ''));
  if (index === undefined) throw new PythonError('invalid literal for int()');
  const value = results.get(index);
  if (value === undefined) throw new PythonError(`no step ${index}`);
  return value;
}

function arithmetic(op: string, a: Value, b: Value): Value {
  if (op === 'greater') {
    if (typeof a !== 'number' || typeof b !== 'number') throw new PythonError('cannot compare');
    return a > b ? 'yes' : 'no';
  }
  if (typeof a === 'string' && a !== 'complex') throw new PythonError('unsupported operand');
  if (typeof b === 'string' && b !== 'complex') throw new PythonError('unsupported operand');
  if (a === 'complex' || b === 'complex') {
    if (op === 'divide' && b === 0) throw new PythonError('division by zero');
    return 'complex';
  }
  switch (op) {
    case 'add':
      return a + b;
    case 'subtract':
      return a - b;
    case 'multiply':
      return a * b;
    case 'divide':
      if (b === 0) throw new PythonError('float division by zero');
      return a / b;
    default:
      return power(a, b);
  }
}

// Python's float `**`: 0 to a negative power raises, a negative base to a fractional power is complex, a finite overflow raises.
function power(a: number, b: number): Value {
  if (a === 0 && b < 0) throw new PythonError('0.0 cannot be raised to a negative power');
  if (a < 0 && Number.isFinite(a) && Number.isFinite(b) && !Number.isInteger(b)) return 'complex';
  const value = a ** b;
  if (!Number.isFinite(value) && !Number.isNaN(value) && Number.isFinite(a) && Number.isFinite(b)) throw new PythonError('numerical result out of range');
  return value;
}

function processRow(row: readonly string[]): number[] | 'n/a' {
  const numbers: number[] = [];
  for (const cell of row) {
    const text = pythonStrip(pythonStrip(cell.replace(/\$/g, '')).split('(')[0]!);
    const value = finqaStrToNum(text);
    if (value === 'error') throw new PythonError('str_to_num raised');
    if (value === 'n/a') return 'n/a';
    numbers.push(value);
  }
  return numbers;
}

// Undefined for an op that only contains "table": the original's if-chain then computes nothing.
function tableOperation(op: string, row: readonly number[]): number | undefined {
  switch (op) {
    case 'table_max':
      return extreme(row, (candidate, best) => candidate > best);
    case 'table_min':
      return extreme(row, (candidate, best) => candidate < best);
    case 'table_sum':
      return row.reduce((sum, value) => sum + value, 0);
    case 'table_average':
      if (row.length === 0) throw new PythonError('division by zero');
      return row.reduce((sum, value) => sum + value, 0) / row.length;
    default:
      return undefined;
  }
}

// Python's max/min: the first item, replaced by each later one that compares better (NaN never does).
function extreme(row: readonly number[], better: (candidate: number, best: number) => boolean): number {
  if (row.length === 0) throw new PythonError('max() arg is an empty sequence');
  let best = row[0]!;
  for (const value of row.slice(1)) if (better(value, best)) best = value;
  return best;
}

// Python's str.strip(chars) for one character.
function stripChars(text: string, char: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === char) start += 1;
  while (end > start && text[end - 1] === char) end -= 1;
  return text.slice(start, end);
}

// Python indexing past the end raises IndexError.
function at<T>(items: readonly T[], index: number): T {
  if (index >= items.length) throw new PythonError('list index out of range');
  return items[index]!;
}

