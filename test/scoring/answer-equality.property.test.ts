import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { getDataset } from '../../src/datasets/registry.js';
import { sharedDataDir } from '../../src/datasets/shared-data.js';
import { goldText } from '../../src/metrics/score-answer.js';
import { scorerFor } from '../../src/metrics/scorers/scorer-for.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { Question } from '../../src/spec/question.js';
import type { FinalEvent, VoteEvent } from '../../src/spec/trace.js';
import { fixedClock } from '../../src/util/clock.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';

// Properties that hold for any scorer, whatever its rules (no expected value comes from quorum's output):
// - equality is symmetric, and two equal answers get the same verdict;
// - after a real run (parser → vote → runner), every member of S(q) gives an answer equal to the
//   aggregated one and graded like it; when all agents give equal answers the vote is unanimous and S(q)
//   holds everyone.

const GENERIC: Question[] = [
  { id: 'generic:text', prompt: 'Capital?', gold: { kind: 'text', value: 'Canberra', aliases: ['Canberra ACT'] } },
  { id: 'generic:number', prompt: 'How much?', gold: { kind: 'number', value: 0.25 } },
  { id: 'generic:choice', prompt: 'Which?', options: { A: 'x', B: 'y', C: 'z' }, gold: { kind: 'choice', value: 'B' } },
];

const SHARED: Array<[dataset: string, file: string]> = [
  ['wtq', join('wikitablequestions', 'data', 'pristine-unseen-tables.tsv')],
  ['tatqa', join('tatqa', 'tatqa_dataset_test_gold.json')],
  ['finqa', join('finqa', 'dev.json')],
  ['fetaqa', join('fetaqa', 'fetaQA-v1_test.jsonl')],
  ['medqa', join('medqa', 'phrases_no_exclude_test.jsonl')],
];

/** Spellings of the gold and of other questions' golds: case, spacing, punctuation, number formats. */
function answerPool(question: Question, others: readonly Question[]): string[] {
  const gold = goldText(question.gold) ?? 'none';
  const variants = [gold, gold.toUpperCase(), gold.toLowerCase(), ` ${gold} `, `${gold}.`, `"${gold}"`, `the ${gold}`];
  const number = Number(gold.replace(/,/g, ''));
  if (Number.isFinite(number)) variants.push(String(-number), number.toLocaleString('en-US'), `${number * 100}%`, `(${gold})`, number.toFixed(5), String(number + 1));
  return [...new Set([...variants, ...others.slice(0, 4).map((other) => goldText(other.gold) ?? 'none')])].filter((answer) => answer.trim() !== '');
}

async function questionsOf(dataset: string, file: string): Promise<Question[] | undefined> {
  const path = join(sharedDataDir(), file);
  if (!existsSync(path)) return undefined;
  return (await getDataset(dataset).load(path, { limit: 12 })).filter((question) => question.gold.kind !== 'none');
}

async function checkQuestions(label: string, questions: readonly Question[], dataset?: string): Promise<void> {
  for (const question of questions) {
    const scorer = scorerFor(question, dataset);
    const pool = answerPool(question, questions.filter((other) => other !== question));
    for (const a of pool) {
      for (const b of pool) {
        const same = scorer.equivalent(a, b, question);
        assert.equal(same, scorer.equivalent(b, a, question), `${label} ${question.id}: equality of ${JSON.stringify(a)} and ${JSON.stringify(b)} is not symmetric`);
        if (same) {
          const [x, y] = [scorer.score({ answer: a }, question).correct, scorer.score({ answer: b }, question).correct];
          assert.equal(x, y, `${label} ${question.id}: ${JSON.stringify(a)} and ${JSON.stringify(b)} are one answer but graded ${x} and ${y}`);
        }
      }
    }
    const choices = question.options === undefined ? pool : Object.keys(question.options).flatMap((letter) => [letter, letter.toLowerCase(), `(${letter})`]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...choices), { minLength: 2, maxLength: 4 }), async (answers) => {
        const backend = scriptedDebate(Object.fromEntries(answers.map((answer, index) => [`Agent ${String.fromCharCode(65 + index)}`, [answer]])));
        const result = await executeUnit({ protocol: createDebateProtocol('ni', {}), question, scorer, agents: agentsOn(backend, answers.length), seed: 5, clock: fixedClock(0) });
        const final = result.events.find((event) => event.type === 'final') as FinalEvent | undefined;
        const vote = result.events.find((event) => event.type === 'vote') as VoteEvent | undefined;
        assert.ok(final !== undefined && vote !== undefined, JSON.stringify(result.events.at(-1)));
        const stated = final.answer.status === 'ok' ? (final.answer.text ?? final.answer.value) : null;
        const turns = result.events.filter((event) => event.type === 'turn');
        const statedOf = (agent: string): string | null => {
          const answer = turns.find((turn) => turn.type === 'turn' && turn.agent === agent)!;
          return answer.type === 'turn' && answer.parsed.answer.status === 'ok' ? (answer.parsed.answer.text ?? answer.parsed.answer.value) : null;
        };
        for (const member of final.agreement ?? []) {
          const answer = statedOf(member);
          assert.ok(answer !== null && stated !== null && scorer.equivalent(answer, stated, question), `${member} in S(q) but ${answer} ≠ ${stated}`);
          assert.equal(scorer.score({ answer }, question).correct, final.correct);
        }
        const parsed = turns.map((turn) => (turn.type === 'turn' ? statedOf(turn.agent) : null));
        const allEqual = parsed.every((answer) => answer !== null && scorer.equivalent(answer, parsed[0]!, question));
        if (allEqual) {
          assert.equal(vote.unanimous, true, `${parsed.join(' / ')} should be unanimous`);
          assert.equal(final.agreement?.length, answers.length);
        }
      }),
      { numRuns: 15, seed: 20261203 },
    );
  }
}

describe('vote, agreement set and scorer agree on every answer kind', () => {
  it('generic text, number and choice questions', async () => {
    await checkQuestions('generic', GENERIC, 'generic');
  });

  for (const [dataset, file] of SHARED) {
    it(`${dataset} questions from the shared samples`, async (context) => {
      const questions = await questionsOf(dataset, file);
      if (questions === undefined) return context.skip(`shared ${dataset} sample not found`);
      await checkQuestions(dataset, questions.slice(0, 6), dataset);
    });
  }
});
