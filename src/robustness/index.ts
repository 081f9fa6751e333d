/** The robustness harness: seeded corruption of question contexts (`quorum run --corrupt <p>`; docs/dealog.md). */
export { checkCorruptionRate, corruptedDatasetName, corruptQuestion, corruptQuestions, MAX_CORRUPTION_RATE, perturbNumber, type Corruption, type CorruptionChange } from './corrupt-question.js';
