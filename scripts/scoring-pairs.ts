// Prints the stress pairs of one dataset's scorer tests as JSON lines, for
// producing the official evaluator's verdicts (fixtures/scoring/README.md):
//   npx tsx scripts/scoring-pairs.ts wtq|tatqa > pairs.jsonl
// Reads the shared benchmark samples (QUORUM_SHARED_DATA or ../shared/data).
import { join } from 'node:path';
import { tatqaLoader } from '../src/datasets/tatqa.js';
import { sharedDataDir } from '../src/datasets/shared-data.js';
import { WTQ_DEFAULT_FILE, wtqLoader } from '../src/datasets/wikitablequestions.js';
import { TATQA_DEFAULT_FILE } from '../src/datasets/tatqa.js';
import { tatqaVariants } from '../test/metrics/scorers/tatqa-variants.js';
import { wtqVariants } from '../test/metrics/scorers/wtq-variants.js';

const dataset = process.argv[2];
if (dataset === 'wtq') {
  const questions = await wtqLoader.load(join(sharedDataDir(), WTQ_DEFAULT_FILE));
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const variant of wtqVariants(questions)) {
    const meta = byId.get(variant.key.split('#')[0]!)!.meta!;
    const canon = typeof meta['targetCanon'] === 'string' ? meta['targetCanon'] : null;
    process.stdout.write(`${JSON.stringify({ key: variant.key, targetValue: meta['targetValue'], targetCanon: canon, predicted: variant.items })}\n`);
  }
} else if (dataset === 'tatqa') {
  const questions = await tatqaLoader.load(join(sharedDataDir(), TATQA_DEFAULT_FILE));
  for (const variant of tatqaVariants(questions)) {
    process.stdout.write(`${JSON.stringify({ key: variant.key, uid: variant.uid, prediction: variant.items, scale: variant.scale })}\n`);
  }
} else {
  process.stderr.write('usage: scoring-pairs.ts wtq|tatqa\n');
  process.exit(2);
}
