import { PYTHON_WHITESPACE } from './python-text.js';

/**
 * Python's whitespace as a character-class body, for the Python the
 * evaluator runs under: Python 3's (`PYTHON_WHITESPACE`), or Python 2.7's,
 * whose Unicode 5.2 also counts U+180E (the WikiTableQuestions evaluator is
 * Python 2).
 */
export function pythonWhitespaceClass(version: 2 | 3): string {
  return version === 2 ? `${PYTHON_WHITESPACE}\\u180e` : PYTHON_WHITESPACE;
}
