/**
 * The trace counts every attempt: each HTTP attempt of a call (repairs and
 * their retries included) is in `attemptLog` with its status and reason, a
 * failed call's attempts are in its error event, and every agent that fails
 * in a parallel round gets an error event of its own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseBackendSpec, type OpenAiSpec } from '../../src/backends/backend-spec.js';
import { retryMiddleware } from '../../src/backends/middleware/retry-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend } from '../../src/backends/openai/openai-backend.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { AttemptRecord, ChatBackend, ChatRequest } from '../../src/spec/chat.js';
import { BackendError } from '../../src/spec/errors.js';
import type { Agent } from '../../src/spec/protocol.js';
import type { Question } from '../../src/spec/question.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { fixedClock } from '../../src/util/clock.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'Pick A or B.' }], decoding: { seed: 3 } };
const format = { name: 'answer', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } };
const question: Question = { id: 'q-attempts', prompt: 'Which is right?', options: { A: 'this', B: 'that' }, gold: { kind: 'choice', value: 'A' } };

let server: FakeOpenAiServer;
let backend: ChatBackend;
before(async () => {
  server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Answer: (A)' } });
  const raw = new OpenAiBackend(parseBackendSpec(`openai:m@${server.url}`) as OpenAiSpec, { env: {} });
  backend = wrapBackend(raw, retryMiddleware({ sleep: async () => undefined, random: () => 0, maxAttempts: 3 }));
});
after(() => server.close());

/** The log without timings, which vary. */
function withoutMs(log: readonly AttemptRecord[] | undefined): Array<Omit<AttemptRecord, 'ms' | 'detail'> & { detail?: boolean }> {
  assert.ok(log !== undefined, 'an attempt log');
  return log.map(({ ms, detail, ...rest }) => {
    assert.ok(Number.isInteger(ms) && ms >= 0);
    return { ...rest, ...(detail === undefined ? {} : { detail: true }) };
  });
}

describe('attemptLog', () => {
  it('one clean call: one attempt, ok', async () => {
    const response = await backend.complete(request);
    assert.equal(response.attempts, 1);
    assert.deepEqual(withoutMs(response.attemptLog), [{ status: 200, reason: 'ok' }]);
  });

  it('a 429 and a 500 before the reply: three attempts, each with its status and reason', async () => {
    server.enqueue({ kind: 'status', status: 429, message: 'slow down', headers: { 'retry-after': '0' } }, { kind: 'status', status: 500, message: 'boom' });
    const response = await backend.complete(request);
    assert.equal(response.attempts, 3);
    assert.deepEqual(withoutMs(response.attemptLog), [
      { status: 429, reason: 'rate-limited', detail: true },
      { status: 500, reason: 'server-error', detail: true },
      { status: 200, reason: 'ok' },
    ]);
    assert.match(response.attemptLog![0]!.detail!, /429 slow down/);
  });

  it('a repair that failed with 503 and the retry that followed: every HTTP call is counted', async () => {
    server.enqueue({ kind: 'reply', text: '{"verdict": 1}' }, { kind: 'status', status: 503, message: 'overloaded' }, { kind: 'reply', text: '{"answer": "A"}' });
    const response = await backend.complete({ ...request, responseFormat: format });
    assert.deepEqual(response.json, { answer: 'A' });
    assert.equal(response.attempts, 3);
    assert.deepEqual(withoutMs(response.attemptLog), [
      { status: 200, reason: 'ok' },
      { status: 503, reason: 'server-error', detail: true, purpose: 'repair' },
      { status: 200, reason: 'ok' },
    ]);
  });

  it('a call that fails for good carries all its attempts in its error, and the hint no longer promises a retry', async () => {
    server.enqueue({ kind: 'reply', text: '' }, { kind: 'malformed' }, { kind: 'status', status: 502, message: 'bad gateway' });
    const error = await backend.complete(request).then(
      () => assert.fail('the call succeeded'),
      (caught: unknown) => caught as BackendError,
    );
    assert.ok(error instanceof BackendError);
    assert.match(error.message, /gave up after 3 attempts/);
    assert.doesNotMatch(error.hint ?? '', /retried/);
    assert.deepEqual(withoutMs(error.attemptLog), [
      { status: 200, reason: 'empty-reply', detail: true },
      { status: 200, reason: 'server-error', detail: true },
      { status: 502, reason: 'server-error', detail: true },
    ]);
  });
});

describe('error events', () => {
  const failing = (name: string, backendOf: ChatBackend): Agent => ({ name, backend: backendOf, decoding: { temperature: 0 } });

  it('two agents failing in one parallel round give two error events, each with its agent, backend and attempts', async () => {
    const ok = new ScriptedBackend({ model: 'ok', fallback: 'Answer: (A)' });
    const broken = (model: string) =>
      wrapBackend(new ScriptedBackend({ model, fallback: () => new BackendError(`scripted:${model}`, 'connection', 'connection failed (ECONNREFUSED)') }), retryMiddleware({ sleep: async () => undefined, random: () => 0, maxAttempts: 2, now: () => 0 }));
    const result = await executeUnit({
      protocol: createDebateProtocol('du', { rounds: 0 }),
      question,
      agents: [failing('Agent A', ok), failing('Agent B', broken('b')), failing('Agent C', broken('c'))],
      seed: 1,
      clock: fixedClock(),
    });
    assert.equal(result.status, 'failed');
    assert.equal(eventsOfType(result.events, 'turn').length, 1, "Agent A's turn is kept");
    const errors = eventsOfType(result.events, 'error');
    assert.deepEqual(
      errors.map(({ agent, round, backend: id, attempts, attemptLog, code }) => ({ agent, round, backend: id, attempts, attemptLog, code })),
      ['b', 'c'].map((model) => ({
        agent: `Agent ${model.toUpperCase()}`,
        round: 0,
        backend: `scripted:${model}`,
        attempts: 2,
        attemptLog: [
          { status: null, reason: 'connection', ms: 0, detail: 'connection failed (ECONNREFUSED)' },
          { status: null, reason: 'connection', ms: 0, detail: 'connection failed (ECONNREFUSED)' },
        ],
        code: 'BACKEND_CONNECTION',
      })),
    );
    assert.equal(result.summary.errors, 2);
  });
});
