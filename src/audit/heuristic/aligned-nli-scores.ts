import type { NliScores } from '../../spec/audit.js';
import { alignedNegation } from './aligned-negation.js';
import { alignedOpposites } from './aligned-opposites.js';
import { alignedQuantities, quantitySide, type QuantitySide } from './aligned-quantities.js';
import { answerClaim, answersConflict, type AnswerClaim } from './answer-claims.js';
import { clausesOf, type Clause } from './clauses.js';
import { withHypernyms } from './hypernyms.js';
import { optionStatements, valueOptionConflicts, type OptionStatements } from './option-verdicts.js';
import { preferencesConflict, preferredQuotes, type PreferredQuotes } from './preferred-quotes.js';
import { choicesConflict, uniqueChoices, type UniqueChoice } from './unique-choices.js';
import { coverageOf, softmax } from './nli-logits.js';

/** Which aligned rule found a conflict. */
export type AlignedRule = 'answer' | 'verdict' | 'choice' | 'preference' | 'option value' | 'negation' | 'antonym' | 'exclusive' | 'quantity';

/** One piece of evidence that two steps contradict, with its weight (log-odds units). */
export interface AlignedConflict {
  rule: AlignedRule;
  weight: number;
  detail: string;
}

/** The scores of one pair and the evidence behind them. */
export interface AlignedNliResult {
  scores: NliScores;
  conflicts: AlignedConflict[];
  /** Share of the hypothesis's content stems found in the premise (with hypernyms). */
  coverage: number;
}

/** What the aligned rules read from one sentence, once per batch. */
export interface AlignedFacts {
  text: string;
  clauses: Clause[];
  stems: Set<string>;
  answer: AnswerClaim | undefined;
  options: OptionStatements;
  quantities: QuantitySide;
  choices: UniqueChoice[];
  preferred: PreferredQuotes | undefined;
}

const ANSWER_WEIGHT = 3.5;
const VERDICT_WEIGHT = 3.5;
const CHOICE_WEIGHT = 3.5;
const PREFERENCE_WEIGHT = 3.5;
const OPTION_VALUE_WEIGHT = 3;
const NEGATION_WEIGHT = 3;
const QUANTITY_WEIGHT = 3;
// One conflict (weight ≥ 2.5) lifts p(contradiction) past 0.5; none leaves it near 0.1.
const CONTRADICTION_BIAS = -1.8;
const MAX_EVIDENCE = 6;
const ENTAILMENT_BIAS = -1;
const ENTAILMENT_PER_COVERAGE = 4;
const COVERAGE_MIDPOINT = 0.5;
const ENTAILMENT_PENALTY_PER_EVIDENCE = 1.5;

/** Reads the facts of a sentence; pure and deterministic. */
export function alignedFacts(text: string): AlignedFacts {
  const clauses = clausesOf(text);
  const stems = new Set(clauses.flatMap((clause) => clause.stems));
  return { text, clauses, stems, answer: answerClaim(text), options: optionStatements(text), quantities: quantitySide(text, stems), choices: uniqueChoices(text), preferred: preferredQuotes(text) };
}

/**
 * The precision-first lexical NLI (`heuristic`): a contradiction needs
 * evidence that both sentences speak of the same thing — two different
 * answers committed to, two different quoted candidates each called the
 * better or correct one, one option chosen by one step and rejected by the
 * other, one value given to two options, a denied predicate that the other
 * sentence affirms of the same subject, opposite words in the same slot, or
 * two values for one measured thing. Deterministic; probabilities sum to 1.
 */
export function alignedNliScores(premise: string, hypothesis: string): AlignedNliResult {
  return scoreAlignedFacts(alignedFacts(premise), alignedFacts(hypothesis));
}

/** `alignedNliScores` on facts already read. */
export function scoreAlignedFacts(premise: AlignedFacts, hypothesis: AlignedFacts): AlignedNliResult {
  const conflicts = alignedConflicts(premise, hypothesis);
  const evidence = Math.min(
    MAX_EVIDENCE,
    conflicts.reduce((sum, conflict) => sum + conflict.weight, 0),
  );
  const coverage = coverageOf(hypothesis.stems, withHypernyms(premise.stems));
  const logits = {
    entailment: ENTAILMENT_BIAS + ENTAILMENT_PER_COVERAGE * (coverage - COVERAGE_MIDPOINT) - ENTAILMENT_PENALTY_PER_EVIDENCE * evidence,
    neutral: 0,
    contradiction: CONTRADICTION_BIAS + evidence,
  };
  return { scores: softmax(logits), conflicts, coverage };
}

function alignedConflicts(premise: AlignedFacts, hypothesis: AlignedFacts): AlignedConflict[] {
  const conflicts: AlignedConflict[] = [];
  if (premise.answer !== undefined && hypothesis.answer !== undefined && answersConflict(premise.answer, hypothesis.answer)) {
    conflicts.push({ rule: 'answer', weight: ANSWER_WEIGHT, detail: `${describe(premise.answer)} / ${describe(hypothesis.answer)}` });
    // The answers say it all; their numbers would count the same disagreement twice.
    return conflicts;
  }
  // Two steps that commit to the same answer agree on what matters; a word that differs is how they phrase it.
  if (premise.answer !== undefined && hypothesis.answer !== undefined) return conflicts;
  for (const [chooser, rejecter] of [
    [premise, hypothesis],
    [hypothesis, premise],
  ] as const) {
    if (chooser.answer?.kind === 'option' && rejecter.options.rejected.has(chooser.answer.option)) {
      conflicts.push({ rule: 'verdict', weight: VERDICT_WEIGHT, detail: `option ${chooser.answer.option.toUpperCase()} chosen / rejected` });
    }
  }
  const choice = premise.choices.flatMap((a) => hypothesis.choices.filter((b) => choicesConflict(a, b, premise.stems, hypothesis.stems)).map((b) => [a, b] as const))[0];
  if (choice !== undefined) {
    const [a, b] = choice;
    conflicts.push({ rule: 'choice', weight: CHOICE_WEIGHT, detail: `the ${a.degree} ${a.role[0]}: ${a.filler.join(' ')} / ${b.filler.join(' ')}` });
  } else if (premise.preferred !== undefined && hypothesis.preferred !== undefined && preferencesConflict(premise.preferred, hypothesis.preferred)) {
    conflicts.push({ rule: 'preference', weight: PREFERENCE_WEIGHT, detail: `preferred: "${premise.preferred.candidates.join('" or "')}" / "${hypothesis.preferred.candidates.join('" or "')}"` });
  }
  for (const detail of valueOptionConflicts(premise.options, hypothesis.options)) conflicts.push({ rule: 'option value', weight: OPTION_VALUE_WEIGHT, detail });
  const negation = alignedNegation(premise.clauses, hypothesis.clauses) ?? alignedNegation(hypothesis.clauses, premise.clauses);
  if (negation !== undefined) conflicts.push({ rule: 'negation', weight: NEGATION_WEIGHT, detail: `denied: ${negation.shared.join(' ')}` });
  const seen = new Set<string>();
  for (const opposite of alignedOpposites(premise.clauses, hypothesis.clauses)) {
    if (seen.has(opposite.detail)) continue;
    seen.add(opposite.detail);
    conflicts.push(opposite);
  }
  for (const quantity of alignedQuantities(premise.quantities, hypothesis.quantities)) {
    conflicts.push({ rule: 'quantity', weight: QUANTITY_WEIGHT, detail: `${quantity.subject}: ${quantity.detail}` });
  }
  return conflicts;
}

function describe(claim: AnswerClaim): string {
  return claim.kind === 'option' ? `option ${claim.option.toUpperCase()}` : `${claim.value}${claim.unit === undefined ? '' : ` ${claim.unit}`}`;
}
