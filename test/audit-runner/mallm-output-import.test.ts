import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { agentNames } from '../../src/audit-runner/importers/agent-names.js';
import { readTranscripts } from '../../src/audit-runner/read-transcripts.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-mallm-import-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Written by us in the layout of MALLM's scheduler output (fixtures/mallm-output/README.md)
const SAMPLE = 'fixtures/mallm-output/mallm-format-sample.json';
const sample = () => JSON.parse(readFileSync(SAMPLE, 'utf8')) as Array<Record<string, unknown>>;

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('MALLM output files', () => {
  it('read every turn per agent, with personas as names and the empty persona given a name', async () => {
    const { format, entries } = await readTranscripts(SAMPLE);
    assert.equal(format, 'mallm', 'detected from the layout');
    const [mcq, gsm] = entries.map((entry) => entry.trace);
    assert.equal(mcq!.protocol, 'memory');
    assert.deepEqual(mcq!.options, { A: 'Venus', B: 'Mars', C: 'Jupiter', D: 'Saturn' });
    assert.equal(mcq!.gold, 'B');
    // Names: "Astronomer", an empty persona (agent id 7a8b…), a second "Astronomer".
    assert.deepEqual(mcq!.agents.map((agent) => agent.name), ['Astronomer', 'Agent 7a8b', 'Astronomer 2']);
    // by hand from the solutions: "B) Mars", "A) Venus", "B) Mars"; then "B) Mars" three times
    assert.deepEqual(mcq!.agents.map((agent) => agent.rounds.map((round) => round.answer)), [['B', 'B'], ['A', 'B'], ['B', 'B']]);
    assert.equal(mcq!.aggregated, 'B', 'finalAnswer "B) Mars"');
    assert.equal(mcq!.agents[0]!.model, 'meta-llama/Meta-Llama-3-8B-Instruct');
    // message 4 (Agent 7a8b, turn 2) was shown messages 0–3: Astronomer and Astronomer 2 of turn 1, Astronomer of turn 2
    assert.deepEqual(mcq!.agents[1]!.rounds[1]!.saw, [{ agent: 'Astronomer', round: 0 }, { agent: 'Astronomer 2', round: 0 }, { agent: 'Astronomer', round: 1 }]);
    assert.equal(gsm!.gold, 6, 'the worked answer ends "#### 6"');
    assert.deepEqual(gsm!.agents.map((agent) => agent.rounds.map((round) => round.answer)), [['6', '6'], ['8', '6'], ['6', '6']]);
  });

  it('become a run whose summaries carry every round', async () => {
    const store = await openStore(':memory:');
    try {
      const imported = await importForeignTraces(store, SAMPLE, { format: 'mallm' });
      const units = await store.listUnits(imported.runId);
      assert.deepEqual(units.map((unit) => [unit.protocol, unit.summary!.correct]), [['memory', true], ['memory', true]]);
      assert.deepEqual(units[0]!.summary!.answersByRound, { Astronomer: ['B', 'B'], 'Agent 7a8b': ['A', 'B'], 'Astronomer 2': ['B', 'B'] });
    } finally {
      await store.close();
    }
  });

  it('a turn an agent skipped is a round with no answer; repeated examples become seeds', async () => {
    const [first] = sample();
    const memory = (first!.globalMemory as Array<Record<string, unknown>>).filter((entry) => !(entry.turn === 1 && entry.persona === ''));
    const { entries } = await readTranscripts(write('skip.json', [{ ...first, globalMemory: memory }, first]), 'mallm');
    assert.deepEqual(entries[0]!.trace.agents[1]!.rounds.map((round) => [round.answer, round.rationale]), [[null, ''], ['B', (memory[3] as { message: string }).message]]);
    assert.deepEqual(entries.map((entry) => entry.trace.seed), [0, 1]);
  });

  it('agent names: empty ones fall back, repeats are numbered', () => {
    assert.deepEqual(agentNames(['Critic', '', 'Critic', ' '], ['x', 'Agent 7a8b']), ['Critic', 'Agent 7a8b', 'Critic 2', 'Agent 4']);
  });

  it('reject malformed files naming the file, the example and the field', async () => {
    const [first] = sample();
    const check = async (name: string, value: unknown, field: string | undefined, pattern: RegExp) =>
      assert.rejects(readTranscripts(write(name, value), 'mallm'), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.field, field);
        assert.match(error.message, pattern);
        assert.ok(error.message.includes(name));
        return true;
      });
    const memory = first!.globalMemory as Array<Record<string, unknown>>;
    await check('turn.json', [first, { ...first, globalMemory: [memory[0], { ...memory[1], turn: 'two' }] }], 'example 2 ("5b0e2c1a-6f3d-4e8a-9b7c-0d1e2f3a4b5c").globalMemory.1.turn', /number/);
    await check('no-memory.json', [{ ...first, globalMemory: [] }], 'example 1 ("5b0e2c1a-6f3d-4e8a-9b7c-0d1e2f3a4b5c").globalMemory', /no messages/);
    await check('no-id.json', [{ input: ['q'], references: [], globalMemory: memory }], 'example 1.exampleId', /expected string/i);
    await check('object.json', { exampleId: 'x' }, undefined, /JSON list of examples/);
    await check('empty.json', [], undefined, /no examples/);
    await check('broken.json', '[{"exampleId": ', undefined, /invalid JSON/);
  });
});
