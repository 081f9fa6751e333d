import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureReplyWave, scheduleBound } from '../../bench/peers-schedule.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const peersJob = { questions: 200, unitsInFlight: 21, roundsPerUnit: 3, callsPerRound: 3 };

describe('the peers job schedule bound', () => {
  it('at 50 ms: 63 in flight is 1,260/s ideal; 10 waves × 3 rounds = 1.5 s, 1,200/s = 95.2 % of it', () => {
    const bound = scheduleBound(peersJob, 0.05);
    assert.equal(bound.idealRate, 1260);
    assert.equal(bound.waves, 10);
    assert.ok(Math.abs(bound.seconds - 1.5) < 1e-9);
    assert.ok(Math.abs(bound.rate - 1200) < 1e-6);
    assert.equal((bound.rate / bound.idealRate * 100).toFixed(1), '95.2');
  });

  it('a last wave that is not full still costs a whole wave', () => {
    assert.equal(scheduleBound({ ...peersJob, questions: 190 }, 0.05).waves, 10);
    assert.equal(scheduleBound({ ...peersJob, questions: 189 }, 0.05).waves, 9);
  });

  it('measures a reply wave against a server at no less than its latency', async () => {
    const server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Answer: (A)' }, latencyMs: 20 });
    try {
      const wave = await measureReplyWave(server.url, 8, 3);
      assert.ok(wave >= 0.02 && wave < 1, `wave ${wave} s`);
      assert.equal(server.stats.handled, 8 * 4, 'a warm-up wave and three measured waves of 8');
      assert.equal(server.stats.maxInFlight, 8, 'each wave is sent at once');
    } finally {
      await server.close();
    }
  });
});
