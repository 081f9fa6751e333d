import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TINY_ONNX_MODEL_VERSION, type TinyOnnxModelOptions } from '../../src/audit/test-model/build-tiny-onnx-model.js';
import { writeTinyOnnxModel } from '../../src/audit/test-model/write-tiny-onnx-model.js';

const written = new Map<string, Promise<string>>();

/**
 * Folder of the generated tiny ONNX model (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx) under the system temp dir, written
 * once per process and label set. Safe to call from parallel test files.
 */
export function tinyOnnxModelDir(options: TinyOnnxModelOptions = {}): Promise<string> {
  const labels = options.labels ?? ['contradiction', 'entailment', 'neutral'];
  const name = `tiny-onnx-v${TINY_ONNX_MODEL_VERSION}-${labels.join('-').toLowerCase()}`;
  let dir = written.get(name);
  if (dir === undefined) {
    dir = writeTinyOnnxModel(join(tmpdir(), 'quorum-test-cache', 'onnx', name), { ...options, labels });
    written.set(name, dir);
  }
  return dir;
}
