/** FinQA's operations, in `evaluate.py`'s `all_ops`. */
export const FINQA_OPERATIONS: readonly string[] = ['add', 'subtract', 'multiply', 'divide', 'exp', 'greater', 'table_max', 'table_min', 'table_sum', 'table_average'];

/**
 * FinQA's `program_tokenization` (code/evaluate/evaluate.py): the program
 * split at ", ", then every "(" ends a token and every ")" is a token of
 * its own, and "EOF" appended: "divide(5, 2)" → ["divide(", "5", "2", ")", "EOF"].
 */
export function finqaProgramTokens(program: string): string[] {
  const tokens: string[] = [];
  for (const piece of program.split(', ')) {
    let current = '';
    for (const char of piece) {
      if (char === ')' && current !== '') {
        tokens.push(current);
        current = '';
      }
      current += char;
      if (char === '(' || char === ')') {
        tokens.push(current);
        current = '';
      }
    }
    if (current !== '') tokens.push(current);
  }
  tokens.push('EOF');
  return tokens;
}

/** Whether a stated answer is written as a FinQA program ("divide(5, 2)", "subtract(a, b), divide(#0, b)"). */
export function looksLikeFinqaProgram(answer: string): boolean {
  return new RegExp(`^\\s*(?:${FINQA_OPERATIONS.join('|')})\\(`).test(answer);
}
