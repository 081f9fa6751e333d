import type { Question, Table } from '../spec/question.js';
import { ConfigError } from '../spec/errors.js';
import { deriveSeed, seededRandom } from '../util/seed.js';

/** The largest corruption rate `--corrupt` accepts. */
export const MAX_CORRUPTION_RATE = 0.3;

/** What `--corrupt` applies, recorded with the run. */
export interface Corruption {
  /** Probability that a table cell or a number in a passage is perturbed, in [0, 0.3]. */
  rate: number;
  /** Seed of the perturbation (with the question id it decides every draw). */
  seed: number;
}

/** One change made to a question's context. */
export interface CorruptionChange {
  /** `table:<id>:<row>:<column>` or `passage:<id>`. */
  where: string;
  from: string;
  to: string;
}

// A number as written in cells and text: optional sign, grouping commas, decimals.
const NUMBER = /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.,])-?\d+(?:\.\d+)?(?![\w])/g;

const HAS_NUMBER = new RegExp(NUMBER.source);
// Years are identifiers (column headers, "in 2019"), not quantities: changing them breaks the question, not the evidence.
const YEAR = /^(?:19|20)\d\d$/;

/** Checks a corruption rate (a `ConfigError` outside [0, 0.3]). */
export function checkCorruptionRate(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > MAX_CORRUPTION_RATE) {
    throw new ConfigError(`--corrupt ${rate} is outside [0, ${MAX_CORRUPTION_RATE}]`, 'pass a perturbation rate such as 0.1');
  }
  return rate;
}

/**
 * Perturbs a number as written, keeping its format (grouping commas,
 * decimals, sign): the value is scaled by 1 ± u with u in [0.1, 0.5), so
 * the change is always visible at the written precision for values ≥ 10.
 */
export function perturbNumber(text: string, random: () => number): string {
  const value = Number(text.replace(/,/g, ''));
  const decimals = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
  const factor = 1 + (random() < 0.5 ? -1 : 1) * (0.1 + 0.4 * random());
  let changed = value * factor;
  if (changed.toFixed(decimals) === value.toFixed(decimals)) changed = value + (value >= 0 ? 1 : -1) * 10 ** -decimals;
  const written = Math.abs(changed).toFixed(decimals);
  const grouped = text.includes(',') ? written.replace(/^(\d+)/, (digits) => Number(digits).toLocaleString('en-US')) : written;
  return `${changed < 0 ? '-' : ''}${grouped}`;
}

/**
 * Seeded perturbation of a question's context (the `--corrupt` harness):
 * each table cell is perturbed with probability `rate` (its numbers are
 * changed; a cell without a number takes another row's value in its
 * column), and each number in a passage is changed with probability `rate`.
 * Headers, the prompt and the gold answer are left alone. The draws depend
 * only on (seed, question id), so every protocol sees the same corruption.
 * Returns the corrupted question (the changes listed in `meta.corruption`)
 * and the changes.
 */
export function corruptQuestion(question: Question, corruption: Corruption): { question: Question; changes: CorruptionChange[] } {
  const context = question.context;
  if (context === undefined || corruption.rate === 0) return { question, changes: [] };
  const random = seededRandom(deriveSeed(corruption.seed, question.id, 'corrupt'));
  const changes: CorruptionChange[] = [];
  const tables = context.tables?.map((table) => corruptTable(table, corruption.rate, random, changes));
  const passages = context.passages?.map((passage) => {
    let changed = false;
    const text = passage.text.replace(NUMBER, (number) => {
      if (YEAR.test(number) || random() >= corruption.rate) return number;
      changed = true;
      return perturbNumber(number, random);
    });
    if (changed) changes.push({ where: `passage:${passage.id}`, from: passage.text, to: text });
    return { ...passage, text };
  });
  const corrupted: Question = {
    ...question,
    context: { ...context, ...(tables === undefined ? {} : { tables }), ...(passages === undefined ? {} : { passages }) },
    meta: { ...question.meta, corruption: { rate: corruption.rate, seed: corruption.seed, changes: changes.length } },
  };
  return { question: corrupted, changes };
}

function corruptTable(table: Table, rate: number, random: () => number, changes: CorruptionChange[]): Table {
  const rows = table.rows.map((row, rowIndex) =>
    row.map((cell, column) => {
      if (random() >= rate) return cell;
      let changed: string;
      if (HAS_NUMBER.test(cell)) {
        changed = cell.replace(NUMBER, (number) => (YEAR.test(number) ? number : perturbNumber(number, random)));
      } else {
        const others = table.rows.map((other) => other[column] ?? '').filter((other) => other !== cell && other.trim() !== '');
        changed = others.length === 0 ? cell : others[Math.floor(random() * others.length)]!;
      }
      if (changed !== cell) changes.push({ where: `table:${table.id}:${rowIndex}:${table.header[column] ?? column}`, from: cell, to: changed });
      return changed;
    }),
  );
  return { ...table, rows };
}

/** Corrupts every question of a dataset; the text recorded with the run names rate and seed. */
export function corruptQuestions(questions: readonly Question[], corruption: Corruption): Question[] {
  checkCorruptionRate(corruption.rate);
  return questions.map((question) => corruptQuestion(question, corruption).question);
}

/** How a corrupted dataset is named in the run configuration (`finqa+corrupt(p=0.1,seed=1)`). */
export function corruptedDatasetName(name: string, corruption: Corruption): string {
  return corruption.rate === 0 ? name : `${name}+corrupt(p=${corruption.rate},seed=${corruption.seed})`;
}
