/**
 * A fake OpenAI-compatible server whose replies are designed per protocol,
 * question, seed, agent and round, so a study's statistics are known in
 * advance (test/study/mini-study.test.ts derives them by hand).
 *
 * Design on the multiple-choice questions q0…q3 (gold letters in GOLD),
 * unit seeds 1–3, agents A, B, C:
 * - round 0 (every protocol): a unit is "hard" when (question index + seed)
 *   % 3 = 0. In a hard unit Agents A and B give the same wrong letter and C
 *   the gold one (majority wrong); otherwise A and B give the gold letter and
 *   C does too only with seed 1 (so only seed-1 easy units are unanimous).
 * - rounds ≥ 1 (debates): every agent gives the gold letter.
 * Hence `ni` (round 0 only) is right on 8 of 12 units and unanimous on 3;
 * `du` and longer debates are right and unanimous on all 12.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveSeed } from '../../src/util/seed.js';
import { FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server.js';

export const QUESTIONS = ['q0', 'q1', 'q2', 'q3'];
export const GOLD: Record<string, string> = { q0: 'A', q1: 'B', q2: 'C', q3: 'A' };
export const SEEDS = [1, 2, 3];
const AGENTS = ['Agent A', 'Agent B', 'Agent C'];
const WRONG: Record<string, string> = { A: 'B', B: 'C', C: 'A' };

/** Writes the four questions as generic JSONL; the id is in the text so the server can read it back. */
export function writeDesignedQuestions(dir: string): string {
  const path = join(dir, 'designed.jsonl');
  const lines = QUESTIONS.map((id) => JSON.stringify({ id, question: `[${id}] Which option is right for ${id}?`, options: ['alpha', 'beta', 'gamma'], answer: GOLD[id] }));
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Whether round 0 of this unit gives a wrong majority. */
export function isHard(questionId: string, seed: number): boolean {
  return (QUESTIONS.indexOf(questionId) + seed) % 3 === 0;
}

/** The designed answer letter. */
export function designedAnswer(questionId: string, seed: number, agent: string, round: number): string {
  const gold = GOLD[questionId]!;
  if (round >= 1) return gold;
  if (isHard(questionId, seed)) return agent === 'Agent C' ? gold : WRONG[gold]!;
  return agent === 'Agent C' && seed !== 1 ? WRONG[gold]! : gold;
}

/** Who a call is for, read back from its per-call seed (DESIGN §8: seed, question, agent, round, draft). */
interface CallOrigin {
  seed: number;
  agent: string;
  round: number;
}

/** Turns a per-call seed back into the unit seed, agent and round it was derived from — the prompt of `du` names no agent. */
function seedIndex(): Map<number, CallOrigin> {
  const index = new Map<number, CallOrigin>();
  for (const seed of SEEDS) for (const question of QUESTIONS) for (const agent of AGENTS) for (let round = 0; round < 4; round++) index.set(deriveSeed(seed, question, agent, round, 0), { seed, agent, round });
  return index;
}

/** The designed reply to one recorded request. */
export function designedReply(request: RecordedRequest, seeds = seedIndex()): string {
  // the question id is in the question text, which the first user message always holds
  const question = /\[(q\d+)\]/.exec(request.body.messages.find((message) => message.role === 'user')!.content)![1]!;
  const origin = seeds.get(request.body.seed as number);
  if (origin === undefined) throw new Error(`designed server: unknown call seed ${String(request.body.seed)}`);
  const { seed, agent, round } = origin;
  // "(X)": read alike by quorum's parser and by Du et al.'s (the last "(X)")
  return `${agent} compares the options of ${question} in round ${round}, citing reason ${round + 1}.\nAnswer: (${designedAnswer(question, seed, agent, round)})`;
}

/** Starts the designed server. */
export async function startDesignedServer(): Promise<FakeOpenAiServer> {
  const seeds = seedIndex();
  return FakeOpenAiServer.start({ fallback: (request) => ({ kind: 'reply', text: designedReply(request, seeds) }) });
}

/** The study file of the mini-study: ni, du (1 round) and du-r2 (2 rounds) on the designed questions. */
export function miniStudyYaml(url: string, extra = ''): string {
  return `name: mini
description: Designed outcomes on four questions.
datasets:
  - name: designed
    dataset: generic
    path: designed.jsonl
backends:
  fake: openai:designed-model@\${MINI_URL:-${url}}
agents:
  count: 3
  backend: fake
  decoding: { temperature: 0 }
protocols:
  - ni
  - { preset: du, rounds: 1 }
  - { name: du-r2, preset: du, rounds: 2 }
seeds: 1-3
concurrency: 1
comparisons:
  baseline: ni
  pairs:
    - [du-r2, du]
  metrics: [accuracy, agreement, cara_hyb, cr, tokens]
${extra}`;
}

/** Deterministic audit models with the ids of the offline fallbacks (so they match the study's default audit settings). */
export async function designedAuditProviders() {
  const { FakeEmbeddingProvider, FakeNliProvider, hashedVector } = await import('../audit-runner/fake-audit-providers.js');
  return { embedding: new FakeEmbeddingProvider({}, { id: 'wordvec', fallback: hashedVector }), nli: new FakeNliProvider({}, { id: 'heuristic' }) };
}
