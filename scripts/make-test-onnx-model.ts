/**
 * Writes quorum's tiny random-weight ONNX model folder (see
 * src/audit/test-model/build-tiny-onnx-model.ts), loadable offline with
 * `transformers:<folder>` for both embeddings and NLI.
 * Usage: node --import tsx scripts/make-test-onnx-model.ts <out-folder> [label,label,label]
 */
import { resolve } from 'node:path';
import { writeTinyOnnxModel } from '../src/audit/test-model/write-tiny-onnx-model.js';

const target = process.argv[2];
if (target === undefined) {
  console.error('usage: node --import tsx scripts/make-test-onnx-model.ts <out-folder> [label,label,label]');
  process.exit(2);
}
const labels = process.argv[3]?.split(',');
console.log(await writeTinyOnnxModel(resolve(target), labels === undefined ? {} : { labels }));
