/**
 * Precision, recall and F1 of the contradiction class (p > 0.5) of an NLI
 * model on the SNLI test slice in the shared data, plus the confusion matrix.
 * Usage: node --import tsx scripts/eval-heuristic-nli.ts [nli-spec] [csv]
 * Defaults: the `heuristic` model; `$QUORUM_SHARED_DATA/snli/snli_test.csv`,
 * else `../shared/data/snli/snli_test.csv` beside the repository.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNliProvider } from '../src/audit/create-nli-provider.js';
import { evaluateNli, NLI_LABELS, parseNliCsv } from '../src/audit/evaluate-nli.js';

const spec = process.argv[2] ?? 'heuristic';
const sharedData = process.env.QUORUM_SHARED_DATA || fileURLToPath(new URL('../../shared/data', import.meta.url));
const file = process.argv[3] === undefined ? join(sharedData, 'snli', 'snli_test.csv') : resolve(process.argv[3]);
const pairs = parseNliCsv(file, await readFile(file, 'utf8'));
const provider = await createNliProvider(spec);
const started = performance.now();
const result = await evaluateNli(provider, pairs);
const seconds = (performance.now() - started) / 1000;
await provider.close?.();

const { precision, recall, f1, truePositives, falsePositives, falseNegatives } = result.contradiction;
const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;
console.log(`model ${provider.id} on ${pairs.length} pairs of ${file.split(/[\\/]/).slice(-2).join('/')} (${seconds.toFixed(2)} s)`);
console.log(`contradiction (p > 0.5): precision ${percent(precision)}  recall ${percent(recall)}  F1 ${percent(f1)}  (TP ${truePositives}, FP ${falsePositives}, FN ${falseNegatives})`);
console.log(`3-way accuracy (argmax): ${percent(result.accuracy)}`);
console.log('confusion (rows gold, columns predicted argmax):');
console.log(['gold \\ predicted', ...NLI_LABELS].map((cell) => cell.padStart(17)).join(''));
for (const gold of NLI_LABELS) console.log([gold, ...NLI_LABELS.map((predicted) => String(result.confusion[gold][predicted]))].map((cell) => cell.padStart(17)).join(''));
