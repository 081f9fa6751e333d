import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import { ASK_ZOD, compileParse } from '../../src/spec/compiled-parse.js';
import type { Protocol } from '../../src/spec/protocol.js';
import { traceEventBodySchema, traceEventFromBody, type TraceEventInput } from '../../src/spec/trace.js';
import { everyEventTypeBodies } from '../../src/testing/trace-fixtures.js';
import { fixedClock } from '../../src/util/clock.js';
import { seededShuffle } from '../../src/util/seed.js';
import { hashedDebaters } from '../helpers/hashed-debaters.js';
import { agentsOn } from '../helpers/scripted-debaters.js';

const compiled = compileParse(traceEventBodySchema);

/** Bodies protocols emitted in real units (du, gdp, a judge-ranked preset), as stored without their envelope. */
async function protocolBodies(): Promise<TraceEventInput[]> {
  const bodies: TraceEventInput[] = [];
  for (const preset of ['du', 'gdp', 'ni']) {
    const backend = hashedDebaters({ gdp: preset === 'gdp' });
    for (const question of DEMO_QUESTIONS.slice(0, 3)) {
      const result = await executeUnit({ protocol: createDebateProtocol(preset), question, agents: agentsOn(backend), seed: 1, clock: fixedClock(0) });
      for (const { v: _v, seq: _seq, at: _at, ...body } of result.events) bodies.push(body as TraceEventInput);
    }
  }
  return bodies;
}

/** The same body with its keys (and its nested objects' keys) in another order, and the defaulted keys left out. */
function reordered(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, index) => reordered(item, seed + index));
  if (value === null || typeof value !== 'object') return value;
  const entries = seededShuffle(Object.entries(value), seed).filter(([key, entry]) => !((key === 'draft' && entry === 0) || (key === 'selected' && entry === true)));
  return Object.fromEntries(entries.map(([key, entry], index) => [key, reordered(entry, seed * 31 + index)]));
}

/** Every path to a value inside `value` (object keys and array indexes). */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...pathsOf((value as Record<string | number, unknown>)[key], [...prefix, key])]);
}

const BROKEN: Array<(value: unknown) => unknown> = [
  () => undefined, () => null, () => 'x', () => -1, () => 1.5, () => NaN, () => Infinity, () => 2 ** 60, () => true, () => [], () => ({}),
  (value) => (Array.isArray(value) ? [...value, 7] : value !== null && typeof value === 'object' ? { ...value, extra: 1 } : value),
  (value) => (typeof value === 'number' ? -value : value),
  (value) => (typeof value === 'string' ? `${value}!` : value),
];
const DELETE = Symbol('delete');

function mutated(body: unknown, path: ReadonlyArray<string | number>, change: (value: unknown) => unknown | typeof DELETE): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const next = change(parent[last]);
  if (next === DELETE) delete parent[last];
  else parent[last] = next;
  return copy;
}

/** The compiled parse either asks zod or gives exactly zod's output: same keys, same order, same values. */
function assertAgreesWithZod(body: unknown, label: string): 'fast' | 'zod' {
  const fast = compiled(body);
  if (fast === ASK_ZOD) return 'zod';
  const reference = traceEventBodySchema.safeParse(body);
  assert.ok(reference.success, `${label}: the compiled parse accepted a body zod rejects: ${JSON.stringify(body)}`);
  assert.deepStrictEqual(fast, reference.data, label);
  assert.equal(JSON.stringify(fast), JSON.stringify(reference.data), `${label}: key order`);
  return 'fast';
}

describe('the compiled parse of trace event bodies', () => {
  it('gives zod\'s output for every valid body protocols emit, whatever their key order', async () => {
    const bodies = [...(await protocolBodies()), ...everyEventTypeBodies().filter((body) => !Object.values(body).includes(undefined))];
    assert.ok(new Set(bodies.map((body) => body.type)).size >= 7);
    for (const [index, body] of bodies.entries()) {
      assert.equal(assertAgreesWithZod(body, `body ${index}`), 'fast', `body ${index} (${body.type}) should not need zod`);
      assert.equal(assertAgreesWithZod(reordered(body, index + 1), `reordered body ${index}`), 'fast');
    }
  });

  it('leaves every broken body to zod, and agrees with zod on the bodies a change leaves valid', async () => {
    const bodies = [...(await protocolBodies()).slice(0, 12), ...everyEventTypeBodies()];
    let fast = 0;
    let rejected = 0;
    for (const [index, body] of bodies.entries()) {
      for (const path of pathsOf(body)) {
        for (const [which, change] of [...BROKEN, () => DELETE].entries()) {
          const mutant = mutated(body, path, change);
          if (assertAgreesWithZod(mutant, `body ${index} ${path.join('.')} change ${which}`) === 'fast') fast++;
          else if (!traceEventBodySchema.safeParse(mutant).success) rejected++;
        }
      }
    }
    assert.ok(fast > 100 && rejected > 1000, `fast ${fast}, rejected by zod ${rejected}`);
  });

  it('writes a body\'s fields into a given object after its keys, and returns that object', async () => {
    for (const [index, body] of (await protocolBodies()).entries()) {
      const into: Record<string, unknown> = { v: 1, seq: index, at: '' };
      assert.equal(compiled(body, into), into);
      assert.equal(JSON.stringify(into), JSON.stringify({ v: 1, seq: index, at: '', ...traceEventBodySchema.parse(body) }), `body ${index}`);
    }
  });

  it('leaves to zod what it does not model: a non-object, an unknown type, an optional key present as undefined, a class instance', () => {
    const [turn] = everyEventTypeBodies();
    for (const odd of [null, 'turn', [], { ...turn, type: 'speech' }, { ...turn, role: undefined }, Object.assign(new (class Event {})(), turn)]) {
      assert.equal(compiled(odd), ASK_ZOD);
    }
  });
});

describe('traceEventFromBody', () => {
  it('puts the envelope first and the body in schema order, and reads the clock once the body passed', () => {
    let reads = 0;
    const now = () => `t${++reads}`;
    const [turn] = everyEventTypeBodies();
    const event = traceEventFromBody(reordered(turn, 3) as TraceEventInput, 4, now);
    assert.equal(JSON.stringify(event), JSON.stringify({ v: 1, seq: 4, at: 't1', ...traceEventBodySchema.parse(turn) }));
    const broken = { ...turn, round: -1 } as TraceEventInput;
    assert.throws(() => traceEventFromBody(broken, 5, now), (error: Error) => {
      assert.throws(() => traceEventBodySchema.parse(broken), { name: error.name, message: error.message });
      return true;
    });
    assert.equal(reads, 1, 'a rejected body reads no time');
    const withUndefined = { ...turn, role: undefined } as TraceEventInput;
    assert.deepStrictEqual(traceEventFromBody(withUndefined, 6, now), { v: 1, seq: 6, at: 't2', ...traceEventBodySchema.parse(withUndefined) });
  });
});

describe('executeUnit and a malformed event', () => {
  it('fails the unit with zod\'s message, as when zod parsed every event', async () => {
    const malformed = { type: 'mute', round: -1, agent: 'Agent A', reason: 'plugin bug' };
    const plugin: Protocol = {
      name: 'plugin',
      params: {},
      needsJudge: false,
      run: async (context) => context.emit(malformed as never),
    };
    const [question] = DEMO_QUESTIONS;
    const result = await executeUnit({ protocol: plugin, question: question!, agents: agentsOn(hashedDebaters()), seed: 1, clock: fixedClock(0) });
    assert.equal(result.status, 'failed');
    const reference = traceEventBodySchema.safeParse(malformed);
    assert.equal(reference.success, false);
    assert.deepEqual(
      result.events.map((event) => (event.type === 'error' ? { code: event.code, message: event.message } : event.type)),
      [{ code: 'INTERNAL', message: reference.error!.message }],
    );
  });
});
