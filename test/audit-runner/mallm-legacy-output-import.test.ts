import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { readTranscripts } from '../../src/audit-runner/read-transcripts.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-mallm-legacy-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// A real output file published in MALLM's repository (Apache-2.0), in its early layout;
// one example, fields cut as fixtures/mallm-output/README.md says.
const EXCERPT = 'fixtures/mallm-output/mallm-early-published-excerpt.json';
const raw = () => JSON.parse(readFileSync(EXCERPT, 'utf8')) as Array<Record<string, unknown>>;

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('early MALLM output files (published layout before April 2024)', () => {
  it('read the published example: personas as agents, six turns each, what each turn read, the reference as gold', async () => {
    const { format, entries } = await readTranscripts(EXCERPT);
    assert.equal(format, 'mallm', 'detected from the layout');
    assert.equal(entries.length, 1);
    const trace = entries[0]!.trace;
    const [example] = raw();
    const memory = example!['global_memory'] as Record<string, { turn: number; agent_id: number; text: string }>;
    assert.equal(trace.questionId, '1');
    assert.equal(trace.question, 'Can you find Bugs Bunny at Space Mountain?');
    assert.equal(trace.protocol, 'memory');
    // The file's "references" is one string: the StrategyQA facts, answer first ("No. …").
    assert.match(String(trace.gold), /^No\. Space Mountain is an attraction at Disney theme parks\./);
    // Agents 1, 2, 3 are the personas in the order of the file's "personas" object.
    assert.deepEqual(trace.agents.map((agent) => agent.name), ['Disney Expert', 'Amusement Park Enthusiast', 'Bugs Bunny Impersonator']);
    assert.deepEqual(trace.agents.map((agent) => agent.rounds.length), [6, 6, 6], '"turns": 6, messages 1–18');
    // Message 18 is agent 3's turn 6; message 4 is agent 1's turn 2, which read messages 1–3.
    assert.equal(trace.agents[2]!.rounds[5]!.rationale, memory['18']!.text);
    assert.deepEqual(trace.agents[0]!.rounds[1]!.saw, [{ agent: 'Amusement Park Enthusiast', round: 0 }, { agent: 'Bugs Bunny Impersonator', round: 0 }]);
    assert.equal(trace.agents[0]!.persona, (example!['personas'] as Record<string, string>)['Disney Expert']);
  });

  it('become a run with one unit', async () => {
    const store = await openStore(':memory:');
    try {
      const { units } = await importForeignTraces(store, EXCERPT);
      assert.equal(units, 1);
    } finally {
      await store.close();
    }
  });

  it('reject malformed files naming the file, the example and the field', async () => {
    const [example] = raw();
    const memory = example!['global_memory'] as Record<string, Record<string, unknown>>;
    const check = async (name: string, value: unknown, field: string, pattern: RegExp) =>
      assert.rejects(readTranscripts(write(name, value), 'mallm'), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.field, field);
        assert.match(error.message, pattern);
        assert.ok(error.message.includes(name));
        return true;
      });
    const { text: _text, ...withoutText } = memory['4']!;
    await check('no-text.json', [{ ...example, global_memory: { ...memory, 4: withoutText } }], 'example 1.global_memory.4.text', /string/i);
    await check('turn-zero.json', [example, { ...example, global_memory: { ...memory, 2: { ...memory['2'], turn: 0 } } }], 'example 2.global_memory.2.turn', />=\s*1|too small/i);
    await check('no-messages.json', [{ ...example, global_memory: {} }], 'example 1.global_memory', /no messages/);
    await check('references.json', [{ ...example, references: 7 }], 'example 1.references', /string|array/i);
  });
});
