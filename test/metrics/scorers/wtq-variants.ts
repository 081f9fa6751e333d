import type { Question } from '../../../src/spec/question.js';

/**
 * One stress pair: the answer text quorum scores, and the list of values a
 * system meant by it — what the official evaluator is given (one value per
 * tab-separated field).
 */
export interface WtqVariant {
  key: string;
  variantClass: string;
  text: string;
  items: string[];
}

type ItemChange = (item: string, canon: string) => string | undefined;

const FULLWIDTH = (text: string): string => text.replace(/[0-9]/g, (digit) => String.fromCodePoint(0xff10 + Number(digit)));
const isNumber = (canon: string): boolean => canon !== '' && Number.isFinite(Number(canon));
const plain = (canon: string): string => String(Number(canon));
const isDate = (canon: string): boolean => /^[x\d]{2,4}-[x\d]{2}-[x\d]{2}$/.test(canon);

/** Changes applied to every gold value; a change that does not apply to a value skips the variant. */
const ITEM_CHANGES: Readonly<Record<string, ItemChange>> = {
  exact: (item) => item,
  'upper-case': (item) => item.toUpperCase(),
  'lower-case': (item) => item.toLowerCase(),
  whitespace: (item) => `  ${item.replace(/ /g, '   ')}\u00a0`,
  'trailing-period': (item) => `${item}.`,
  citation: (item) => `${item}[1]`,
  'citation-symbol': (item) => `${item}†`,
  parenthetical: (item) => `${item} (approx.)`,
  quotes: (item) => `"${item}"`,
  'smart-quotes': (item) => `“${item}”`,
  accents: (item) => (/[aeiou]/.test(item) ? item.replace(/[aeiou]/, (vowel) => `${vowel}\u0301`) : undefined),
  dash: (item) => (item.includes('-') ? item.replaceAll('-', '–') : undefined),
  article: (item) => `the ${item}`,
  'unit-word': (item, canon) => (isNumber(canon) ? `${plain(canon)} people` : undefined),
  'number-canonical': (item, canon) => (isNumber(canon) ? plain(canon) : undefined),
  'number-decimal': (item, canon) => (isNumber(canon) ? Number(canon).toFixed(1) : undefined),
  'number-spaces': (item, canon) => (isNumber(canon) ? ` ${plain(canon)} ` : undefined),
  thousands: (item, canon) => (isNumber(canon) && Math.abs(Number(canon)) >= 1000 ? Number(canon).toLocaleString('en-US') : undefined),
  'sign-flip': (item, canon) => (isNumber(canon) ? `-${plain(canon)}` : undefined),
  'explicit-plus': (item, canon) => (isNumber(canon) ? `+${plain(canon)}` : undefined),
  'accounting-negative': (item, canon) => (isNumber(canon) ? `(${plain(canon)})` : undefined),
  percent: (item, canon) => (isNumber(canon) ? `${plain(canon)}%` : undefined),
  exponent: (item, canon) => (isNumber(canon) && Number(canon) !== 0 ? Number(canon).toExponential() : undefined),
  'near-number': (item, canon) => (isNumber(canon) ? String(Number(canon) + 1e-7) : undefined),
  'off-by-one': (item, canon) => (isNumber(canon) ? String(Number(canon) + 1) : undefined),
  'fullwidth-digits': (item, canon) => (isNumber(canon) ? FULLWIDTH(plain(canon)) : undefined),
  'date-iso': (item, canon) => (isDate(canon) ? canon.replace(/^xxxx/, 'xx') : undefined),
  'date-unpadded': (item, canon) => (isDate(canon) ? canon.split('-').map((part) => (part.startsWith('x') ? 'xx' : String(Number(part)))).join('-') : undefined),
  'date-other-day': (item, canon) => (isDate(canon) && /\d\d$/.test(canon) ? canon.replace(/\d\d$/, (day) => String(((Number(day) % 28) + 1)).padStart(2, '0')) : undefined),
  'date-unknown-year': (item, canon) => (isDate(canon) && /^\d{4}-\d\d-\d\d$/.test(canon) ? `xx${canon.slice(4)}` : undefined),
};

/**
 * Deterministic stress pairs for WikiTableQuestions from the loaded
 * questions (meta `answers`, `targetCanon`): each value changed the same way
 * (case, spaces, citations, numbers, dates…), list-level changes (order,
 * commas, missing, duplicate, extra value) and other questions' answers.
 */
export function wtqVariants(questions: readonly Question[]): WtqVariant[] {
  const variants: WtqVariant[] = [];
  questions.forEach((question, index) => {
    const answers = question.meta?.['answers'] as string[];
    const canonField = question.meta?.['targetCanon'];
    const canon = typeof canonField === 'string' ? canonField.split('|') : answers.map(() => '');
    const add = (variantClass: string, text: string, items: string[]): void => {
      variants.push({ key: `${question.id}#${variantClass}`, variantClass, text, items });
    };
    const join = (items: string[]): string => items.join('|');
    for (const [name, change] of Object.entries(ITEM_CHANGES)) {
      const items = answers.map((answer, position) => change(answer, canon[position] ?? ''));
      if (items.every((item): item is string => item !== undefined)) add(name, join(items), items);
    }
    const other = questions[(index + 1) % questions.length]!.meta?.['answers'] as string[];
    add('wrong-value', join(other), other);
    add('list-extra', join([...answers, other[0]!]), [...answers, other[0]!]);
    add('list-duplicate', join([...answers, answers[0]!]), [...answers, answers[0]!]);
    add('list-pipe-spaced', answers.join(' | '), answers);
    add('list-tab', answers.join('\t'), answers);
    if (answers.length > 1) {
      const reversed = [...answers].reverse();
      add('list-reversed', join(reversed), reversed);
      add('list-comma', answers.join(', '), answers);
      add('list-semicolon', reversed.join('; '), reversed);
      add('list-and', `${reversed.slice(0, -1).join(', ')} and ${reversed.at(-1)}`, reversed);
      add('list-missing', join(answers.slice(0, -1)), answers.slice(0, -1));
    }
  });
  return variants;
}
