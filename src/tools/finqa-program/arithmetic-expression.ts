import { type FinqaOperation, type ProgramStep, ProgramError, parseProgram } from './program-step.js';

const BINARY: Readonly<Record<string, { op: FinqaOperation; precedence: number; right?: boolean }>> = {
  '+': { op: 'add', precedence: 1 },
  '-': { op: 'subtract', precedence: 1 },
  '*': { op: 'multiply', precedence: 2 },
  '×': { op: 'multiply', precedence: 2 },
  '/': { op: 'divide', precedence: 2 },
  '÷': { op: 'divide', precedence: 2 },
  '^': { op: 'exp', precedence: 3, right: true },
  '**': { op: 'exp', precedence: 3, right: true },
};

/**
 * Literals read as constants (`const_*`, exempt from the operand-grounding
 * check): unit conversions (100, 1000, 1e6, 1e9), and 1 and 2 (growth
 * factors, averages of two). Other numbers are facts that must come from the
 * evidence.
 */
const CONSTANTS = new Set([1, 2, 100, 1000, 1_000_000, 1_000_000_000]);

const TOKEN = /\s*(\*\*|[-+*/×÷^()]|[$€£]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|[$€£]?\d*\.?\d+%?)/y;

/**
 * Compiles an arithmetic expression ("(5829 - 5735) / 5735 * 100",
 * "2,100 + 3.5%") into FinQA program steps, so one executor checks both
 * kinds of answer program. Numbers may carry currency symbols, grouping
 * commas and `%` (x% is x/100, as in FinQA); a unary minus becomes a
 * negative literal, or `multiply(const_m1, …)` before a parenthesis.
 */
export function compileExpression(text: string): ProgramStep[] {
  const tokens = tokenize(text);
  const steps: ProgramStep[] = [];
  let position = 0;
  const peek = (): string | undefined => tokens[position];

  const primary = (): string => {
    const token = tokens[position++];
    if (token === undefined) throw new ProgramError(`the expression ends too early: ${JSON.stringify(text)}`);
    if (token === '(') {
      const inner = expression(0);
      if (tokens[position++] !== ')') throw new ProgramError(`a "(" is not closed in ${JSON.stringify(text)}`);
      return inner;
    }
    if (token === '-' || token === '+') {
      const operand = primary();
      if (token === '+') return operand;
      if (operand === 'const_1') return 'const_m1';
      if (/^[\d.]/.test(operand)) return `-${operand}`;
      if (operand.startsWith('-')) return operand.slice(1);
      steps.push({ op: 'multiply', args: ['const_m1', operand] });
      return `#${steps.length - 1}`;
    }
    if (!/\d/.test(token)) throw new ProgramError(`unexpected ${JSON.stringify(token)} in ${JSON.stringify(text)}`);
    const literal = token.replace(/[$€£,]/g, '');
    return CONSTANTS.has(Number(literal)) && !literal.endsWith('%') ? `const_${Number(literal)}` : literal;
  };

  const expression = (minimum: number): string => {
    let left = primary();
    for (let next = peek(); next !== undefined && BINARY[next] !== undefined && BINARY[next]!.precedence >= minimum; next = peek()) {
      const operator = BINARY[next]!;
      position++;
      const right = expression(operator.right === true ? operator.precedence : operator.precedence + 1);
      steps.push({ op: operator.op, args: [left, right] });
      left = `#${steps.length - 1}`;
    }
    return left;
  };

  const result = expression(0);
  if (position < tokens.length) throw new ProgramError(`unexpected ${JSON.stringify(tokens[position])} in ${JSON.stringify(text)}`);
  // A bare number is a program too: the answer is a looked-up value.
  if (steps.length === 0) steps.push({ op: 'add', args: [result, 'const_0'] });
  return steps;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const trimmed = text.trim();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < trimmed.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(trimmed);
    if (match === null) throw new ProgramError(`cannot read ${JSON.stringify(trimmed.slice(at, at + 20))} in the expression ${JSON.stringify(text)}`);
    tokens.push(match[1]!);
  }
  return tokens;
}

/**
 * Reads an answer's program: FinQA DSL when it names an operation
 * (`divide(`…), else an arithmetic expression. A leading "=" or a trailing
 * "= result" is ignored, since models often write the result after the
 * expression.
 */
export function readProgram(text: string): ProgramStep[] {
  const cleaned = text.trim().replace(/^=\s*/, '');
  if (/\b[a-z_]+\(/.test(cleaned)) return parseProgram(cleaned);
  return compileExpression(cleaned.replace(/=\s*[^=]*$/, '').trim() || cleaned);
}
