import type { Question } from '../../../src/spec/question.js';

/**
 * One TAT-QA stress pair: what quorum scores (the answer text and, when the
 * system states one, the scale) and what the system meant by it — the
 * answer list and scale the official evaluator is given.
 */
export interface TatqaVariant {
  key: string;
  uid: string;
  variantClass: string;
  text: string;
  statedScale: string | undefined;
  items: string[];
  scale: string;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const withThousands = (text: string): string => text.replace(/^(-?)(\d+)/, (_whole, sign: string, digits: string) => sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
const SCALE_FACTOR: Readonly<Record<string, number>> = { thousand: 1e3, million: 1e6, billion: 1e9, percent: 0.01 };

/**
 * Deterministic stress pairs for TAT-QA from the loaded questions (meta
 * `answers`, `answer_type`, `scale`): the gold as written with and without
 * its scale, scale words, `%` and fractions for percentages, numbers scaled
 * out, thousands separators, signs and accounting negatives, rounding, case,
 * whitespace, quotes, units, multi-span order and separators, and wrong
 * values and scales.
 */
export function tatqaVariants(questions: readonly Question[]): TatqaVariant[] {
  const variants: TatqaVariant[] = [];
  questions.forEach((question, index) => {
    const meta = question.meta ?? {};
    const uid = String(meta['uid']);
    const answers = meta['answers'] as string[];
    const scale = String(meta['scale']);
    const type = String(meta['answer_type']);
    const add = (variantClass: string, text: string, statedScale: string | undefined, items: string[], meant: string): void => {
      variants.push({ key: `${question.id}#${variantClass}`, uid, variantClass, text, statedScale, items, scale: meant });
    };
    const join = (items: string[]): string => items.join(' | ');
    // `stated` is the scale the system states beside its text (none: `{ scale: undefined }`); by default the gold's.
    const each = (variantClass: string, change: (answer: string) => string | undefined, stated: { scale: string | undefined } = { scale }): void => {
      const items = answers.map(change);
      if (items.every((item): item is string => item !== undefined)) add(variantClass, join(items), stated.scale, items, stated.scale ?? '');
    };
    each('exact-with-scale', (answer) => answer);
    each('exact-no-scale', (answer) => answer, { scale: undefined });
    each('upper-case', (answer) => answer.toUpperCase());
    each('whitespace', (answer) => `  ${answer.replace(/ /g, '  ')} `);
    each('trailing-period', (answer) => `${answer}.`);
    each('quotes', (answer) => `"${answer}"`);
    each('citation', (answer) => `${answer} [1]`);
    each('dollar', (answer) => (NUMBER.test(answer) ? `$${answer}` : undefined));
    each('thousands', (answer) => (NUMBER.test(answer) && Math.abs(Number(answer)) >= 1000 ? withThousands(answer) : undefined));
    each('sign-flip', (answer) => (NUMBER.test(answer) ? (answer.startsWith('-') ? answer.slice(1) : `-${answer}`) : undefined));
    each('accounting-negative', (answer) => (NUMBER.test(answer) ? `(${answer.replace(/^-/, '')})` : undefined));
    each('rounded-2', (answer) => (NUMBER.test(answer) ? Number(answer).toFixed(2) : undefined));
    each('rounded-0', (answer) => (NUMBER.test(answer) ? Number(answer).toFixed(0) : undefined));
    each('extra-decimals', (answer) => (NUMBER.test(answer) ? Number(answer).toFixed(4) : undefined));
    each('unit-word', (answer) => (NUMBER.test(answer) ? `${answer} people` : undefined));
    each('exponent', (answer) => (NUMBER.test(answer) && Number(answer) !== 0 ? Number(answer).toExponential() : undefined));
    each('leading-dot', (answer) => (NUMBER.test(answer) && /^-?0\./.test(answer) ? answer.replace('0.', '.') : undefined));
    each('plus-sign', (answer) => (NUMBER.test(answer) && !answer.startsWith('-') ? `+${answer}` : undefined));
    each('euro', (answer) => (NUMBER.test(answer) ? `€${answer}` : undefined));
    each('percent-spaced', (answer) => (NUMBER.test(answer) ? `${answer} %` : undefined), { scale: '' });
    each('off-by-one', (answer) => (NUMBER.test(answer) ? String(Number(answer) + 1) : undefined));
    each('wrong-scale', (answer) => answer, { scale: scale === 'thousand' ? 'million' : 'thousand' });
    if (scale !== '') {
      const numeric = answers.every((answer) => NUMBER.test(answer));
      if (numeric) {
        // The scale written as a word: quorum reads the word as the predicted scale.
        add('scale-word', join(answers.map((answer) => `${answer} ${scale}`)), undefined, answers, scale);
        add('scale-word-plural', join(answers.map((answer) => `${answer} ${scale}s`)), undefined, answers, scale);
        const factor = SCALE_FACTOR[scale]!;
        const scaled = answers.map((answer) => String(Number((Number(answer) * factor).toPrecision(12))));
        add('scaled-out', join(scaled), '', scaled, '');
        const abbreviation = { thousand: 'k', million: 'm', billion: 'bn', percent: 'pct' }[scale] ?? '';
        // Abbreviations are not scale words for quorum: the text is scored as written, with no scale.
        add('scale-abbreviation', join(answers.map((answer) => `${answer}${abbreviation}`)), undefined, answers.map((answer) => `${answer}${abbreviation}`), '');
        if (scale === 'percent') {
          add('percent-sign', join(answers.map((answer) => `${answer}%`)), undefined, answers.map((answer) => `${answer}%`), '');
          add('percent-sign-with-scale', join(answers.map((answer) => `${answer}%`)), 'percent', answers.map((answer) => `${answer}%`), 'percent');
        }
      }
    }
    if (type === 'multi-span') {
      const reversed = [...answers].reverse();
      add('list-reversed', join(reversed), scale, reversed, scale);
      add('list-comma', reversed.join(', '), scale, reversed, scale);
      add('list-semicolon', answers.join('; '), scale, answers, scale);
      add('list-missing', join(answers.slice(1)), scale, answers.slice(1), scale);
      // quorum does not split on "and": this class measures that rule against the list the system meant.
      add('list-and', `${answers.slice(0, -1).join(', ')} and ${answers.at(-1)}`, scale, answers, scale);
    }
    const other = questions[(index + 1) % questions.length]!.meta?.['answers'] as string[];
    add('wrong-value', join(other), scale, other, scale);
  });
  return variants;
}
