/**
 * Converts MAD debate-process files (Liang et al. 2023, "Encouraging
 * Divergent Thinking in Large Language Models through Multi-Agent Debate":
 * `data/CommonMT/Lexical_Ambiguity/MAD_Debate_Process/<n>.json`, one
 * translation debate per file between an "Affirmative side" and a
 * "Negative side") into Du et al.'s results layout, so that
 * `make-nli-debate-pairs.ts` forms their best-match step pairs exactly as it
 * does for Du et al.-style files (fixtures/nli-debate/README.md).
 *
 * Each entry is `{question: [agent_contexts, gold, answers]}`: the two
 * debaters' chat messages (the moderator and judge are not agents), the
 * correct reference translation, and the translation each side was set to
 * defend — the affirmative side's first translation and the one the negative
 * side proposes in its first reply ('… the correct translation … is "X"').
 * The third element is read by `make-nli-debate-pairs.ts` instead of parsing
 * an option letter or number (a translation is neither).
 *
 * Usage: node --import tsx scripts/mad-to-du-results.ts <n>.json … > results.json
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

type Message = { role: string; content: string };
interface MadDebate {
  source: string;
  'correct reference': string;
  'base translation': string;
  players: Record<string, Message[]>;
}

const SIDES = ['Affirmative side', 'Negative side'] as const;

function field<T>(file: string, value: T | undefined, name: string, expected: string): T {
  if (value === undefined || value === null) throw new Error(`${file}: field "${name}" is missing (expected ${expected})`);
  return value;
}

/** The translation a side argues for in its first reply: '… correct translation … is "X"'. */
function proposed(file: string, messages: Message[]): string | null {
  const first = messages.find((message) => message.role === 'assistant');
  const match = first?.content.match(/translation\b[^.]*?\bis\s*["“]([^"”]+)["”]/i);
  if (first === undefined) throw new Error(`${file}: the negative side has no assistant message`);
  return match?.[1]?.trim() ?? null;
}

const results: Record<string, [Message[][], string, (string | null)[]]> = {};
for (const file of process.argv.slice(2)) {
  const debate = JSON.parse(await readFile(file, 'utf8')) as MadDebate;
  const players = field(file, debate.players, 'players', 'an object of message lists by side');
  const contexts = SIDES.map((side) => field(file, players[side], `players.${side}`, 'a list of chat messages'));
  const answers = [field(file, debate['base translation'], 'base translation', 'a string'), proposed(file, contexts[1]!)];
  const question = `${basename(file)}: What is the correct English translation of the following Chinese text: "${field(file, debate.source, 'source', 'a string')}"`;
  results[question] = [contexts, field(file, debate['correct reference'], 'correct reference', 'a string'), answers];
}
console.log(JSON.stringify(results));
