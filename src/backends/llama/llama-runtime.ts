import { getLlama, LlamaLogLevel, type Llama } from 'node-llama-cpp';

let runtime: Promise<Llama> | undefined;

/**
 * The process-wide llama.cpp runtime. GPU is detected automatically (`gpu:
 * 'auto'`) and falls back to CPU when no GPU binding loads;
 * `QUORUM_LLAMA_GPU=false` forces CPU. Never builds llama.cpp from source:
 * only the prebuilt binaries shipped with node-llama-cpp are used, so a
 * machine without a compiler or internet cannot hang here.
 *
 * The first caller's `quiet` decides the log level for the process.
 */
export function loadLlamaRuntime(options: { quiet?: boolean } = {}): Promise<Llama> {
  runtime ??= createRuntime(options.quiet ?? false).catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

async function createRuntime(quiet: boolean): Promise<Llama> {
  const logLevel = quiet ? LlamaLogLevel.error : LlamaLogLevel.warn;
  const forceCpu = ['false', 'off', 'cpu', '0'].includes((process.env.QUORUM_LLAMA_GPU ?? '').toLowerCase());
  if (!forceCpu) {
    try {
      return await getLlama({ gpu: 'auto', build: 'never', logLevel });
    } catch {
      // A GPU binding that fails to load (missing driver, mismatched CUDA) must not stop a CPU run.
    }
  }
  return getLlama({ gpu: false, build: 'never', logLevel });
}
