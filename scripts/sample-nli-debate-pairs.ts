/**
 * Draws the pairs to label from `make-nli-debate-pairs.ts` output: identical
 * (unordered) pairs once; questions below `--test-from` go to the dev part,
 * the rest to the test part; per source and part, half the pairs from agents
 * whose parsed final answers differ and half from the others (agreeing, or an
 * answer that did not parse; a half that runs short is filled from the
 * other), each half in SHA-1 order of the pair
 * text — a fixed, content-only order that no classifier's output enters.
 * Then a "contested" stratum, because real contradictions are rare (a few
 * per hundred pairs): pairs not yet drawn whose agents' answers differ and
 * whose steps are close (cosine ≥ 0.85, i.e. about the same thing), from
 * these candidates and from `--extra` files (sources used only here), again
 * in SHA-1 order. With `--contested-any` the contested stratum takes close
 * pairs whatever the answers (tasks with no answer to parse, e.g. Du et al.'s
 * biographies, where agents state different facts about one person).
 *
 * Usage: node --import tsx scripts/sample-nli-debate-pairs.ts candidates.jsonl [--extra more.jsonl]
 *   [--test-from 14] [--dev 40] [--test 20] [--contested-dev 60] [--contested-test 40] [--contested-any] > sample.jsonl
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

interface Candidate {
  source: string;
  question: number;
  agents: [number, number];
  answers: [string | null, string | null];
  premise: string;
  hypothesis: string;
  cosine: number;
}

const [file, ...rest] = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = rest.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(rest[at + 1]);
};
const testFrom = option('test-from', 14);
const perPart = { dev: option('dev', 40), test: option('test', 20) };

const contestedCount = { dev: option('contested-dev', 60), test: option('contested-test', 40) };
const CONTESTED_COSINE = 0.85;
const contestedAny = rest.includes('--contested-any');

const seen = new Set<string>();
const keyOf = (candidate: Candidate): string => [candidate.source, ...[candidate.premise, candidate.hypothesis].sort()].join('\n');
async function readCandidates(path: string): Promise<Candidate[]> {
  const read: Candidate[] = [];
  for (const line of (await readFile(path, 'utf8')).split('\n')) {
    if (line.trim() === '') continue;
    const candidate = JSON.parse(line) as Candidate;
    if (seen.has(keyOf(candidate))) continue;
    seen.add(keyOf(candidate));
    read.push(candidate);
  }
  return read;
}
const candidates = await readCandidates(file!);
const extraAt = rest.indexOf('--extra');
const extra = extraAt === -1 ? [] : await readCandidates(rest[extraAt + 1]!);

const hash = (candidate: Candidate): string => createHash('sha1').update(`${candidate.premise}\n${candidate.hypothesis}`).digest('hex');
// Both answers parsed and different: where contradicting steps are to be expected, if anywhere.
const differ = (candidate: Candidate): boolean => candidate.answers[0] !== null && candidate.answers[1] !== null && candidate.answers[0] !== candidate.answers[1];
const sources = [...new Set(candidates.map((candidate) => candidate.source))];

const picked = new Set<string>();
const emit = (part: string, stratum: string, candidate: Candidate): void => {
  picked.add(keyOf(candidate));
  console.log(JSON.stringify({ part, stratum, ...candidate, answersDiffer: differ(candidate) }));
};
for (const part of ['dev', 'test'] as const) {
  for (const source of sources) {
    const pool = candidates
      .filter((candidate) => candidate.source === source && (candidate.question >= testFrom) === (part === 'test'))
      .sort((x, y) => (hash(x) < hash(y) ? -1 : 1));
    const differing = pool.filter(differ);
    const others = pool.filter((candidate) => !differ(candidate));
    const half = Math.ceil(perPart[part] / 2);
    const fromDiffering = differing.slice(0, Math.max(half, perPart[part] - others.length));
    for (const candidate of [...fromDiffering, ...others.slice(0, perPart[part] - fromDiffering.length)]) emit(part, 'stratified', candidate);
  }
}
for (const part of ['dev', 'test'] as const) {
  const contested = [...candidates, ...extra]
    .filter((candidate) => (candidate.question >= testFrom) === (part === 'test') && (contestedAny || differ(candidate)) && candidate.cosine >= CONTESTED_COSINE && !picked.has(keyOf(candidate)))
    .sort((x, y) => (hash(x) < hash(y) ? -1 : 1));
  for (const candidate of contested.slice(0, contestedCount[part])) emit(part, 'contested', candidate);
}
