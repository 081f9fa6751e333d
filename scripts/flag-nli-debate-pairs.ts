/**
 * The whole-transcript check of an NLI model (docs/audit-models.md): every
 * distinct best-match pair that `make-nli-debate-pairs.ts` emitted (not a
 * sample), scored as CARA scores it, and the flagged ones (p(contradiction)
 * > τ) printed for judging by hand, as in fixtures/nli-debate/dev3-flags.jsonl.
 * A summary on stderr: distinct pairs, flags, and how many of each are
 * pairs of agents whose parsed answers agree (the pairs CARA scores).
 *
 * Usage: node --import tsx scripts/flag-nli-debate-pairs.ts candidates.jsonl [nli-spec] [--tau=0.5] > flags.jsonl
 */
import { readFile } from 'node:fs/promises';
import { createNliProvider } from '../src/audit/create-nli-provider.js';

interface Candidate {
  source: string;
  question: number;
  agents: [number, number];
  answers: [string | null, string | null];
  premise: string;
  hypothesis: string;
  cosine: number;
}

const args = process.argv.slice(2);
const positional = args.filter((arg) => !arg.startsWith('--'));
const [file, spec = 'heuristic'] = positional;
const tau = Number(args.find((arg) => arg.startsWith('--tau='))?.slice('--tau='.length) ?? 0.5);
if (file === undefined) throw new Error('usage: flag-nli-debate-pairs.ts candidates.jsonl [nli-spec] [--tau=0.5]');

// Identical (unordered) pairs once, as the sampler counts them; the first direction emitted is the one scored.
const seen = new Set<string>();
const pairs: Candidate[] = [];
for (const line of (await readFile(file, 'utf8')).split('\n')) {
  if (line.trim() === '') continue;
  const candidate = JSON.parse(line) as Candidate;
  const key = [candidate.source, ...[candidate.premise, candidate.hypothesis].sort()].join('\n');
  if (seen.has(key)) continue;
  seen.add(key);
  pairs.push(candidate);
}
const agree = (pair: Candidate): boolean => pair.answers[0] !== null && pair.answers[0] === pair.answers[1];

const provider = await createNliProvider(spec);
const scores = await provider.classify(pairs.map((pair, index) => ({ id: String(index), premise: pair.premise, hypothesis: pair.hypothesis })));
const flagged = pairs.filter((_, index) => scores[index]!.contradiction > tau);
for (const pair of flagged) console.log(JSON.stringify(pair));
console.error(
  `${provider.id} at τ = ${tau}: ${pairs.length} distinct pairs (${pairs.filter(agree).length} of agreeing agents), ` +
    `${flagged.length} flagged (${flagged.filter(agree).length} of agreeing agents)`,
);
await provider.close?.();
