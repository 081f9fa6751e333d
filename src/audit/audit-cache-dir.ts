import { dirname, join } from 'node:path';
import { defaultModelsDir } from '../backends/llama/quorum-cache-dir.js';

/**
 * Directory for one kind of audit-model file, beside the llama models:
 * `$QUORUM_CACHE_DIR/<kind>` when set, else `<user cache>/quorum/<kind>`
 * (`wordvec` for the converted word vectors, `transformers` for downloaded
 * ONNX models). `root` replaces the whole cache root when given.
 */
export function auditCacheDir(kind: 'wordvec' | 'transformers', env: NodeJS.ProcessEnv = process.env, root?: string): string {
  return join(root ?? dirname(defaultModelsDir(env)), kind);
}
