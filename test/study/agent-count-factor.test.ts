/**
 * The agent count as a factor of the grid (`agents.counts`): planned, run,
 * stored and reported per backend × count, protocols compared within each
 * count, and line-numbered errors for bad values. The expected figures are
 * derived by hand from the scripted replies below.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { buildStudyReport } from '../../src/study/build-study-report.js';
import { openStore } from '../../src/store/open-store.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { loadStudy } from '../../src/study/resolve-study.js';
import { runStudy } from '../../src/study/run-study.js';
import type { StudyConfig } from '../../src/study/study-config.js';
import { StudyFileError, type StudyFileProblem } from '../../src/study/study-file-error.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-agent-counts-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const study = (url: string, agents = 'counts: [2, 3]') => `name: counts
datasets:
  - name: two
    dataset: generic
    path: two.jsonl
backends:
  fake: openai:count-model@${url}
agents:
  ${agents}
  backend: fake
protocols:
  - ni
  - cr
seeds: [1]
concurrency: 1
audit: { enabled: false }
comparisons:
  baseline: ni
  metrics: [accuracy, agreement]
`;

function problems(text: string): StudyFileProblem[] {
  try {
    parseStudyFile(text, 'study.yaml', {});
  } catch (error) {
    assert.ok(error instanceof StudyFileError, String(error));
    return [...error.problems];
  }
  assert.fail('the study file parsed');
}

describe('agent count as a study factor', () => {
  it('runs every protocol at every count and compares protocols within each count', async () => {
    writeFileSync(
      join(dir, 'two.jsonl'),
      ['q0', 'q1'].map((id) => JSON.stringify({ id, question: `Which option is right for ${id}?`, options: ['alpha', 'beta', 'gamma'], answer: 'A' })).join('\n') + '\n',
    );
    // Agents A and B always answer A (gold); Agent C answers B on its own (round 0) and A once it has seen its peers.
    const server = await FakeOpenAiServer.start({
      fallback: (request) => {
        const text = request.body.messages.map((message) => message.content).join('\n');
        const self = /You are Agent ([A-Z])\./.exec(text)?.[1];
        const sawPeers = /Agent [A-Z], round/.test(text);
        return { kind: 'reply', text: `Reasoning.\nAnswer: ${self === 'C' && !sawPeers ? 'B' : 'A'}` };
      },
    });
    writeFileSync(join(dir, 'study.yaml'), study(server.url));
    const store = await openStore(join(dir, 'counts.db'));
    try {
      const outcome = await runStudy({ store, study: await loadStudy(join(dir, 'study.yaml'), {}) });
      assert.deepEqual(
        outcome.cells.map((cell) => [cell.cell.key, cell.executed]),
        [['ni|two|fake-n2', 2], ['cr|two|fake-n2', 2], ['ni|two|fake-n3', 2], ['cr|two|fake-n3', 2]],
      );
      // stored: each run holds the setup's agents
      const runs = await store.listStudyRuns(outcome.studyId);
      const stored = (await store.getStudy(outcome.studyId))!;
      assert.deepEqual((stored.config as unknown as StudyConfig).setups.map((setup) => [setup.label, setup.agents.length]), [['fake-n2', 2], ['fake-n3', 3]]);
      assert.equal(runs.length, 4);
      const report = await buildStudyReport(store, stored);
      const byLabel = Object.fromEntries(report.protocols.map((row) => [`${row.protocol}/${row.setup}`, row]));
      // n = 2: A and B agree on A everywhere. n = 3: ni keeps C's B (agreement 0, majority A still right); cr's C moves to A.
      assert.deepEqual(
        ['ni/fake-n2', 'cr/fake-n2', 'ni/fake-n3', 'cr/fake-n3'].map((label) => [label, byLabel[label]?.estimates.accuracy.mean, byLabel[label]?.estimates.agreement.mean]),
        [['ni/fake-n2', 1, 1], ['cr/fake-n2', 1, 1], ['ni/fake-n3', 1, 0], ['cr/fake-n3', 1, 1]],
      );
      const agreement = report.comparisons.filter((row) => row.metric === 'agreement').map((row) => [row.setup, row.treatment, row.control, row.n, row.meanDifference]);
      assert.deepEqual(agreement, [['fake-n2', 'cr', 'ni', 2, 0], ['fake-n3', 'cr', 'ni', 2, 1]]);
    } finally {
      await store.close();
      await server.close();
    }
  });

  it('names the line of a bad agent count', () => {
    const url = 'http://127.0.0.1:9/v1';
    const [both] = problems(study(url, 'count: 3\n  counts: [2, 3]'));
    assert.deepEqual([both!.line, both!.field], [9, 'agents']);
    assert.match(both!.message, /exactly one of "count".*"counts"/);
    const [repeated] = problems(study(url, 'counts: [3, 3]'));
    assert.deepEqual([repeated!.line, repeated!.field], [9, 'agents.counts.1']);
    assert.match(repeated!.message, /agent count 3 is listed twice/);
    const [tooMany] = problems(study(url, 'counts: [2, 27]'));
    assert.deepEqual([tooMany!.line, tooMany!.field], [9, 'agents.counts.1']);
    assert.match(tooMany!.message, /at most 26 agents/);
    const [zero] = problems(study(url, 'counts: [0]'));
    assert.equal(zero!.field, 'agents.counts.0');
    const [personas] = problems(study(url, 'counts: [2, 3]\n  personas: [a, b]'));
    assert.equal(personas!.field, 'agents.personas');
    assert.match(personas!.message, /2 personas for up to 3 agents/);
  });
});
