import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBackendSpec, type OpenAiSpec } from '../../src/backends/backend-spec.js';
import { accountingMiddleware } from '../../src/backends/middleware/accounting-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend } from '../../src/backends/openai/openai-backend.js';
import { supportsImages } from '../../src/tools/ocr/vision.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const PIXEL = 'data:image/png;base64,iVBORw0KGgo=';

describe('images for vision models (#vision)', () => {
  it('sends message images as image_url parts only when the spec says the model takes them', async () => {
    const server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'a bar chart' } });
    try {
      const vision = new OpenAiBackend(parseBackendSpec(`openai:llava@${server.url}#vision`) as OpenAiSpec);
      const text = new OpenAiBackend(parseBackendSpec(`openai:qwen@${server.url}`) as OpenAiSpec);
      assert.equal(supportsImages(wrapBackend(vision, accountingMiddleware())), true, 'middleware keeps capabilities');
      assert.equal(supportsImages(text), false);
      await vision.complete({ messages: [{ role: 'system', content: 'describe' }, { role: 'user', content: 'what is shown?', images: [PIXEL] }], decoding: {} });
      const sent = server.requests[0]!.body.messages;
      assert.deepEqual(sent[0], { role: 'system', content: 'describe' });
      assert.deepEqual(sent[1], { role: 'user', content: [{ type: 'text', text: 'what is shown?' }, { type: 'image_url', image_url: { url: PIXEL } }] } as unknown);
      // the option is not part of the id: the same model keeps its cache with or without it
      assert.equal(vision.id, `openai:llava@${server.url}`);
    } finally {
      await server.close();
    }
  });
});
