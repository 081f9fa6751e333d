/**
 * Budget stop and resume: a token budget stops the study cleanly after the
 * unit that reached it (no new unit starts, the study and its run are
 * interrupted, what finished is kept); running it again without the limit
 * continues where it stopped and pays for nothing twice.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openStore } from '../../src/store/open-store.js';
import { loadStudy } from '../../src/study/resolve-study.js';
import { runStudy, type StudyEvent } from '../../src/study/run-study.js';
import { studyProgress } from '../../src/study/study-status.js';
import { formatStudyProgress } from '../../src/study/format-study.js';
import { startDesignedServer, writeDesignedQuestions, miniStudyYaml } from './designed-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-study-budget-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('study budget', () => {
  it('stops after the unit that reaches the budget, then resumes to the end without paying twice', async () => {
    const server = await startDesignedServer();
    const store = await openStore(join(dir, 'budget.db'));
    try {
      writeDesignedQuestions(dir);
      const file = join(dir, 'study.yaml');
      // Concurrency 1 (in the file): the unit in flight when the limit is reached is the one that reached it.
      writeFileSync(file, miniStudyYaml(server.url, 'budget:\n  maxTokens: 500\naudit:\n  enabled: false\n'));
      const events: StudyEvent[] = [];
      const first = await runStudy({ store, study: await loadStudy(file), onEvent: (event) => events.push(event) });
      assert.equal(first.status, 'interrupted');
      assert.match(first.note ?? '', /^token budget reached: \d+ of 500 tokens$/);
      assert.ok(first.spent.tokens >= 500);
      assert.equal(first.audit, null);
      assert.ok(events.some((event) => event.type === 'budget'));
      const stored = (await store.getStudy(first.studyId))!;
      assert.equal(stored.status, 'interrupted');
      assert.equal(stored.note, first.note);

      let progress = await studyProgress(store, stored);
      const [ni, du, duR2] = progress.cells;
      assert.ok(ni!.done > 0 && ni!.done < 12, `ni stopped part way: ${ni!.done}`);
      assert.equal(ni!.runStatus, 'interrupted');
      assert.deepEqual([du!.runId, duR2!.runId], [null, null], 'later cells never started');
      assert.equal(server.requests.length, ni!.done * 3, 'no call beyond the finished units');
      assert.match(formatStudyProgress(progress), /ni\s+\d+\/12\s+0\s+run-/);
      assert.match(formatStudyProgress(progress), /not started/);

      // Same file without the budget: same study id (the budget is not part of what the study is).
      writeFileSync(file, miniStudyYaml(server.url, 'audit:\n  enabled: false\n'));
      const second = await runStudy({ store, study: await loadStudy(file) });
      assert.equal(second.studyId, first.studyId);
      assert.equal(second.status, 'done');
      assert.equal(second.cells[0]!.runId, ni!.runId, 'the interrupted run was continued, not replaced');
      assert.equal(second.cells[0]!.executed, 12 - ni!.done);
      assert.equal(server.requests.length, 36 + 72 + 36, 'every prompt and seed paid once over both invocations');
      progress = await studyProgress(store, (await store.getStudy(first.studyId))!);
      assert.deepEqual(progress.totals, { planned: 36, finished: 36, failed: 0, remaining: 0 });
      assert.equal((await store.countUnits(ni!.runId!)).done, 12, 'no unit stored twice');
    } finally {
      await store.close();
      await server.close();
    }
  });

  it('does not start when the budget is already spent, but still finishes nothing-to-do cells', async () => {
    const server = await startDesignedServer();
    const store = await openStore(join(dir, 'spent.db'));
    try {
      writeDesignedQuestions(dir);
      const file = join(dir, 'spent.yaml');
      writeFileSync(file, miniStudyYaml(server.url, 'audit:\n  enabled: false\n'));
      const done = await runStudy({ store, study: await loadStudy(file) });
      assert.equal(done.status, 'done');
      const requests = server.requests.length;
      // A budget far below what was spent: every cell is finished, so nothing needs paying and the study stays done.
      writeFileSync(file, miniStudyYaml(server.url, 'budget:\n  maxCostUsd: 0.000001\n  maxTokens: 1\naudit:\n  enabled: false\n'));
      const again = await runStudy({ store, study: await loadStudy(file) });
      assert.equal(again.status, 'done');
      assert.equal(server.requests.length, requests);
    } finally {
      await store.close();
      await server.close();
    }
  });
});
