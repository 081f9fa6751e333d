/**
 * Precision, recall and F1 of the contradiction class (flagged when
 * p > τ) of any NLI model quorum accepts (`heuristic`, `transformers:…`,
 * `http:…`, `llm:<chat backend spec>`) on three labelled sets: the
 * hand-labelled debate steps in fixtures/nli-debate (the dev, dev 2, dev 3
 * and dev 4 parts by default; the held-out part only when named in `--parts`),
 * and the SNLI test slice in the shared data (with its 3-way confusion
 * matrix), at τ = 0.5 and a small sweep of τ. The figures in
 * docs/audit-models.md come from this; a user measures their own NLI
 * (an `llm:` model, say) with it.
 *
 * Usage: node --import tsx scripts/eval-heuristic-nli.ts [nli-spec] [snli.csv …] [--db=<file.db>] [--parts=dev,dev2,dev3,dev4,heldout] [--explain]
 * Defaults: the `heuristic` model; `$QUORUM_SHARED_DATA/snli/snli_test.csv`,
 * else `../shared/data/snli/snli_test.csv` beside the repository (skipped
 * when absent). More SNLI-format CSVs can be listed after the spec.
 * `--db=<file>` keeps an `llm:` model's completions in that store, so a
 * second evaluation sends nothing. `--explain` prints every flagged debate
 * pair and every missed contradiction of the dev parts.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contradictionFlags, type ContradictionFlags } from '../src/audit/contradiction-flags.js';
import { parseContradictionLabels } from '../src/audit/contradiction-labels.js';
import { createNliProvider } from '../src/audit/create-nli-provider.js';
import { evaluateNli, NLI_LABELS, parseNliCsv } from '../src/audit/evaluate-nli.js';
import { openStore } from '../src/store/open-store.js';

const SWEEP = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
const args = process.argv.slice(2);
const explain = args.includes('--explain');
const positional = args.filter((arg) => !arg.startsWith('--'));
const spec = positional[0] ?? 'heuristic';
const sharedData = process.env.QUORUM_SHARED_DATA || fileURLToPath(new URL('../../shared/data', import.meta.url));
const snliFiles = positional.length > 1 ? positional.slice(1).map((file) => resolve(file)) : [join(sharedData, 'snli', 'snli_test.csv')];
const fixtures = fileURLToPath(new URL('../fixtures/nli-debate', import.meta.url));

const dbFile = args.find((arg) => arg.startsWith('--db='))?.slice('--db='.length);
const store = dbFile === undefined ? undefined : await openStore(dbFile);
const provider = await createNliProvider(spec, store === undefined ? {} : { completionCache: store });
const percent = (value: number): string => `${(100 * value).toFixed(1)}%`;
const line = (name: string, flags: ContradictionFlags): string =>
  `${name.padEnd(22)} τ ${flags.threshold.toFixed(1)}  precision ${percent(flags.precision).padStart(6)}  recall ${percent(flags.recall).padStart(6)}  F1 ${percent(flags.f1).padStart(6)}  (TP ${flags.truePositives}, FP ${flags.falsePositives}, FN ${flags.falseNegatives})`;

console.log(`model ${provider.id}`);
// `--parts=dev,dev2` measures only those parts; the held-out part runs only when named
// (`--parts=heldout`), so rule design never runs it by accident.
const partsArg = args.find((arg) => arg.startsWith('--parts='))?.slice('--parts='.length);
const parts = partsArg === undefined ? ['dev', 'dev2', 'dev3', 'dev4'] : partsArg.split(',');
for (const part of parts) {
  const file = join(fixtures, `${part}.jsonl`);
  const pairs = parseContradictionLabels(file, await readFile(file, 'utf8'));
  const started = performance.now();
  const scores = await provider.classify(pairs);
  const seconds = (performance.now() - started) / 1000;
  const probabilities = scores.map((score) => score.contradiction);
  const gold = pairs.map((pair) => pair.contradiction);
  console.log(`\ndebate ${part}: ${pairs.length} pairs, ${gold.filter(Boolean).length} contradictions (${seconds.toFixed(2)} s)`);
  for (const threshold of SWEEP) console.log(line(`debate ${part}`, contradictionFlags(probabilities, gold, threshold)));
  // Only the dev parts are explained: the held-out part stays unread while rules are designed.
  if (explain && part !== 'heldout') {
    pairs.forEach((pair, index) => {
      const flagged = probabilities[index]! > 0.5;
      if (flagged === pair.contradiction && !flagged) return;
      const tag = flagged && pair.contradiction ? 'TP' : flagged ? 'FP' : 'FN';
      console.log(`  ${tag} ${pair.id} p=${probabilities[index]!.toFixed(2)}\n     P: ${pair.premise.slice(0, 200)}\n     H: ${pair.hypothesis.slice(0, 200)}`);
    });
  }
}

for (const file of snliFiles) {
  if (!existsSync(file)) {
    console.log(`\nSNLI: no file at ${file}, skipped`);
    continue;
  }
  const pairs = parseNliCsv(file, await readFile(file, 'utf8'));
  const started = performance.now();
  const result = await evaluateNli(provider, pairs);
  const seconds = (performance.now() - started) / 1000;
  const name = file.split(/[\\/]/).slice(-2).join('/');
  const scores = await provider.classify(pairs);
  const gold = pairs.map((pair) => pair.label === 'contradiction');
  console.log(`\nSNLI ${name}: ${pairs.length} pairs, ${gold.filter(Boolean).length} contradictions (${seconds.toFixed(2)} s)`);
  for (const threshold of SWEEP) console.log(line('snli', contradictionFlags(scores.map((score) => score.contradiction), gold, threshold)));
  console.log(`3-way accuracy (argmax): ${percent(result.accuracy)}`);
  console.log('confusion (rows gold, columns predicted argmax):');
  console.log(['gold \\ predicted', ...NLI_LABELS].map((cell) => cell.padStart(17)).join(''));
  for (const label of NLI_LABELS) console.log([label, ...NLI_LABELS.map((predicted) => String(result.confusion[label][predicted]))].map((cell) => cell.padStart(17)).join(''));
}
const calls = provider.modelCalls?.();
if (calls !== undefined) {
  const cost = calls.unpricedCalls > 0 && calls.unpricedCalls === calls.calls - calls.cacheHits ? 'cost n/a (no price for this model)' : `$${calls.costUsd.toFixed(4)}`;
  console.log(`\nchat-model calls: ${calls.calls} (${calls.cacheHits} from the cache), ${calls.promptTokens} prompt + ${calls.completionTokens} completion tokens, ${cost}`);
}
await provider.close?.();
await store?.close();
