/**
 * Writes quorum's random-weight test model (see docs/backends-llama.md).
 * Usage: node --import tsx scripts/make-test-gguf.ts [out.gguf]
 * Without an argument it fills the models cache and prints the path.
 */
import { resolve } from 'node:path';
import { ensureTestModel, writeTestModelFile } from '../src/backends/llama/test-model/ensure-test-model.js';

const target = process.argv[2];
const path = target === undefined ? await ensureTestModel() : await writeTestModelFile(resolve(target));
console.log(path);
