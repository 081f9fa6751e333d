import { basename } from 'node:path';
import { TEST_MODEL_NAME } from '../backends/llama/test-model/test-model-name.js';
import type { RunConfig } from '../spec/run-config.js';

/** Which model answered a run, and whether its answers mean anything. */
export interface RunModel {
  /** The agents' backend specs, distinct, joined by ", " (the judge is listed in the run's configuration). */
  spec: string;
  /** True when an agent or the judge ran on quorum's random-weight test model (the offline stand-in). */
  fallback: boolean;
  /** What a reader must know about the model, or null when there is nothing to say. */
  note: string | null;
}

/** The note of a run answered by the random-weight test model (also printed in its summary). */
export const TEST_MODEL_NOTE =
  "quorum's random-weight test model answered (offline stand-in for a real model): replies are schema-valid nonsense, so accuracy and agreement are chance, not a measurement";

/** Whether a backend spec names quorum's generated test model (`llama:<dir>/quorum-test-model-v<N>.gguf`). */
export function isTestModelSpec(spec: string): boolean {
  if (!spec.startsWith('llama:') || spec.startsWith('llama:hf:')) return false;
  return new RegExp(`^${TEST_MODEL_NAME}-v\\d+\\.gguf$`).test(basename(spec.slice('llama:'.length)));
}

/**
 * A short name of the model behind a backend spec, for listings: the model
 * name of an HTTP server, a GGUF file's name, `repo:quant` of a Hugging Face
 * model, "test model" for quorum's generated one.
 */
export function modelLabel(spec: string): string {
  if (isTestModelSpec(spec)) return 'test model';
  const openai = /^openai:(.+)@https?:\/\//.exec(spec);
  if (openai !== null) return openai[1]!;
  if (spec.startsWith('llama:hf:')) return spec.slice('llama:hf:'.length);
  if (spec.startsWith('llama:')) return basename(spec.slice('llama:'.length));
  return spec;
}

/**
 * Reads the model of a run from its stored configuration, so that `show`
 * and the viewer label a test-model run as plainly as the demo that made it.
 */
export function runModel(config: RunConfig): RunModel {
  const specs = [...new Set(config.agents.map((agent) => agent.backend))];
  const fallback = [...specs, ...(config.judge === undefined ? [] : [config.judge.backend])].some(isTestModelSpec);
  return { spec: specs.join(', '), fallback, note: fallback ? TEST_MODEL_NOTE : null };
}
