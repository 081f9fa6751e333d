/**
 * Candidate best-match step pairs from Du et al.-style debate results files
 * (`{question: [agent_contexts, gold]}`, agent_contexts = the chat messages
 * of each agent; multiple-choice or numeric answers; or the biography task's
 * `{person: agent_contexts}`, which has no answer: `null`), for hand labelling (fixtures/nli-debate/README.md).
 *
 * Steps come from each agent's final-round reply, read as quorum reads a
 * free-format turn (`freeRationale`, then `segmentText`); each step of one
 * agent is paired with its best match (highest `wordvec` cosine) among the
 * other agent's steps, in both directions, for every pair of agents — the
 * pairs CARA sends to the NLI, here also for agents whose answers differ.
 *
 * Usage: node --import tsx scripts/make-nli-debate-pairs.ts <label>=<results.json>… > pairs.jsonl
 * One JSON object per line: source label, question index, agents, their
 * parsed answers, direction, premise (step of the first agent), hypothesis
 * (its best match), cosine.
 */
import { readFile } from 'node:fs/promises';
import { createEmbeddingProvider } from '../src/audit/create-embedding-provider.js';
import { bestMatches } from '../src/metrics/cara/best-match.js';
import { unitVector } from '../src/metrics/cara/unit-vector.js';
import { freeRationale } from '../src/parsing/free-turn.js';
import { parseMcqAnswer } from '../src/parsing/mcq-answer.js';
import { parseNumericAnswer } from '../src/parsing/numeric-answer.js';
import { segmentText } from '../src/parsing/segment-steps.js';

type Message = { role: string; content: string };
// A third element, when present, gives each agent's answer (converted transcripts whose
// answers are neither option letters nor numbers, e.g. mad-to-du-results.ts).
type Results = Record<string, [Message[][], string, (string | null)[]?]>;
// Du et al.'s biography task stores `{person: agent_contexts}`: no gold, no answer to parse.
type BiographyResults = Record<string, Message[][]>;

function isBiography(value: unknown): value is Message[][] {
  return Array.isArray(value) && value.every((agent) => Array.isArray(agent) && agent.every((message) => typeof message === 'object' && message !== null && 'role' in message));
}

/** "…: A) 46,XX, B) 47,XXX, C) 69,XYY, D) 45,X Answer in English…" → options by letter. */
function optionsOf(question: string): Record<string, string> {
  const options: Record<string, string> = {};
  const tail = question.replace(/\s*Answer in English only[\s\S]*$/, '');
  const marks = [...tail.matchAll(/(?:^|[\s:,])([A-D])\)\s/g)];
  marks.forEach((mark, index) => {
    const start = (mark.index ?? 0) + mark[0].length;
    const end = index + 1 < marks.length ? marks[index + 1]!.index : tail.length;
    options[mark[1]!] = tail.slice(start, end).replace(/,\s*$/, '').trim();
  });
  return options;
}

const embedder = await createEmbeddingProvider('wordvec');
for (const argument of process.argv.slice(2)) {
  const at = argument.indexOf('=');
  const label = argument.slice(0, at);
  const results = JSON.parse(await readFile(argument.slice(at + 1), 'utf8')) as Results | BiographyResults;
  let questionIndex = -1;
  for (const [question, value] of Object.entries(results)) {
    questionIndex++;
    const biography = isBiography(value);
    const [contexts, , given]: [Message[][], string, (string | null)[]?] = biography ? [value, '', value.map(() => null)] : value;
    const options = optionsOf(question);
    const finals = contexts.map((messages) => messages.filter((message) => message.role === 'assistant').at(-1)?.content ?? '');
    // No lettered options (GSM-style word problems): the answer is a number.
    const answers = given ?? finals.map((text) => (Object.keys(options).length > 0 ? parseMcqAnswer(text, options) : parseNumericAnswer(text)).value);
    const steps = finals.map((text) => segmentText(freeRationale(text)));
    const vectors = (await Promise.all(steps.map((list) => embedder.embed(list)))).map((list) => list.map(unitVector));
    for (let a = 0; a < steps.length; a++) {
      for (let b = a + 1; b < steps.length; b++) {
        const matches = bestMatches(vectors[a]!, vectors[b]!);
        const emit = (from: number, to: number, i: number, j: number): void => {
          if (j < 0) return;
          const cosine = from === a ? matches.cosine[i]![j]! : matches.cosine[j]![i]!;
          const line = { source: label, question: questionIndex, agents: [from, to], answers: [answers[from], answers[to]], premise: steps[from]![i], hypothesis: steps[to]![j], cosine: Number(cosine.toFixed(4)) };
          console.log(JSON.stringify(line));
        };
        matches.forward.forEach((j, i) => emit(a, b, i, j));
        matches.backward.forEach((i, j) => emit(b, a, j, i));
      }
    }
  }
}
await embedder.close?.();
