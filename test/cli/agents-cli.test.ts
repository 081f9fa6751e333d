import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';
import { testModelPath } from '../helpers/test-model.js';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-agents-cli-'));
let server: FakeOpenAiServer;
let model: string;

const SKEPTIC = 'You doubt every claim, ask for the mechanism, and accept only named facts.';
const PHARMACOLOGIST = 'You are a pharmacologist: name the receptor, the drug class, and its effect = first principles.';

/** Agents answer B with a line of reasoning; the judge scores every contribution it is shown. */
function reply(request: RecordedRequest): FakeBehavior {
  const schema = request.body.response_format?.json_schema;
  if (schema?.name === 'judge_scores') {
    const ids = (schema.schema.properties as { scores: { items: { properties: { id: { enum: string[] } } } } }).scores.items.properties.id.enum;
    return { kind: 'reply', text: JSON.stringify({ scores: ids.map((id, index) => ({ id, score: 9 - index })), rationale: 'Grounded answers first.' }) };
  }
  return { kind: 'reply', text: `Atropine blocks M2 receptors in the SA node (${request.body.model}).\nAnswer: B` };
}

before(async () => {
  [server, model] = await Promise.all([FakeOpenAiServer.start({ fallback: reply }), testModelPath()]);
  writeFileSync(join(dir, 'skeptic.txt'), `${SKEPTIC}\n`);
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('agents of different backends and a judge of its own (quorum run --agent / --judge / --config)', () => {
  it('ra-cr with two HTTP models and the generated GGUF as agents, a third HTTP model as judge: all resolved, stored and shown', async () => {
    const db = join(dir, 'three-backends.db');
    const before = server.requests.length;
    const run = await runInProcess([
      'run', '--protocol', 'ra-cr', '--dataset', 'demo', '--limit', '2', '--rounds', '1', '--threads', '1', '--db', db, '--json',
      '--agent', `Skeptic=openai:model-a@${server.url},temperature=0.2,persona=@${join(dir, 'skeptic.txt')}`,
      '--agent', `openai:model-b@${server.url},top_p=0.9,max_tokens=200,persona=${PHARMACOLOGIST}`,
      '--agent', `Local=llama:${model},max_tokens=24`,
      '--judge', `Arbiter=openai:judge-model@${server.url},max_tokens=300`,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { runId: string; completed: number; agents: unknown; judge: unknown };
    assert.equal(report.completed, 2);
    const expectedAgents = [
      { name: 'Skeptic', backend: `openai:model-a@${server.url}`, decoding: { temperature: 0.2, maxTokens: 768 }, persona: SKEPTIC },
      { name: 'Agent B', backend: `openai:model-b@${server.url}`, decoding: { temperature: 0.7, maxTokens: 200, topP: 0.9 }, persona: PHARMACOLOGIST },
      { name: 'Local', backend: `llama:${model}`, decoding: { temperature: 0.7, maxTokens: 24 } },
    ];
    const expectedJudge = { name: 'Arbiter', backend: `openai:judge-model@${server.url}`, decoding: { temperature: 0, maxTokens: 300 } };
    assert.deepEqual(report.agents, expectedAgents);
    assert.deepEqual(report.judge, expectedJudge);

    // Each backend got its own agent's calls, with that agent's persona and decoding.
    const calls = server.requests.slice(before);
    const byModel = (name: string) => calls.filter((request) => request.body.model === name);
    assert.ok(byModel('model-a').length >= 2 && byModel('model-b').length >= 2, 'both HTTP agents spoke in both questions');
    for (const request of byModel('model-a')) {
      assert.equal(request.body.temperature, 0.2);
      assert.match(request.body.messages.map((message) => message.content).join('\n'), /You are Skeptic\. You doubt every claim/);
    }
    for (const request of byModel('model-b')) {
      assert.equal(request.body.top_p, 0.9);
      assert.match(request.body.messages.map((message) => message.content).join('\n'), /name the receptor, the drug class, and its effect = first principles/);
    }
    // ra-cr: the judge ranks round 0 and round 1 of each question, and nobody else is asked to rank.
    assert.equal(byModel('judge-model').length, 4);
    assert.ok(byModel('judge-model').every((request) => request.body.response_format?.json_schema?.name === 'judge_scores'));
    assert.ok(calls.every((request) => request.body.model === 'judge-model' || request.body.response_format === undefined));

    const show = await runInProcess(['show', report.runId, '--db', db]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /^agents and judge$/m);
    assert.match(show.stdout, new RegExp(`^ {2}Skeptic {2}openai:model-a@${escapeRegExp(server.url)} · temperature 0\\.2 · max_tokens 768 · persona "You doubt every claim, ask for the mechanism, and accept on…"$`, 'm'));
    assert.match(show.stdout, new RegExp(`^ {2}Agent B {2}openai:model-b@${escapeRegExp(server.url)} · temperature 0\\.7 · top_p 0\\.9 · max_tokens 200 · persona "You are a pharmacologist`, 'm'));
    assert.match(show.stdout, new RegExp(`^ {2}Local {4}llama:${escapeRegExp(model)} · temperature 0\\.7 · max_tokens 24$`, 'm'));
    assert.match(show.stdout, new RegExp(`^ {2}Arbiter {2}openai:judge-model@${escapeRegExp(server.url)} · temperature 0 · max_tokens 300 \\(judge\\)$`, 'm'));
    const shownJson = JSON.parse((await runInProcess(['show', report.runId, '--db', db, '--json'])).stdout) as { agents: unknown; judge: unknown };
    assert.deepEqual(shownJson.agents, expectedAgents);
    assert.deepEqual(shownJson.judge, expectedJudge);
  });

  it('--config run.yaml: the same kind of run from a file; explicit flags override its fields', async () => {
    writeFileSync(
      join(dir, 'run.yaml'),
      [
        'protocol: {preset: ra-cr, rounds: 1}',
        'dataset: {dataset: demo, limit: 1}',
        `backend: openai:model-a@${server.url}`,
        'agents:',
        '  - name: Skeptic',
        '    personaFile: skeptic.txt',
        `  - backend: openai:model-b@${server.url}`,
        '    decoding: {temperature: 0.1}',
        '  - {}',
        `judge: openai:judge-model@${server.url}`,
        'seeds: [1]',
        'decoding: {temperature: 0.5, maxTokens: 300}',
        'db: from-file.db',
      ].join('\n'),
    );
    const run = await runInProcess(['run', '--config', join(dir, 'run.yaml'), '--seed', '3', '--max-tokens', '111', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { runId: string; seeds: number[]; agents: Array<Record<string, unknown>>; judge: Record<string, unknown>; protocol: string };
    assert.equal(report.protocol, 'ra-cr');
    assert.deepEqual(report.seeds, [3]);
    assert.deepEqual(report.agents, [
      { name: 'Skeptic', backend: `openai:model-a@${server.url}`, decoding: { temperature: 0.5, maxTokens: 111 }, persona: SKEPTIC },
      { name: 'Agent B', backend: `openai:model-b@${server.url}`, decoding: { temperature: 0.1, maxTokens: 111 } },
      { name: 'Agent C', backend: `openai:model-a@${server.url}`, decoding: { temperature: 0.5, maxTokens: 111 } },
    ]);
    assert.deepEqual(report.judge, { name: 'Judge', backend: `openai:judge-model@${server.url}`, decoding: { temperature: 0, maxTokens: 512 } });
    // The database named in the file, relative to the file.
    assert.equal((await runInProcess(['show', report.runId, '--db', join(dir, 'from-file.db'), '--json'])).code, 0);

    // --agent replaces the file's agent list; --agents then adds agents on the file's backend.
    const replaced = await runInProcess(['run', '--config', join(dir, 'run.yaml'), '--agent', `Solo=openai:model-b@${server.url}`, '--agents', '2', '--fresh', '--json']);
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.deepEqual(
      (JSON.parse(replaced.stdout) as { agents: Array<{ name: string; backend: string }> }).agents.map((agent) => `${agent.name}=${agent.backend}`),
      [`Solo=openai:model-b@${server.url}`, `Agent B=openai:model-a@${server.url}`],
    );
  });

  it('a bad run file or --agent: exit code 2, the file and line, a hint', async () => {
    writeFileSync(join(dir, 'bad.yaml'), ['protocol: du', 'dataset: demo', 'agents:', '  - backend: scripted', '    decoding: {temperature: hot}', ''].join('\n'));
    const bad = await runInProcess(['run', '--config', join(dir, 'bad.yaml'), '--db', join(dir, 'bad.db')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^error: .*bad\.yaml:5:29: agents\.0\.decoding\.temperature: expected a number, got text "hot"\nhint: fix the run file; docs\/configuration\.md/m);

    const agent = await runInProcess(['run', '--protocol', 'du', '--dataset', 'demo', '--agent', 'A=scripted,persona=hi,temperature=1', '--db', join(dir, 'bad.db')]);
    assert.equal(agent.code, 2);
    assert.match(agent.stderr, /^error: --agent "A=scripted,persona=hi,temperature=1": "persona" must be the last option/m);
    assert.match(agent.stderr, /^hint: write --agent \[<name>=\]<backend-spec>/m);

    const noProtocol = await runInProcess(['run', '--dataset', 'demo', '--db', join(dir, 'bad.db')]);
    assert.equal(noProtocol.code, 2);
    assert.match(noProtocol.stderr, /error: no protocol given\nhint: pass --protocol <preset> or put "protocol:" in the run file/);
  });
});
