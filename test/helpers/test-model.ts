import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTestModel } from '../../src/backends/llama/test-model/ensure-test-model.js';

let cached: Promise<string> | undefined;

/**
 * Path of quorum's generated random-weight GGUF model, written on first use
 * into `$QUORUM_TEST_MODEL_DIR` or a folder under the system temp dir (tests
 * leave the user's model cache alone). Safe to call from parallel test files.
 */
export function testModelPath(): Promise<string> {
  const override = process.env.QUORUM_TEST_MODEL_DIR;
  cached ??= ensureTestModel(override !== undefined && override !== '' ? override : join(tmpdir(), 'quorum-test-cache', 'models'));
  return cached;
}
