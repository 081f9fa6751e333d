import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readForeignTraces } from '../../src/audit-runner/foreign-traces.js';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-foreign-v2-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function writeLines(name: string, lines: readonly unknown[]): string {
  const file = join(dir, name);
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return file;
}

/** The v2 example of docs/metrics.md, "Foreign traces". */
const V2 = {
  version: 2,
  question_id: 'geo-1',
  question: 'Which river flows through Vienna?',
  options: ['Rhine', 'Danube', 'Elbe'],
  gold: 'B',
  protocol: 'debate',
  agents: [
    { name: 'A', model: 'qwen2.5-7b', rounds: [{ rationale: 'The Rhine passes Basel and Cologne. The answer is (A).' }, { rationale: 'The Danube flows through Vienna and Budapest. Answer: B' }] },
    { name: 'B', persona: 'a geographer', rounds: [{ answer: 'B', steps: ['Vienna lies on the Danube'] }, { steps: [{ claim: 'The Danube runs through Vienna', ground: 'an atlas' }], saw: ['A'] }] },
  ],
};

describe('foreign traces, v2', () => {
  it('read every round, parse a missing answer from the text with the options, and mix with v1 lines', async () => {
    const v1 = { question_id: 'geo-2', gold: 7, agents: [{ name: 'A', answer: 7, history: [8], rationale: 'Seven continents.' }] };
    const { lines } = await readForeignTraces(writeLines('mixed.jsonl', [V2, v1]));
    const [v2Trace, v1Trace] = lines.map((entry) => entry.trace);
    assert.deepEqual(v2Trace!.options, { A: 'Rhine', B: 'Danube', C: 'Elbe' });
    // by hand: "(A)" in round 0, "Answer: B" in round 1; B gives B, then only steps that name the Danube (option B)
    assert.deepEqual(v2Trace!.agents.map((agent) => agent.rounds.map((round) => round.answer)), [['A', 'B'], ['B', 'B']]);
    assert.equal(v2Trace!.agents[0]!.model, 'qwen2.5-7b');
    assert.equal(v2Trace!.agents[1]!.persona, 'a geographer');
    assert.deepEqual(v2Trace!.agents[0]!.rounds[1]!.saw, [{ agent: 'B', round: 0 }], 'default: every other agent of the previous round');
    assert.deepEqual(v2Trace!.agents[0]!.rounds[0]!.saw, []);
    assert.deepEqual(v2Trace!.agents[1]!.rounds[1]!.steps, [{ claim: 'The Danube runs through Vienna', ground: 'an atlas' }]);
    assert.deepEqual(v1Trace!.agents[0]!.rounds.map((round) => [round.answer, round.rationale]), [['8', ''], ['7', 'Seven continents.']]);
  });

  it('become units whose summaries carry every round', async () => {
    const store = await openStore(':memory:');
    try {
      const imported = await importForeignTraces(store, writeLines('v2.jsonl', [V2]));
      const [unit] = await store.listUnits(imported.runId);
      assert.deepEqual(unit!.summary!.answersByRound, { A: ['A', 'B'], B: ['B', 'B'] });
      assert.equal(unit!.summary!.correct, true);
      const run = await store.getRun(imported.runId);
      assert.deepEqual(run!.config.agents.map((agent) => [agent.name, agent.backend, agent.persona]), [['A', 'foreign:qwen2.5-7b', undefined], ['B', 'foreign', 'a geographer']]);
    } finally {
      await store.close();
    }
  });

  it('reject malformed v2 lines naming file, line and field', async () => {
    const check = async (name: string, line: unknown, field: string, pattern: RegExp) =>
      assert.rejects(readForeignTraces(writeLines(name, [V2, line])), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.deepEqual([error.line, error.field], [2, field]);
        assert.match(error.message, pattern);
        return true;
      });
    await check('no-rounds.jsonl', { ...V2, question_id: 'x', agents: [{ name: 'A', rounds: [] }] }, 'agents.0.rounds', /too small|at least/i);
    await check('history.jsonl', { ...V2, question_id: 'x', agents: [{ name: 'A', answer: 'B', rounds: [{ answer: 'B' }] }] }, 'agents.0', /unrecognized key/i);
    await check('saw.jsonl', { ...V2, question_id: 'x', agents: [{ name: 'A', rounds: [{ answer: 'B' }, { answer: 'B', saw: ['Z'] }] }] }, 'agents.0.rounds.1.saw.0', /no agent "Z"/);
    await check('version.jsonl', { ...V2, question_id: 'x', version: 3 }, 'version', /2/);
    // a union's issue names the field only
    await check('option.jsonl', { ...V2, question_id: 'x', options: { AB: 'x' } }, 'options', /./);
  });
});
