import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { chatevalScores, chatevalVerdict } from '../../src/audit-runner/importers/chateval-verdict.js';
import { readTranscripts } from '../../src/audit-runner/read-transcripts.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-chateval-import-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// The example output of thunlp/ChatEval's README (Apache-2.0), fixtures/chateval-output/README.md
const EXAMPLE = 'fixtures/chateval-output/chateval-readme-example.json';
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Array<Record<string, unknown>>;

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('ChatEval output files', () => {
  it('read the published example: one round per referee, verdicts from the score lines', async () => {
    const { format, entries } = await readTranscripts(EXAMPLE);
    assert.equal(format, 'chateval', 'detected from the layout');
    const { trace } = entries[0]!;
    assert.equal(trace.question, 'What are the primary factors that influence consumer behavior?');
    assert.deepEqual(trace.agents.map((agent) => agent.name), ['General Public', 'Critic']);
    // by hand: General Public scores 8 and 9 (assistant 2 better), Critic 8 and 8 (a tie); means 8 and 8.5
    assert.deepEqual(trace.agents.map((agent) => agent.rounds.map((round) => round.answer)), [['2'], ['tie']]);
    assert.equal(trace.aggregated, '2');
    assert.deepEqual(trace.meta, { compared: ['gpt35', 'vicuna'] });
    assert.match(trace.agents[1]!.rounds[0]!.rationale, /^Evaluation evidence: Both Assistant 1 and Assistant 2/);
  });

  it('a [Silence] turn with an empty sender is a named turn with no text and no answer', async () => {
    const [first] = example();
    const silent = { ...first, evaluation: [...(first!.evaluation as unknown[]), { role: '', evaluation: '[Silence]' }] };
    const { entries } = await readTranscripts(write('silence.json', [silent]), 'chateval');
    const agents = entries[0]!.trace.agents;
    assert.deepEqual(agents.map((agent) => [agent.name, agent.rounds[0]!.answer, agent.rounds[0]!.rationale === '']), [['General Public', '2', false], ['Critic', 'tie', false], ['Agent 3', null, true]]);
    assert.equal(entries[0]!.trace.aggregated, '2', 'the silent referee gave no scores');
    const store = await openStore(':memory:');
    try {
      const imported = await importForeignTraces(store, write('silence-run.json', [silent]));
      const [unit] = await store.listUnits(imported.runId);
      assert.deepEqual(unit!.summary!.answersByRound, { 'General Public': ['2'], Critic: ['tie'], 'Agent 3': [null] });
    } finally {
      await store.close();
    }
  });

  it('scores: the last pair of score lines; none without both', () => {
    assert.deepEqual(chatevalScores('The score of Assistant 1: 7\nThe score of Assistant 2: [6.5]'), [7, 6.5]);
    assert.equal(chatevalScores('The score of Assistant 1: 7'), undefined);
    assert.equal(chatevalVerdict([7, 6.5]), '1');
    assert.equal(chatevalVerdict(undefined), null);
  });

  it('reject malformed files naming the file, the question and the field', async () => {
    const [first] = example();
    const check = async (name: string, value: unknown, field: string | undefined, pattern: RegExp) =>
      assert.rejects(readTranscripts(write(name, value), 'chateval'), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.field, field);
        assert.match(error.message, pattern);
        assert.ok(error.message.includes(name));
        return true;
      });
    await check('role.json', [first, { ...first, evaluation: [{ evaluation: 'x' }] }], 'question 2.evaluation.0.role', /expected string/i);
    await check('no-eval.json', [{ ...first, evaluation: [] }], 'question 1.evaluation', /no referee evaluation/);
    await check('response.json', [{ ...first, response: ['a', 'b'] }], 'question 1.response', /expected record/i);
    await check('object.json', first, undefined, /JSON list of questions/);
  });
});
