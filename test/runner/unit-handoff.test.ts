/**
 * How `executeRun` passes a finished unit's slot on: the next unit starts,
 * and its first requests go out, before the finished unit is committed;
 * only a committed unit counts as finished; and the units waiting for their
 * commit never exceed the concurrency, even when units finish without any
 * I/O (every call a cache hit).
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeRun } from '../../src/runner/execute-run.js';
import type { ProgressSnapshot } from '../../src/runner/progress.js';
import type { ChatBackend, ChatRequest } from '../../src/spec/chat.js';
import type { Agent } from '../../src/spec/protocol.js';
import type { Question } from '../../src/spec/question.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { TraceStore, UnitResult } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import { fixedClock } from '../../src/util/clock.js';

const questions: Question[] = Array.from({ length: 12 }, (_, index) => ({
  id: `q${index}`,
  prompt: `Handoff question number ${index}: which option?`,
  options: { A: 'one', B: 'two', C: 'three', D: 'four' },
  gold: { kind: 'choice', value: 'A' },
}));

/** The question a request is about. */
function questionOf(request: ChatRequest): string {
  const match = /Handoff question number (\d+)/.exec(request.messages.map((message) => message.content).join('\n'));
  assert.ok(match !== null, 'the request carries its question');
  return `q${match[1]}`;
}

/** Three agents on one backend that answers after `delayMs` (0: in the same turn, as a cache hit does), logging each call. */
function agentsLogging(log: string[], delayMs: number): Agent[] {
  const scripted = new ScriptedBackend({ fallback: 'I reason.\nAnswer: (A)' });
  const backend: ChatBackend = Object.assign(Object.create(scripted) as ChatBackend, {
    complete: async (request: ChatRequest) => {
      log.push(`call ${questionOf(request)}`);
      if (delayMs > 0) await sleep(delayMs);
      return scripted.complete(request);
    },
  });
  return ['Agent A', 'Agent B', 'Agent C'].map((name) => ({ name, backend, decoding: { temperature: 0 } }));
}

/** `store` with every `completeUnit` logged when it is called and when it has committed. */
function storeLogging(store: TraceStore, log: string[], unitQuestion: Map<string, string>): TraceStore {
  return Object.assign(Object.create(store) as TraceStore, {
    completeUnit: async (id: string, result: UnitResult) => {
      log.push(`store ${unitQuestion.get(id)}`);
      const stored = await store.completeUnit(id, result);
      log.push(`stored ${unitQuestion.get(id)}`);
      return stored;
    },
    listUnits: async (...args: Parameters<TraceStore['listUnits']>) => {
      const units = await store.listUnits(...args);
      for (const unit of units) unitQuestion.set(unit.id, unit.questionId);
      return units;
    },
  });
}

async function run(options: { concurrency: number; delayMs: number; count: number }) {
  const log: string[] = [];
  const snapshots: Array<{ finished: number; storedSoFar: number }> = [];
  const base = await openStore(':memory:');
  const store = storeLogging(base, log, new Map());
  const protocol = createDebateProtocol('ni');
  const agents = agentsLogging(log, options.delayMs);
  const used = questions.slice(0, options.count);
  const config: RunConfig = {
    protocol: { name: 'ni', preset: 'ni', params: { ...protocol.params } },
    agents: agents.map((agent) => ({ name: agent.name, backend: agent.backend.id, decoding: agent.decoding })),
    dataset: { name: 'handoff', path: 'builtin:handoff', questionIds: used.map((question) => question.id), contentHash: 'x' },
    seeds: [1],
    concurrency: options.concurrency,
    codeVersion: 'test',
    traceVersion: 1,
  };
  const progress = {
    update: (snapshot: ProgressSnapshot) => snapshots.push({ finished: snapshot.finishedHere, storedSoFar: log.filter((line) => line.startsWith('stored ')).length }),
    stop: () => undefined,
  };
  try {
    const outcome = await executeRun({ store, config, protocol, agents, questions: used, newRunId: () => 'run-handoff', clock: fixedClock(), progress });
    return { log, snapshots, outcome, counts: await base.countUnits('run-handoff') };
  } finally {
    await base.close();
  }
}

describe('executeRun: a finished unit and the next one', () => {
  it('the next unit sends its first requests before the finished unit is committed', async () => {
    await run({ concurrency: 1, delayMs: 0, count: 1 }); // loads the store's lazily imported encoder, so no commit waits for it
    const { log, outcome, counts } = await run({ concurrency: 1, delayMs: 20, count: 3 });
    assert.equal(outcome.executed, 3);
    assert.deepEqual(counts, { total: 3, pending: 0, done: 3, failed: 0 });
    for (const [finished, next] of [['q0', 'q1'], ['q1', 'q2']]) {
      const firstCall = log.indexOf(`call ${next}`);
      const commit = log.indexOf(`store ${finished}`);
      assert.ok(firstCall >= 0 && commit >= 0, log.join(', '));
      assert.ok(firstCall < commit, `${next}'s first request went out before ${finished} was committed: ${log.join(', ')}`);
    }
    // the finished unit is still committed before its successor's replies are handled (a turn of the event loop later)
    assert.ok(log.indexOf('stored q0') < log.indexOf('store q1'));
  });

  it('counts a unit as finished only once it is committed', async () => {
    const { snapshots } = await run({ concurrency: 2, delayMs: 1, count: 6 });
    const updates = snapshots.slice(1); // the first update is the run's start
    assert.equal(updates.at(-1)?.finished, 6);
    for (const snapshot of updates) assert.ok(snapshot.finished <= snapshot.storedSoFar, JSON.stringify(snapshot));
  });

  it('holds at most `concurrency` finished units waiting for their commit when units finish without I/O', async () => {
    const concurrency = 2;
    const { log, outcome } = await run({ concurrency, delayMs: 0, count: 12 });
    assert.equal(outcome.executed, 12);
    const started = new Set<string>();
    let stored = 0;
    let mostUnstored = 0;
    for (const line of log) {
      if (line.startsWith('call ')) started.add(line.slice('call '.length));
      if (line.startsWith('stored ')) stored += 1;
      mostUnstored = Math.max(mostUnstored, started.size - stored);
    }
    assert.ok(mostUnstored <= 2 * concurrency, `at most ${2 * concurrency} units started and not stored (running + waiting), saw ${mostUnstored}`);
    assert.ok(mostUnstored > concurrency, `units start while finished ones wait for their commit (saw ${mostUnstored})`);
  });
});
