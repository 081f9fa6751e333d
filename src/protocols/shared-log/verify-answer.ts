import type { QuestionLike } from '../../spec/question.js';
import { normaliseText } from '../../parsing/normalise-text.js';
import { findNumbers } from '../../parsing/numeric-answer.js';
import { readProgram } from '../../tools/finqa-program/arithmetic-expression.js';
import { type ProgramExecution, executeProgram } from '../../tools/finqa-program/execute-program.js';
import { compareWithResult, matchesRounded } from '../../tools/units/compare-result.js';
import { asksForPercent, declaredScale } from '../../tools/units/scale.js';
import type { EvidenceSources } from './evidence-sources.js';
import { findStated, locateInSources, statedNumbers } from './evidence-numbers.js';
import { EVIDENCE_TYPES, type FlagTarget, type LogEntry, MODALITY_OF, answerMeta } from '../../spec/log-entry.js';

/** One named check of an answer (as stored in `verify` events). */
export interface VerifyCheck {
  name: string;
  passed: boolean;
  detail?: string;
}

/** The deterministic verdict on one ANSWER. */
export interface VerifyOutcome {
  checks: VerifyCheck[];
  passed: boolean;
  /** For a failed verdict: what the second-chance round should find or fix (the first failed check's item). */
  target?: FlagTarget;
}

/** What the verifier checks. */
export interface VerifyInput {
  question: QuestionLike;
  /** The ANSWER entry. */
  answer: LogEntry;
  /** The whole log (rejected entries too: citing one is an error that names it). */
  entries: readonly LogEntry[];
  sources: EvidenceSources;
}

const MAGNITUDES = new Set(['thousand', 'million', 'billion']);

/**
 * The VerificationAgent's deterministic checks (no model call), in order:
 * `answer` (there is a value), `citations` (every cited entry exists, is
 * accepted and is evidence), `evidence` (a question with context gets an
 * answer that cites some), then with a program: `program` (it runs, FinQA
 * executor), `arithmetic` (the answer is its result as written, rounding
 * allowed) or `scale` (off by ×/÷ 100, 1e3, 1e6, 1e9), `operands` (each
 * non-constant number of the program is stated by a cited entry),
 * `operand-scales` (no add/subtract/divide/greater across thousands and
 * millions); without one: `grounded` (the answer's number, or a short
 * text answer, is stated by a cited entry); always `question-scale` (a
 * percentage question gets no thousand/million answer; a question "in
 * millions" no answer in another magnitude). Pure and deterministic, so
 * stored traces can be re-verified, e.g. with injected errors.
 */
export function verifyAnswer(input: VerifyInput): VerifyOutcome {
  const { question, answer, entries, sources } = input;
  const meta = answerMeta(answer);
  const checks: VerifyCheck[] = [];
  let target: FlagTarget | undefined;
  const pass = (name: string, detail?: string): void => void checks.push({ name, passed: true, ...(detail === undefined ? {} : { detail }) });
  const fail = (name: string, detail: string, flagged: FlagTarget): void => {
    checks.push({ name, passed: false, detail });
    target ??= flagged;
  };

  if (meta.answer === null) fail('answer', 'the ANSWER has no value', { modality: 'any', item: 'an answer value' });
  else pass('answer');

  const cited = meta.uses.map((seq) => ({ seq, entry: entries[seq] }));
  const bad = cited.filter(({ entry }) => entry === undefined || !entry.accepted || !EVIDENCE_TYPES.has(entry.type));
  const evidence = cited.flatMap(({ entry }) => (entry !== undefined && entry.accepted && EVIDENCE_TYPES.has(entry.type) ? [entry] : []));
  if (bad.length > 0) {
    const why = bad.map(({ seq, entry }) => (entry === undefined ? `#${seq} does not exist` : !entry.accepted ? `#${seq} was rejected (${entry.rejection ?? 'provenance'})` : `#${seq} is a ${entry.type}, not evidence`));
    const first = bad[0]!.entry;
    fail('citations', why.join('; '), { modality: first === undefined ? 'any' : (MODALITY_OF[first.type] ?? 'any'), item: `a checked replacement for entry #${bad[0]!.seq}${first === undefined ? '' : ` (${first.content.slice(0, 80)})`}` });
  } else pass('citations', `${cited.length} cited entries exist and are accepted evidence`);

  if (sources.hasContext && evidence.length === 0) fail('evidence', 'the answer cites no accepted evidence', { modality: 'any', item: 'evidence for the answer' });
  else pass('evidence');

  const numeric = typeof meta.answer === 'number' ? meta.answer : typeof meta.answer === 'string' ? findNumbers(meta.answer)[0]?.value : undefined;
  if (meta.program !== null) {
    let execution: ProgramExecution | undefined;
    try {
      execution = executeProgram(readProgram(meta.program), sources.tables[0]);
      pass('program', `${meta.program} = ${execution.value}`);
    } catch (error) {
      fail('program', `the program does not run: ${(error as Error).message}`, { modality: 'any', item: 'a calculation that runs' });
    }
    if (execution !== undefined) {
      checkResult(execution, meta.answer, numeric, meta.scale, pass, fail);
      checkOperands(execution, evidence, entries, sources, pass, fail);
    }
  } else if (meta.answer !== null) {
    checkGrounded(meta.answer, evidence, sources, pass, fail);
  }

  const questionScale = declaredScale(question.prompt);
  if (asksForPercent(question.prompt) && MAGNITUDES.has(meta.scale)) {
    fail('question-scale', `the question asks for a percentage, the answer is in ${meta.scale}s`, { modality: 'any', item: 'the answer as a percentage' });
  } else if (MAGNITUDES.has(questionScale) && MAGNITUDES.has(meta.scale) && questionScale !== meta.scale) {
    fail('question-scale', `the question asks in ${questionScale}s, the answer is in ${meta.scale}s`, { modality: 'any', item: `the answer in ${questionScale}s` });
  } else pass('question-scale');

  const passed = checks.every((check) => check.passed);
  return { checks, passed, ...(passed || target === undefined ? {} : { target }) };
}

type Pass = (name: string, detail?: string) => void;
type Fail = (name: string, detail: string, target: FlagTarget) => void;

function checkResult(execution: ProgramExecution, answer: number | string | null, numeric: number | undefined, scale: ReturnType<typeof answerMeta>['scale'], pass: Pass, fail: Fail): void {
  if (typeof execution.value !== 'number') {
    const said = typeof answer === 'string' ? normaliseText(answer) : '';
    if (said === execution.value) pass('arithmetic', `the program says ${execution.value}`);
    else fail('arithmetic', `the program says "${execution.value}", the answer "${String(answer)}"`, { modality: 'any', item: 'the comparison' });
    return;
  }
  if (numeric === undefined) {
    fail('arithmetic', `the program gives ${execution.value}, the answer is not a number`, { modality: 'any', item: 'a numeric answer' });
    return;
  }
  // A program that already multiplies by 100 gives the percentage: its result may not be scaled again.
  const last = execution.steps.at(-1);
  const percentInProgram = last?.op === 'multiply' && last.args.some((arg) => arg.trim() === 'const_100');
  const comparison = compareWithResult(numeric, percentInProgram ? '' : scale, execution.value);
  if (comparison.kind === 'match') pass('arithmetic', comparison.form === 'percent' ? `${numeric}% = ${execution.value} × 100` : `${numeric} = ${execution.value}`);
  else if (comparison.kind === 'scale') fail('scale', comparison.detail, { modality: 'any', item: `the unit or scale of the answer (program result ${execution.value})` });
  else fail('arithmetic', comparison.detail, { modality: 'any', item: `the calculation (the program gives ${execution.value})` });
}

function checkOperands(execution: ProgramExecution, evidence: readonly LogEntry[], entries: readonly LogEntry[], sources: EvidenceSources, pass: Pass, fail: Fail): void {
  const scales = new Map<number, string>();
  const problems: Array<{ detail: string; target: FlagTarget }> = [];
  for (const operand of execution.operands.filter((each) => !each.constant)) {
    const holder = evidence.find((entry) => findStated(entry, sources, operand.value) !== undefined);
    if (holder !== undefined) {
      const scale = findStated(holder, sources, operand.value)!.scale;
      if (scale !== '') scales.set(execution.operands.indexOf(operand), scale);
      continue;
    }
    if (problems.some((problem) => problem.target.item.includes(operand.written))) continue;
    const elsewhere = entries.find((entry) => entry.accepted && EVIDENCE_TYPES.has(entry.type) && findStated(entry, sources, operand.value) !== undefined);
    if (elsewhere !== undefined) {
      problems.push({ detail: `operand ${operand.written} is stated by #${elsewhere.seq}, which the answer does not cite`, target: { modality: MODALITY_OF[elsewhere.type] ?? 'any', item: `operand ${operand.written}` } });
    } else {
      const found = locateInSources(sources, operand.value);
      problems.push({
        detail: `operand ${operand.written} is in no log entry${found === undefined ? ' and in no source' : `; it is in ${found.where}`}`,
        target: { modality: found?.modality ?? 'any', item: `the value ${operand.written}${found === undefined ? '' : ` (${found.where})`}` },
      });
    }
  }
  if (problems.length === 0) pass('operands', `${execution.operands.filter((each) => !each.constant).length} operands stated by cited entries`);
  else fail('operands', problems.map((problem) => problem.detail).join('; '), problems[0]!.target);
  const mixed = execution.steps.flatMap((step, index) => {
    if (step.op === 'multiply' || step.op === 'exp' || step.op.startsWith('table_')) return [];
    const [first, second] = execution.operands.map((operand, position) => ({ operand, position })).filter(({ operand }) => operand.step === index);
    if (first === undefined || second === undefined) return [];
    const a = scales.get(first.position);
    const b = scales.get(second.position);
    return a !== undefined && b !== undefined && a !== b && a !== 'percent' && b !== 'percent' ? [`${step.op}(${first.operand.written} in ${a}s, ${second.operand.written} in ${b}s)`] : [];
  });
  if (mixed.length > 0) fail('operand-scales', `combines numbers of different scales: ${mixed.join('; ')}`, { modality: 'any', item: `the scales of ${mixed[0]}` });
  else pass('operand-scales');
}

function checkGrounded(answer: number | string, evidence: readonly LogEntry[], sources: EvidenceSources, pass: Pass, fail: Fail): void {
  // Numeric questions get numbers (the summariser converts); a text answer is checked as text, even when it holds digits.
  if (typeof answer === 'number') {
    const value = answer;
    const stated = evidence.some((entry) => statedNumbers(entry, sources).some((each) => matchesRounded(value, each.value) || matchesRounded(value, each.value * 100)));
    if (stated) pass('grounded', `${value} is stated by a cited entry`);
    else fail('grounded', `${value} is stated by no cited entry and no program computes it`, { modality: 'any', item: `the source of ${value}, or a program` });
    return;
  }
  const said = normaliseText(answer);
  if (said === 'yes' || said === 'no' || said.split(' ').length > 6) {
    pass('grounded', said === 'yes' || said === 'no' ? 'a yes/no answer' : 'a sentence answer (overlap is scored later, not checked here)');
    return;
  }
  // A list answer ("2004, 2005 and 2006") is grounded when each item is stated by some cited entry.
  const items = String(answer).split(/,|\band\b|\|/).map(normaliseText).filter((item) => item !== '');
  const unstated = items.filter((item) => !evidence.some((entry) => ` ${normaliseText(entry.content)} `.includes(` ${item} `)));
  if (unstated.length === 0) pass('grounded', 'the answer is stated by the cited entries');
  else fail('grounded', `${unstated.map((item) => `"${item}"`).join(', ')} stated by no cited entry`, { modality: 'any', item: `the source of "${unstated[0]}"` });
}
