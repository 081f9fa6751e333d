import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AuditProviderOptions } from '../../../src/audit/audit-provider-options.js';
import { createEmbeddingProvider } from '../../../src/audit/create-embedding-provider.js';
import { ConfigError } from '../../../src/spec/errors.js';
import { FakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { runEmbeddingSuite } from '../../../src/testing/embedding-suite.js';

const DIMENSIONS = 6;

function vectorOf(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (let k = 0; k < text.length; k++) vector[k % DIMENSIONS]! += Math.sin(text.charCodeAt(k) * (k + 1));
  return vector;
}

const OPTIONS: AuditProviderOptions = { sleep: async () => {}, env: { EMBED_KEY: 'secret-value' } };

describe('llm: embeddings (a chat backend spec whose server offers /v1/embeddings)', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await FakeOpenAiServer.start({ embed: vectorOf });
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.embeddingRequests.length = 0;
  });

  runEmbeddingSuite('llm:openai (fake server)', () => createEmbeddingProvider(`llm:openai:embedder@${server.url}#batch-size=7`, OPTIONS), { dimensions: DIMENSIONS });

  it("sends the backend spec's model to <base-url>/embeddings, with its key variable", async () => {
    const provider = await createEmbeddingProvider(`llm:openai:stella-v5@${server.url}#key-env=EMBED_KEY`, OPTIONS);
    const [vector] = await provider.embed(['one step']);
    assert.deepEqual([...vector!].map((value) => Math.round(value * 1e5)), vectorOf('one step').map((value) => Math.round(value * 1e5)));
    assert.equal(server.embeddingRequests.length, 1);
    assert.equal(server.embeddingRequests[0]!.body.model, 'stella-v5');
    assert.equal(server.embeddingRequests[0]!.headers.authorization, 'Bearer secret-value');
    assert.equal(provider.id, `llm:openai:stella-v5@${server.url}#key-env=EMBED_KEY`);
  });

  it('gives the same vectors as the http: spelling with #model=', async () => {
    const viaLlm = await createEmbeddingProvider(`llm:openai:m@${server.url}`, OPTIONS);
    const viaHttp = await createEmbeddingProvider(`http:${server.url}#model=m`, OPTIONS);
    assert.deepEqual(await viaLlm.embed(['a text', 'another']), await viaHttp.embed(['a text', 'another']));
    assert.deepEqual(
      server.embeddingRequests.map((request) => request.body),
      [
        { model: 'm', input: ['a text', 'another'] },
        { model: 'm', input: ['a text', 'another'] },
      ],
    );
  });

  it('rejects backends without embeddings and options of other kinds', async () => {
    await assert.rejects(createEmbeddingProvider('llm:scripted', OPTIONS), (error: unknown) => error instanceof ConfigError && /has no embeddings/.test(error.message));
    await assert.rejects(createEmbeddingProvider(`llm:openai:m@${server.url}#dtype=q8`, OPTIONS), (error: unknown) => error instanceof ConfigError && /unknown option "dtype"/.test(error.message));
  });
});
