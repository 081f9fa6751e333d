import type { ChatBackend } from '../spec/chat.js';
import { ConfigError } from '../spec/errors.js';
import { parseBackendSpec, type BackendSpec } from './backend-spec.js';
import type { LlamaBackendOptions } from './llama/llama-backend.js';
import type { OpenAiBackendOptions } from './openai/openai-backend.js';
import { ScriptedBackend, type ScriptedBackendOptions } from './scripted-backend.js';

/** Settings per backend kind; each kind reads only its own. */
export interface CreateBackendOptions {
  openai?: OpenAiBackendOptions;
  llama?: LlamaBackendOptions;
  /** Replies of a `scripted` backend (its model comes from the spec). */
  scripted?: Omit<ScriptedBackendOptions, 'model'>;
}

/**
 * Creates the raw backend a spec names (no middleware: see `wrapBackend`).
 * The llama backend and node-llama-cpp load only when a `llama:` spec is
 * used, so HTTP-only installs never pay for them.
 */
export async function createBackend(spec: string | BackendSpec, options: CreateBackendOptions = {}): Promise<ChatBackend> {
  const parsed = typeof spec === 'string' ? parseBackendSpec(spec) : spec;
  switch (parsed.kind) {
    case 'openai': {
      // loaded on use, like llama: the CLI starts faster when a command needs no backend
      const { OpenAiBackend } = await import('./openai/openai-backend.js');
      return new OpenAiBackend(parsed, options.openai);
    }
    case 'scripted':
      return new ScriptedBackend({ ...options.scripted, model: parsed.model });
    case 'llama': {
      let module: typeof import('./llama/llama-backend.js');
      try {
        module = await import('./llama/llama-backend.js');
      } catch (error) {
        if (isMissingModule(error, 'node-llama-cpp')) {
          throw new ConfigError('llama: backends need the node-llama-cpp package, which is not installed', 'npm install node-llama-cpp');
        }
        throw error;
      }
      return module.createLlamaBackend(parsed, options.llama);
    }
  }
}

function isMissingModule(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' &&
    error.message.includes(name)
  );
}
