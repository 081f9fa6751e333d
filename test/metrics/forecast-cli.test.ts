import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { populationVariance } from '../../src/metrics/dynamics/statistics.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-forecast-cli-'));
let server: FakeOpenAiServer;

/** Round 0: 3.1, 3.6, 3.4. Later rounds: A agrees with C, B says A is too low, C keeps its forecast. */
function reply(request: RecordedRequest): { kind: 'reply'; text: string; promptTokens: number; completionTokens: number } {
  const user = request.body.messages.at(-1)?.content ?? '';
  const agent = /You are (Agent [A-Z])\./.exec(user)?.[1] ?? '';
  const later = user.includes('Messages from the other agents:');
  const texts: Record<string, [string, string]> = {
    'Agent A': ['Rents lag behind.\nAnswer: 3.1', 'I agree with Agent C that shelter is sticky.\nAnswer: 3.4'],
    'Agent B': ['Core goods ease.\nAnswer: 3.6%', "Agent A's forecast is too low.\nAnswer: 3.5"],
    'Agent C': ['Services persist.\nAnswer: 3.4', 'Services persist.\nAnswer: 3.4'],
  };
  return { kind: 'reply', text: texts[agent]?.[later ? 1 : 0] ?? 'Answer: 0', promptTokens: later ? 200 : 100, completionTokens: 10 };
}

/** The keys of `--json` this test reads. */
interface ForecastReport {
  runId: string;
  dataset: string;
  completed: number;
  prr: { mean: number; byRound: Array<number | null> };
  ad: { mean: number };
  cf: { mean: number; units: number; undefinedUnits: number };
  mae: { mean: number; units: number };
  adaptive: Record<string, unknown> | null;
}

let csv: string;
before(async () => {
  server = await FakeOpenAiServer.start({ fallback: reply });
  // 14 months: window 12 leaves two events, 2021-01 (realised 3.0) and 2021-02 (realised 3.8)
  const values = [...Array.from({ length: 12 }, (_, index) => (2 + index / 20).toFixed(3)), '3.0', '3.8'];
  csv = join(dir, 'sticky.csv');
  writeFileSync(csv, `observation_date,CORESTICKM159SFRBATL\n${values.map((value, index) => `${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01,${value}`).join('\n')}\n`);
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum run --dataset fred', () => {
  it('runs like any dataset; --json and show --json carry prr, ad, cf and mae', async () => {
    const db = join(dir, 'du.db');
    // du-fresh: PRR needs named peers, which du (Du et al.'s wording) does not name
    const run = await runInProcess(['run', '--protocol', 'du-fresh', '--dataset', 'fred', '--data', csv, '--rounds', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as ForecastReport;
    assert.equal(report.dataset, 'fred');
    assert.equal(report.completed, 2);
    // round 1: A and B take a stance on a named peer, C does not → 2/3 in both units
    assert.equal(report.prr.mean, 2 / 3);
    assert.deepEqual(report.prr.byRound, [null, 2 / 3]);
    assert.equal(typeof report.ad.mean, 'number');
    // CF = 1 − Var(3.4, 3.5, 3.4) / Var(3.1, 3.6, 3.4) in both units
    const cf = 1 - populationVariance([3.4, 3.5, 3.4]) / populationVariance([3.1, 3.6, 3.4]);
    assert.ok(Math.abs(report.cf.mean - cf) < 1e-12);
    assert.equal(report.cf.units, 2);
    assert.equal(report.cf.undefinedUnits, 0);
    // majority of (3.4, 3.5, 3.4) is 3.4: |3.4 − 3.0| and |3.4 − 3.8| → MAE 0.4
    assert.ok(Math.abs(report.mae.mean - 0.4) < 1e-12);
    assert.equal(report.mae.units, 2);
    assert.equal(report.adaptive, null);

    const show = await runInProcess(['show', String(report.runId), '--db', db, '--json']);
    const shown = JSON.parse(show.stdout) as Record<string, unknown>;
    for (const key of ['prr', 'ad', 'cf', 'mae', 'adaptive'] as const) assert.deepEqual(shown[key], report[key], key);

    const text = await runInProcess(['show', String(report.runId), '--db', db]);
    assert.match(text.stdout, /prr\s+66\.7% of turns in rounds ≥ 1 take a stance on a seen peer's claim \(mean over 2 units; 4 of 6 turns\)/);
    assert.match(text.stdout, /ad\s+0\.\d{3} mean Jaccard distance/);
    assert.match(text.stdout, /cf\s+0\.\d{3} mean, 0\.\d{3} median over 2 units · by round 0\.000 → 0\.\d{3}/);
    assert.match(text.stdout, /mae\s+0\.400 mean, 0\.400 median absolute error over 2 units/);
  });

  it('--window, --events and --event-seed reach the loader and are recorded in the run', async () => {
    // 14 months 2020-01 … 2021-02. By hand: window 13 leaves one eligible month (2021-02, the 14th row);
    // window 3 leaves 2020-04 … 2021-02 (11 months) and --events 3 spaces them evenly: positions 0, 5, 10 → 2020-04, 2020-09, 2021-02.
    const db = join(dir, 'flags.db');
    const args = ['run', '--protocol', 'ni', '--dataset', 'fred', '--data', csv, '--backend', `openai:fake@${server.url}`, '--db', db, '--json'];
    const wide = await runInProcess([...args, '--window', '13']);
    assert.equal(wide.code, 0, wide.stderr);
    const spaced = await runInProcess([...args, '--window', '3', '--events', '3']);
    assert.equal(spaced.code, 0, spaced.stderr);
    const seeded = await runInProcess([...args, '--window', '3', '--events', '3', '--event-seed', '7']);
    assert.equal(seeded.code, 0, seeded.stderr);
    const store = await openSqliteStore(db);
    try {
      const config = async (result: { stdout: string }) => (await store.getRun(String((JSON.parse(result.stdout) as ForecastReport).runId)))!.config;
      const wideConfig = await config(wide);
      assert.deepEqual(wideConfig.dataset.questionIds, ['fred:2021-02']);
      // recorded resolved: the default of 20 events (docs/forecasting.md, "Options") is filled in
      assert.deepEqual(wideConfig.dataset.forecast, { window: 13, events: 20 });
      const spacedConfig = await config(spaced);
      assert.deepEqual(spacedConfig.dataset.questionIds, ['fred:2020-04', 'fred:2020-09', 'fred:2021-02']);
      assert.deepEqual(spacedConfig.dataset.forecast, { window: 3, events: 3 });
      const seededConfig = await config(seeded);
      assert.deepEqual(seededConfig.dataset.forecast, { window: 3, events: 3, selectionSeed: 7 });
      assert.equal(seededConfig.dataset.questionIds.length, 3);
      assert.ok(seededConfig.dataset.questionIds.every((id) => /^fred:20(20-(0[4-9]|1[0-2])|21-0[12])$/.test(id)), seededConfig.dataset.questionIds.join());
      assert.deepEqual((JSON.parse(seeded.stdout) as { forecast: unknown }).forecast, { window: 3, events: 3, selectionSeed: 7 });
    } finally {
      await store.close();
    }
  });

  it('--window on a dataset that is not a forecasting one is an error, not silently ignored', async () => {
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--window', '3', '--backend', `openai:fake@${server.url}`, '--db', join(dir, 'demo.db')]);
    // a ConfigError: exit code 2 (src/cli/main.ts)
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /--window.*only.*fred/);
  });

  it('adaptive: both units disagree at round 0 and escalate; show reports it', async () => {
    const db = join(dir, 'adaptive.db');
    const run = await runInProcess(['run', '--protocol', 'adaptive', '--data', csv, '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as ForecastReport;
    assert.equal(report.dataset, 'fred');
    assert.deepEqual(report.adaptive, {
      units: 2,
      escalated: 2,
      rounds: 2,
      callsPerStoppedUnit: 6,
      callsSaved: 0,
      callsSavedShare: 0,
      tokensPerLaterCall: 210,
      tokensSavedEstimate: 0,
      tokensSavedShare: 0,
    });
    const text = await runInProcess(['show', String(report.runId), '--db', db]);
    assert.match(text.stdout, /adaptive\s+2 of 2 units escalated to debate · 0 calls saved/);
  });
});
