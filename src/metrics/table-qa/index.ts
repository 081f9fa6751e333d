/** Table-QA metrics: EM, numeric match, token F1, ROUGE-L, log-grounding faithfulness, verifier detection rate, latency (docs/dealog.md). */
export { exactMatch } from './exact-match.js';
export { answerEntities, logFaithfulness, type LogFaithfulness } from './log-faithfulness.js';
export { FINQA_TOLERANCE, numericMatch, numericMatchText, statedValue, type StatedValue } from './numeric-match.js';
export { rougeL, rougeTokens, type RougeScore } from './rouge-l.js';
export { scoreTableQaUnit, tableQaMetrics, type TableQaInputs, type TableQaMetrics, type TableQaUnitScore } from './table-qa-metrics.js';
export { answerTokens, tokenF1 } from './token-f1.js';
export { injectError, INJECTED_ERRORS, verifierDetection, type DetectionCount, type InjectedError, type VerifierDetection } from './verifier-detection.js';
