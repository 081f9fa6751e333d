/**
 * What the peers' job's shape allows at a given reply latency, however fast
 * the client: the ideal rate (every slot always waiting on a reply) and the
 * schedule bound (units start in waves of `unitsInFlight`; each unit is
 * `roundsPerUnit` rounds of one reply wave, and a round cannot start before
 * the last reply of the previous one). The fake server's timers fire a
 * little after the nominal latency, so the report also gives the bound at
 * the reply wave measured against that server (`measureReplyWave`).
 */
import http from 'node:http';

/** The job's shape: units, units in flight, rounds per unit, calls per round. */
export interface JobShape {
  questions: number;
  unitsInFlight: number;
  roundsPerUnit: number;
  callsPerRound: number;
}

/** The ideal and the schedule bound of one job at one reply time. */
export interface ScheduleBound {
  /** Calls in flight ÷ seconds per reply. */
  idealRate: number;
  /** Waves of units: ceil(questions ÷ units in flight). */
  waves: number;
  /** waves × rounds per unit × seconds per reply. */
  seconds: number;
  /** All calls ÷ `seconds`. */
  rate: number;
}

/** The ideal rate and the schedule bound of `job` when every reply takes `replySeconds`. */
export function scheduleBound(job: JobShape, replySeconds: number): ScheduleBound {
  const inFlight = job.unitsInFlight * job.callsPerRound;
  const waves = Math.ceil(job.questions / job.unitsInFlight);
  const seconds = waves * job.roundsPerUnit * replySeconds;
  const calls = job.questions * job.roundsPerUnit * job.callsPerRound;
  return { idealRate: inFlight / replySeconds, waves, seconds, rate: calls / seconds };
}

/**
 * The median time for `inFlight` parallel POSTs of a small chat request to
 * be answered by `baseUrl`, over `waves` waves (after one warm-up wave that
 * opens the sockets): the shortest a round of the job can take against that
 * server with a client that costs nothing.
 */
export async function measureReplyWave(baseUrl: string, inFlight: number, waves: number): Promise<number> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const payload = Buffer.from(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Which option? Answer: (A)' }], max_tokens: 8 }));
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.byteLength } }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`))));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  const times: number[] = [];
  try {
    for (let wave = 0; wave <= waves; wave++) {
      const started = performance.now();
      await Promise.all(Array.from({ length: inFlight }, post));
      if (wave > 0) times.push((performance.now() - started) / 1000);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
