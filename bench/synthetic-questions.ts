import type { Question } from '../src/spec/question.js';

/**
 * Multiple-choice questions made up in memory: distinct ids and prompts, four
 * options, gold A. Their content does not matter to a server that answers
 * "Answer: A" to everything; their number and size do.
 */
export function syntheticQuestions(count: number): Question[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `bench-${index}`,
    prompt: `Synthetic benchmark question ${index}: which of the following options names the correct mechanism?`,
    options: { A: `mechanism ${index} alpha`, B: `mechanism ${index} beta`, C: `mechanism ${index} gamma`, D: `mechanism ${index} delta` },
    gold: { kind: 'choice', value: 'A' },
  }));
}

/** The dataset argument of `startRun` for synthetic questions. */
export function syntheticDataset(count: number): { name: string; path: string; questions: Question[] } {
  return { name: 'synthetic-mcq', path: `synthetic:${count}`, questions: syntheticQuestions(count) };
}
