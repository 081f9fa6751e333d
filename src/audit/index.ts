/** Audit models: embedding and NLI providers used by the metrics (docs/audit-models.md). */
export { createEmbeddingProvider, DEFAULT_EMBEDDING_MODEL } from './create-embedding-provider.js';
export { createNliProvider, DEFAULT_NLI_MODEL } from './create-nli-provider.js';
export type { AuditProviderOptions } from './audit-provider-options.js';
export { AuditModelError, type AuditModelFailure } from './audit-model-error.js';
export { parseAuditModelSpec, type AuditModelSpec, type AuditModelKind, type AuditRole } from './audit-model-spec.js';
export { auditCacheDir } from './audit-cache-dir.js';
export { heuristicNliScores, type HeuristicNliResult } from './heuristic/heuristic-nli-scores.js';
export { alignedNliScores, type AlignedNliResult, type AlignedConflict, type AlignedRule } from './heuristic/aligned-nli-scores.js';
export type { HeuristicRules } from './heuristic/heuristic-nli-provider.js';
export { contradictionFlags, type ContradictionFlags } from './contradiction-flags.js';
export { parseContradictionLabels, type LabelledContradictionPair } from './contradiction-labels.js';
export { evaluateNli, parseNliCsv, NLI_LABELS, type LabelledNliPair, type NliEvaluation, type NliLabel } from './evaluate-nli.js';
export { nliQuality, HEURISTIC_NLI_QUALITY, NLI_QUALITY_SET, type NliQuality, type MeasuredNliCounts } from './measured-nli-quality.js';
export { LLM_NLI_SYSTEM_PROMPT, LLM_NLI_SCHEMA_NAME, llmNliMessages, llmNliResponseFormat } from './llm/llm-nli-prompt.js';
export { DEFAULT_LLM_NLI_BATCH } from './llm/llm-nli-provider.js';
