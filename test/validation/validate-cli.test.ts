/**
 * `quorum audit <run> --validate …` end to end: a run made through the CLI
 * against a fake OpenAI server (agents whose reasoning agrees on some
 * questions and not on others), audited with the default offline models,
 * validated against a ratings CSV of two raters and against a judge model
 * served by the same fake server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-validate-cli-'));
let server: FakeOpenAiServer;
let db: string;
let runId: string;

/** Questions 1–3: the agents give the same reasons; 4–6: each agent reasons about something else. All answer B. */
const SHARED = 'The pancreas secretes insulin from the beta cells of its islets.\nThat hormone lowers blood glucose.';
const OWN: Record<string, string> = {
  'Agent A': 'Mountains form where tectonic plates collide over millions of years.',
  'Agent B': 'A violin has four strings tuned in perfect fifths.',
  'Agent C': 'Bread rises because yeast ferments sugar into carbon dioxide.',
};

function reply(request: RecordedRequest): FakeBehavior {
  if (request.body.response_format?.json_schema?.name === 'alignment_rating') {
    const shared = request.body.messages[1]!.content.includes('beta cells of its islets');
    return { kind: 'reply', text: JSON.stringify({ rating: shared ? 5 : 2, rationale: shared ? 'Same mechanism.' : 'Unrelated reasons.' }), promptTokens: 300, completionTokens: 20 };
  }
  const last = request.body.messages.at(-1)?.content ?? '';
  const agent = /You are (Agent [A-Z])\./.exec(last)?.[1] ?? 'Agent A';
  const question = Number(/demo-0(\d)/.exec(JSON.stringify(request.body.messages))?.[1] ?? 0);
  const own = /Which organ secretes insulin|scurvy|symbol for sodium/.test(JSON.stringify(request.body.messages));
  return { kind: 'reply', text: `${own ? SHARED : OWN[agent]}\nAnswer: B`, promptTokens: 100 + question, completionTokens: 10 };
}

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: reply });
  db = join(dir, 'validate.db');
  const run = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '6', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
  assert.equal(run.code, 0, run.stderr);
  runId = (JSON.parse(run.stdout) as { runId: string }).runId;
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum audit --validate', () => {
  it('a ratings CSV of two raters: --json has spearman, kendall, alpha and monotonic; the text shows the table', async () => {
    const ratings = join(dir, 'ratings.csv');
    writeFileSync(ratings, ['question_id,rater,rating', ...['demo-01', 'demo-02', 'demo-03'].flatMap((id) => [`${id},ana,5`, `${id},ben,4`]), ...['demo-04', 'demo-05', 'demo-06'].flatMap((id) => [`${id},ana,1`, `${id},ben,2`])].join('\n'));
    const audit = await runInProcess(['audit', runId, '--db', db, '--validate', ratings, '--bootstrap', '300', '--json']);
    assert.equal(audit.code, 0, audit.stderr);
    const report = JSON.parse(audit.stdout) as Record<string, any>;
    assert.equal(report.run_id, runId, 'the audit keys are still there');
    assert.equal(report.spearman.n, 6);
    assert.ok(report.spearman.cara_hyb > 0.5, `shared reasoning scores higher and is rated higher: ρ = ${report.spearman.cara_hyb}`);
    assert.ok(report.kendall.cara_hyb > 0.5);
    assert.equal(report.spearman.cara_hyb_ci.length, 2);
    assert.equal(typeof report.spearman.sim, 'number');
    assert.deepEqual(Object.keys(report.alpha), ['value', 'metric', 'raters', 'units', 'pairable_values']);
    assert.equal(report.alpha.raters, 2);
    assert.equal(report.alpha.units, 6);
    // By hand: values 1, 2, 4, 5 three times each (n = 12); every unit pairs 4–5 or 1–2, ordinal δ² = 3² = 9;
    // Σ o·δ² = 4·3·9 = 108, Σ n_c·n_k·δ² = 2·9·(9 + 36 + 81 + 9 + 36 + 9) = 3240 → α = 1 − 11·108/3240.
    assert.ok(Math.abs(report.alpha.value - (1 - (11 * 108) / 3240)) < 1e-12, String(report.alpha.value));
    assert.equal(report.monotonic.levels.length, 5);
    assert.deepEqual(report.monotonic.levels.map((level: { n: number }) => level.n), [0, 3, 0, 0, 3], 'means 1.5 round to 2, means 4.5 to 5');
    assert.equal(report.monotonic.increasing, true);
    assert.equal(report.validation.source, 'csv');
    assert.equal(report.validation.questions, 6);
    assert.deepEqual(report.validation.bootstrap, { resamples: 300, seed: 0, level: 0.95 });

    const text = await runInProcess(['audit', runId, '--db', db, '--validate', ratings, '--bootstrap', '300']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^validation {3}CARA against ratings of reasoning alignment \(1-5\) on 6 questions: 12 ratings by 2 raters from /m);
    assert.match(text.stdout, /^ {2}CARA-HYB {3}\d\.\d{3} \[-?\d\.\d{3}, \d\.\d{3}\]/m);
    assert.match(text.stdout, /^ {2}rating {3}n {3}mean CARA-HYB {3}mean SIM$/m);
    assert.match(text.stdout, /monotonic: mean CARA-HYB increases with the rating/);
    assert.match(text.stdout, /Krippendorff's α \(ordinal\) \d\.\d{3} over 6 questions rated by at least two of 2 raters/);
  });

  it('judge:<spec>: the judge rates every eligible unit; its calls are stored as a validation run and reused on the next validation', async () => {
    const judge = `judge:openai:judge-model@${server.url}`;
    const before = server.requests.length;
    const first = await runInProcess(['audit', runId, '--db', db, '--validate', judge, '--json']);
    assert.equal(first.code, 0, first.stderr);
    const report = JSON.parse(first.stdout) as Record<string, any>;
    const judgeCalls = server.requests.slice(before);
    assert.equal(judgeCalls.length, 6);
    assert.ok(judgeCalls.every((request) => request.body.model === 'judge-model' && request.body.response_format?.json_schema?.name === 'alignment_rating'));
    assert.equal(report.validation.source, 'judge');
    assert.equal(report.validation.judge.backend, `openai:judge-model@${server.url}`);
    assert.equal(report.validation.judge.rubric, 'cara-alignment-v1');
    assert.equal(report.validation.judge.calls, 6);
    assert.equal(report.validation.judge.tokens, 6 * 320);
    assert.equal(report.validation.judge.reused, false);
    assert.equal(report.alpha, null);
    assert.equal(report.monotonic.increasing, true);
    assert.deepEqual(report.monotonic.levels.map((level: { n: number }) => level.n), [0, 3, 0, 0, 3]);

    const validationRun = report.validation.judge.run_id as string;
    const show = JSON.parse((await runInProcess(['show', validationRun, '--db', db, '--json'])).stdout) as Record<string, any>;
    assert.equal(show.protocol, 'validation');
    assert.deepEqual(show.agents, [{ name: 'Judge', backend: `openai:judge-model@${server.url}`, decoding: { temperature: 0, maxTokens: 400 } }]);
    assert.equal(show.calls, 6);
    assert.deepEqual(show.tokens, { promptTokens: 1800, cachedPromptTokens: 0, completionTokens: 120, total: 1920 });

    const again = await runInProcess(['audit', runId, '--db', db, '--validate', judge, '--json']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(server.requests.length, before + 6, 'no new judge calls');
    const reused = JSON.parse(again.stdout) as Record<string, any>;
    assert.equal(reused.validation.judge.run_id, validationRun);
    assert.equal(reused.validation.judge.reused, true);
  });

  it('a malformed ratings file fails before the audit, naming the file and line', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'question_id,rater,rating\ndemo-01,ana,5\ndemo-02,ana,high\n');
    const result = await runInProcess(['audit', runId, '--db', db, '--validate', bad]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^error: .*bad\.csv, line 3, field "rating": expected a whole number from 1 to 5, found "high"\nhint: a ratings file is CSV with the header "question_id,rater,rating"/m);
    assert.doesNotMatch(result.stdout, /CARA-HYB/);
  });
});
