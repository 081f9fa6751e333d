import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AuditModelError } from '../../../src/audit/audit-model-error.js';
import type { AuditProviderOptions } from '../../../src/audit/audit-provider-options.js';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';
import { LLM_NLI_SCHEMA_NAME, LLM_NLI_SYSTEM_PROMPT, llmNliUserMessage } from '../../../src/audit/llm/llm-nli-prompt.js';
import { scoresFromLabel } from '../../../src/audit/llm/llm-nli-reply.js';
import { ConfigError } from '../../../src/spec/errors.js';
import { FakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { answerNli, promptPairs } from './fake-nli-model.js';
import { runNliSuite } from '../../../src/testing/nli-suite.js';

const OPTIONS: AuditProviderOptions = { sleep: async () => {}, env: {} };

describe('llm: NLI (fake OpenAI-compatible server)', () => {
  let server: FakeOpenAiServer;
  const spec = (options = '') => `llm:openai:fake-nli@${server.url}${options}`;
  before(async () => {
    server = await FakeOpenAiServer.start({ fallback: answerNli });
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.jsonSchema = true;
  });

  runNliSuite('llm:openai (fake server)', () => createNliProvider(spec('#batch-size=3'), OPTIONS));

  it('maps each label and confidence to the three probabilities, by pair number', async () => {
    const nli = await createNliProvider(spec(), OPTIONS);
    const [contradiction, entailment, neutral] = await nli.classify([
      { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.' },
      { premise: 'A man plays a guitar on stage.', hypothesis: 'A man plays a guitar.' },
      { premise: 'The dose is 5 mg.', hypothesis: 'The market fell.' },
    ]);
    // contradiction 0.9 → the other two share 0.1; entailment 0.8 → 0.1 each; neutral 0.6 → 0.2 each.
    assert.ok(Math.abs(contradiction!.contradiction - 0.9) < 1e-12 && Math.abs(contradiction!.neutral - 0.05) < 1e-12);
    assert.ok(Math.abs(entailment!.entailment - 0.8) < 1e-12 && Math.abs(entailment!.contradiction - 0.1) < 1e-12);
    assert.ok(Math.abs(neutral!.neutral - 0.6) < 1e-12 && Math.abs(neutral!.entailment - 0.2) < 1e-12);
    // A confidence under 1/3 is raised to 1/3: the chosen label is never the least likely.
    for (const value of Object.values(scoresFromLabel('neutral', 0.1))) assert.ok(Math.abs(value - 1 / 3) < 1e-12);
  });

  it('documents the prompt verbatim', () => {
    const docs = readFileSync(new URL('../../../docs/audit-models.md', import.meta.url), 'utf8');
    assert.ok(docs.includes(`\`\`\`text\n${LLM_NLI_SYSTEM_PROMPT}\n\`\`\``), 'docs/audit-models.md holds LLM_NLI_SYSTEM_PROMPT in a text block');
    assert.ok(docs.includes(LLM_NLI_SCHEMA_NAME));
    const example = llmNliUserMessage([
      { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.' },
      { premise: 'The answer is (B).', hypothesis: 'Option B is incorrect.' },
    ]);
    assert.ok(docs.includes(`\`\`\`text\n${example}\n\`\`\``), 'the user-message example is what the code sends');
  });

  it('sends the documented prompt and a JSON schema of exactly the batch, greedy with a fixed seed', async () => {
    const nli = await createNliProvider(spec('#batch-size=4'), OPTIONS);
    const pairs = Array.from({ length: 10 }, (_, index) => ({ premise: `Step ${index} says "x"\nover two lines.`, hypothesis: `Another step ${index}.` }));
    await nli.classify(pairs);
    assert.equal(server.requests.length, 3, 'batches of 4, 4 and 2');
    const sizes = server.requests.map((request) => promptPairs(request).length).sort();
    assert.deepEqual(sizes, [2, 4, 4]);
    const first = server.requests.find((request) => promptPairs(request)[0]!.premise === pairs[0]!.premise)!;
    assert.equal(first.body.messages[0]!.content, LLM_NLI_SYSTEM_PROMPT);
    assert.deepEqual(promptPairs(first)[1], { id: 2, premise: pairs[1]!.premise, hypothesis: pairs[1]!.hypothesis });
    const format = first.body.response_format!;
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema!.name, LLM_NLI_SCHEMA_NAME);
    const results = (format.json_schema!.schema as any).properties.results;
    assert.equal(results.minItems, 4);
    assert.equal(results.maxItems, 4);
    assert.equal(first.body['temperature'], 0);
    assert.equal(first.body['seed'], 0);
    assert.equal(first.body['max_tokens'], 64 + 32 * 4);
  });

  it('classifies both directions of a pair as separate ordered pairs', async () => {
    const nli = await createNliProvider(spec(), OPTIONS);
    const a = 'The patient is not febrile.';
    const b = 'The patient is febrile.';
    const [forward, backward] = await nli.classify([
      { premise: a, hypothesis: b },
      { premise: b, hypothesis: a },
    ]);
    assert.deepEqual(
      promptPairs(server.requests[0]!).map((pair) => [pair.premise, pair.hypothesis]),
      [
        [a, b],
        [b, a],
      ],
    );
    assert.ok(forward!.contradiction > 0.5 && backward!.contradiction > 0.5);
  });

  it('parses a reply in prose when the server has no JSON schema support, and repairs a broken one once', async () => {
    server.jsonSchema = false;
    const nli = await createNliProvider(spec(), OPTIONS);
    const pair = { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.' };
    server.enqueue({ kind: 'reply', text: 'Sure! Here are the labels: {"results": [{"id": 1, "label": "contra' });
    const [scores] = await nli.classify([pair]);
    assert.ok(Math.abs(scores!.contradiction - 0.9) < 1e-12);
    // 400 for the schema, the broken reply, then the repair call answered by the fake model.
    assert.equal(server.requests.length, 3);
    assert.equal(server.requests[2]!.body.messages.at(-1)!.role, 'user');
    assert.match(server.requests[2]!.body.messages.at(-1)!.content, /not valid JSON/);
  });

  it('asks again one pair per call when a batch reply stays unreadable, and names the pair that cannot be read', async () => {
    const nli = await createNliProvider(spec(), OPTIONS);
    const pairs = [
      { premise: 'Atropine increases heart rate.', hypothesis: 'Atropine decreases heart rate.' },
      { premise: 'A man plays a guitar.', hypothesis: 'A man plays a guitar.' },
    ];
    // Schema-valid JSON that repeats a pair number: not readable as a batch.
    const repeated = JSON.stringify({ results: [{ id: 1, label: 'neutral', confidence: 0.5 }, { id: 1, label: 'neutral', confidence: 0.5 }] });
    server.enqueue({ kind: 'reply', text: repeated });
    const scores = await nli.classify(pairs);
    assert.equal(server.requests.length, 3, 'the batch, then each pair alone');
    assert.ok(scores[0]!.contradiction > 0.8);
    assert.ok(scores[1]!.entailment > 0.7);

    server.requests.length = 0;
    server.enqueue({ kind: 'reply', text: 'no JSON here' }, { kind: 'reply', text: 'still none' });
    await assert.rejects(
      nli.classify([{ premise: 'Lone premise.', hypothesis: 'Lone hypothesis.' }]),
      (error: unknown) => error instanceof AuditModelError && error.failure === 'bad-output' && /Lone premise/.test(error.message) && /JSON/.test(error.hint ?? ''),
    );
  });

  it('says which NLI spec cannot reach its server and what to do', async () => {
    const closed = await FakeOpenAiServer.start();
    const url = closed.url;
    await closed.close();
    const nli = await createNliProvider(`llm:openai:fake-nli@${url}`, OPTIONS);
    await assert.rejects(nli.classify([{ premise: 'a b c', hypothesis: 'd e f' }]), (error: unknown) => {
      assert.ok(error instanceof AuditModelError);
      assert.equal(error.failure, 'unavailable');
      assert.match(error.message, new RegExp(`^llm:openai:fake-nli@${url.replace(/[.:/]/g, '\\$&')}: `));
      assert.match(error.message, /connection/);
      assert.match(error.hint ?? '', new RegExp(`start the chat server .* at ${url.replace(/[.:/]/g, '\\$&')}`));
      assert.match(error.hint ?? '', /--nli heuristic/);
      return true;
    });
  });

  it('rejects unknown options and specs that are not chat backends', async () => {
    await assert.rejects(createNliProvider(spec('#labels=a,b,c'), OPTIONS), (error: unknown) => error instanceof ConfigError && /unknown option "labels"/.test(error.message));
    await assert.rejects(createNliProvider('llm:gpt-4o', OPTIONS), (error: unknown) => error instanceof ConfigError && /llm:gpt-4o/.test(error.message) && /llm:openai:/.test(error.hint ?? ''));
    await assert.rejects(createNliProvider('llm:llama:./model.gguf#key-env=X', OPTIONS), ConfigError);
    await assert.rejects(createNliProvider('llm:', OPTIONS), ConfigError);
  });
});
