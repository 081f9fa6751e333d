import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { duMostFrequent } from '../../src/audit-runner/importers/du-most-frequent.js';
import { readTranscripts } from '../../src/audit-runner/read-transcripts.js';
import { DatasetFormatError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-du-import-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Excerpts of lferreiraMD/slm_multiagent_debate (MIT), fixtures/du-results/README.md
const MMLU = 'fixtures/du-results/slm-mmlu-mistral-7b-excerpt.json';
const GSM = 'fixtures/du-results/slm-gsm-mistral-7b-excerpt.json';

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const answersOf = (trace: Awaited<ReturnType<typeof readTranscripts>>['entries'][number]['trace']) => trace.agents.map((agent) => agent.rounds.map((round) => round.answer));

describe('Du et al. results files', () => {
  it('read a published MMLU file: rounds are the assistant messages, answers by their eval rule', async () => {
    const { format, entries } = await readTranscripts(MMLU);
    assert.equal(format, 'du', 'detected from the layout');
    const [{ trace }] = entries as [(typeof entries)[number]];
    assert.equal(trace.questionId, 'du-001');
    assert.equal(trace.gold, 'D');
    assert.equal(trace.dataset, 'mmlu', 'graded by the mmlu scorer');
    assert.deepEqual(trace.options, { A: '46,XX', B: '47,XXX', C: '69,XYY', D: '45,X' });
    assert.deepEqual(trace.agents.map((agent) => agent.name), ['Agent A', 'Agent B', 'Agent C']);
    // Read by hand from the replies: the last "(X)" of each. Agent C's first two replies end on "(X)" itself
    // ("…criteria for monosomy (X)."), which their rule takes as the answer "X".
    assert.deepEqual(answersOf(trace), [['D', 'D', 'D'], ['D', 'D', 'D'], ['X', 'X', 'D']]);
    assert.equal(trace.aggregated, 'D');
    const round1 = trace.agents[1]!.rounds[1]!;
    assert.deepEqual(round1.saw, [{ agent: 'Agent A', round: 0 }, { agent: 'Agent C', round: 0 }]);
    assert.deepEqual(round1.messages!.map((message) => message.role), ['user', 'assistant', 'user']);
  });

  it('read a published GSM file: the last \\boxed{} of digits, else the last number', async () => {
    const { entries } = await readTranscripts(GSM, 'du');
    const { trace } = entries[0]!;
    assert.equal(trace.gold, 52, 'the worked answer ends "#### 52"');
    assert.equal(trace.dataset, 'gsm8k');
    // by hand: "\boxed{52 WPM}" is no match for their braces rule (letters inside), so the last number counts;
    // "\boxed{51.33.}" holds no number, so the earlier text's last number (51.33) does
    assert.deepEqual(answersOf(trace), [['52', '5', '52'], ['51.33', '52', '51.33'], ['5', '51', '3']]);
    assert.equal(trace.aggregated, '52', 'all three differ: most_frequent keeps the first');
  });

  it('become a run whose summaries carry every round (the by-round figures of quorum show read them)', async () => {
    const store = await openStore(':memory:');
    try {
      const mmlu = await importForeignTraces(store, MMLU);
      assert.equal(mmlu.format, 'du');
      const [unit] = await store.listUnits(mmlu.runId);
      const summary = unit!.summary!;
      assert.equal(summary.correct, true);
      assert.deepEqual(summary.answersByRound, { 'Agent A': ['D', 'D', 'D'], 'Agent B': ['D', 'D', 'D'], 'Agent C': ['X', 'X', 'D'] });
      const gsm = await importForeignTraces(store, GSM);
      const [gsmUnit] = await store.listUnits(gsm.runId);
      assert.equal(gsmUnit!.summary!.correct, true, '52 is the gold');
      assert.deepEqual(gsmUnit!.summary!.answersByRound['Agent B'], ['51.33', '52', '51.33']);
    } finally {
      await store.close();
    }
  });

  it('most_frequent: ties go to the first in agent order, unparsed answers do not vote', () => {
    assert.equal(duMostFrequent(['B', 'C', 'C', 'B']), 'B');
    assert.equal(duMostFrequent([null, 'C', null]), 'C');
    assert.equal(duMostFrequent([null, null]), null);
  });

  it('reject malformed files naming the file, the question and the field', async () => {
    const check = async (name: string, value: unknown, field: string | undefined, pattern: RegExp) =>
      assert.rejects(readTranscripts(write(name, value), 'du'), (error: unknown) => {
        assert.ok(error instanceof DatasetFormatError, String(error));
        assert.equal(error.field, field);
        assert.match(error.message, pattern);
        assert.ok(error.message.includes(name));
        return true;
      });
    const good = [[[{ role: 'user', content: 'Q (X)' }, { role: 'assistant', content: '(A)' }]], 'A'];
    await check('not-pair.json', { q1: good, q2: [[]] }, 'question 2 ("q2")', /expected a pair \[agent_contexts, gold\]/);
    await check('role.json', { q1: [[[{ role: 'user', content: 'Q' }, { content: 'x' }]], 'A'] }, 'question 1 ("q1")[0][0][1].role', /expected a string role/);
    await check('content.json', { q1: good, q2: [[[{ role: 'user', content: 'Q' }], [{ role: 'assistant', content: 3 }]], 'B'] }, 'question 2 ("q2")[0][1][0].content', /expected a string content/);
    await check('no-round.json', { q1: [[[{ role: 'user', content: 'Q' }]], 'A'] }, 'question 1 ("q1")[0][0]', /no assistant message/);
    await check('array.json', [good], undefined, /one JSON object keyed by question/);
    await check('empty.json', {}, undefined, /holds no questions/);
    await check('broken.json', '{"q1": [', undefined, /invalid JSON/);
  });
});
