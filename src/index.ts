/**
 * quorum's public API (`import … from 'quorum'`): define protocols,
 * metrics and datasets; create backends and wrap them in middleware; open
 * stores; run, audit and study as the CLI does. The shared test suites are
 * in `quorum/testing`. See docs/library.md.
 */

// spec: the versioned types every part agrees on
export type { Agent, CallOptions, CallResult, ModelRequest, Protocol, ProtocolContext } from './spec/protocol.js';
export type { BackendCapabilities, BackendMiddleware, ChatBackend, ChatMessage, ChatRequest, ChatResponse, ChatRole, Decoding, FinishReason, ResponseFormat, Usage } from './spec/chat.js';
export type { AnswerSpec, Gold, ImageRef, Passage, PosedQuestion, Question, Table } from './spec/question.js';
export { answerSpecOf, optionLetters, poseQuestion, questionSchema } from './spec/question.js';
export type { GdpStep, ParsedAnswer, ParsedTurn } from './spec/answer.js';
export type { FinalEvent, ProtocolEventInput, TraceEvent, TraceEventType, TurnEvent } from './spec/trace.js';
export { eventsOfType, TRACE_VERSION } from './spec/trace.js';
export type { RunListing, RunRecord, TraceStore, UnitRecord, UnitStatus, UnitSummary } from './spec/store.js';
export type { RunConfig } from './spec/run-config.js';
export type { EmbeddingProvider, NliPair, NliProvider, NliScores } from './spec/audit.js';
export type { AnswerScore, Prediction, Scorer, ScorerMetric } from './spec/scorer.js';
export type { Metric, MetricNeed, MetricUnit } from './spec/metric.js';
export { BackendError, ConfigError, DatasetFormatError, QuorumError, StoreError, describeError } from './spec/errors.js';

// protocols: define, register, look up; `context.call` calls an agent and records its turn
export { defineProtocol, type DefinedProtocol, type ProtocolDefinition } from './protocols/define-protocol.js';
export { findProtocolFactory, getProtocolFactory, listProtocols, protocolNames, registerProtocol, type ProtocolFactory, type ProtocolOptions } from './protocols/registry.js';
export { answerInstruction, baselineAnswer } from './protocols/baselines/baseline-answer.js';
export { renderQuestion, renderQuestionContext } from './protocols/render-question.js';

// metrics: define, register, compute
export { applicableMetrics, defineMetric, metricNamed, metricValue, registeredMetrics, registerMetric, requireMetric } from './metrics/metric-registry.js';
export { MetricError } from './metrics/metric-error.js';

// scorers: each dataset's official evaluator
export { SCORERS } from './metrics/scorers/index.js';

// datasets
export { defineDataset, type DatasetDefinition, type DefinedDataset } from './datasets/define-dataset.js';
export { datasetNames, getDataset, registerDataset } from './datasets/registry.js';
export type { DatasetLoader, LoadOptions } from './datasets/dataset-loader.js';
export { loadQuestions, type LoadedDataset, type LoadRequest } from './datasets/load-questions.js';

// backends and middleware
export { createBackend, type CreateBackendOptions } from './backends/create-backend.js';
export { ScriptedBackend, type ScriptedBackendOptions, type ScriptedReply } from './backends/scripted-backend.js';
export { wrapBackend } from './backends/middleware/wrap-backend.js';
export { cacheMiddleware, type CacheOptions } from './backends/middleware/cache-middleware.js';
export { MemoryCompletionCache, type CompletionCache } from './backends/middleware/completion-cache.js';
export { retryMiddleware, type RetryEvent, type RetryOptions } from './backends/middleware/retry-middleware.js';
export { concurrencyMiddleware } from './backends/middleware/concurrency-middleware.js';
export { accountingMiddleware, type AccountingMiddleware, type AccountingTotals } from './backends/middleware/accounting-middleware.js';

// stores
export { openStore, registerStoreBackend, storeSchemes, type OpenStoreOptions, type StoreBackend } from './store/open-store.js';

// audit providers
export { createEmbeddingProvider, createNliProvider } from './audit/index.js';

// plugins and the passes the CLI runs
export { loadPlugin, loadPlugins, PluginError, type LoadedPlugin } from './runner/load-plugin.js';
export { ConfigFileError, type ConfigFileProblem } from './runner/config-file/config-file-error.js';
export { run, runMetrics, type MetricValues, type RunOptions, type RunResult } from './api/run.js';
export { audit, type AuditOptions } from './api/audit.js';
export { study } from './api/study.js';
export { startRun, uniformAgents, type AgentRequest, type StartRunOptions } from './runner/start-run.js';
export { measureRun, readMetricInputs, type MeasureOptions, type RunMeasures, type RunMetricInputs } from './runner/measure-run.js';
export type { RunOutcome } from './runner/execute-run.js';
export { CODE_VERSION, QUORUM_VERSION } from './version.js';
