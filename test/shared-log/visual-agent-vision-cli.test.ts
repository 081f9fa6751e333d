import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';
import { fakeRoleReply } from './fake-roles-server.js';

const POSTER_QUESTION = 'mmqa:c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7';
const POSTER_IMAGE = '5d7f9b1c3e5a7c9e1b3d5f7a9c1e3b25';
const POSTER_FILE = join(REPO_ROOT, 'fixtures/multimodalqa/final_dataset_images/quiet-harbor-poster.png');
const DESCRIPTION = 'A film poster titled THE QUIET HARBOR; the box office figure $4.2 million is printed under the title.';

type Part = { type: string; text?: string; image_url?: { url: string } };
const partsOf = (request: RecordedRequest): Part[][] => request.body.messages.flatMap((message) => (Array.isArray(message.content) ? [message.content as Part[]] : []));

/**
 * The VisualAgent's image descriptions from a vision-capable
 * OpenAI-compatible backend, over real local HTTP. No vision model can run
 * here, so the server is the scripted fake OpenAI server: it answers the
 * description request (schema `dealog_vision`) with a fixed description and
 * every other request with DeALOG's scripted role replies. What is tested
 * is the path around the model: the backend spec's `#vision` flag, the
 * image sent as an `image_url` part, and the description entering the log
 * as a VISUAL entry with its provenance.
 */
function reply(request: RecordedRequest): FakeBehavior {
  if (request.body.response_format?.json_schema?.name === 'dealog_vision') return { kind: 'reply', text: JSON.stringify({ description: DESCRIPTION }) };
  return fakeRoleReply(request);
}

const dir = mkdtempSync(join(tmpdir(), 'quorum-vision-cli-'));
let server: FakeOpenAiServer;
before(async () => {
  server = await FakeOpenAiServer.start({ fallback: reply });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('VisualAgent descriptions from a #vision backend in a DeALOG run', () => {
  it('sends the MultiModalQA poster as an image_url part and logs the description as a VISUAL entry', { timeout: 240_000 }, async () => {
    const db = join(dir, 'vision.db');
    const text = `openai:fake@${server.url}`;
    const agents = ['TableAgent', 'ContextAgent', 'SummarizingAgent', 'VerificationAgent'].flatMap((role) => ['--agent', `${role}=${text}`]);
    const result = await runInProcess(['run', '--protocol', 'dealog', '--dataset', 'mmqa', '--limit', '3', ...agents, '--agent', `VisualAgent=openai:llava@${server.url}#vision`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { runId: string; failed: number };
    assert.equal(report.failed, 0);

    // only the vision backend is sent images, once per image, as the image file's bytes
    const withImages = server.requests.filter((request) => partsOf(request).length > 0);
    assert.equal(withImages.length, 1, 'one image among the three questions, described once');
    const sent = withImages[0]!;
    assert.equal(sent.body.model, 'llava');
    const [parts] = partsOf(sent);
    assert.deepEqual(parts!.map((part) => part.type), ['text', 'image_url']);
    assert.match(parts![0]!.text!, new RegExp(`The attached image: Image "${POSTER_IMAGE}"`));
    const url = parts![1]!.image_url!.url;
    assert.ok(url.startsWith('data:image/png;base64,'), url.slice(0, 40));
    assert.ok(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64').equals(readFileSync(POSTER_FILE)), 'the data URL holds the poster file');
    assert.ok(server.requests.filter((request) => request.body.model === 'fake').every((request) => partsOf(request).length === 0), 'text-only backends get text only');

    const store = await openStore(db);
    const events = await (async () => {
      try {
        const unit = (await store.listUnits(report.runId)).find((each) => each.questionId === POSTER_QUESTION)!;
        return await store.getEvents(unit.id);
      } finally {
        await store.close();
      }
    })();
    const visual = eventsOfType(events, 'log-entry').filter((entry) => entry.entryType === 'VISUAL');
    const described = visual.find((entry) => entry.meta['tool'] === 'vision');
    assert.ok(described !== undefined, JSON.stringify(visual));
    assert.equal(described.agent, 'VisualAgent');
    assert.equal(described.accepted, true);
    assert.equal(described.content, DESCRIPTION);
    assert.deepEqual(described.meta, { source: 'image', image: POSTER_IMAGE, tool: 'vision', checked: false });
    // OCR still reads the poster: its lines are checked provenance, the description is not
    assert.ok(visual.some((entry) => entry.meta['tool'] === 'ocr' && entry.accepted));
    const turn = eventsOfType(events, 'turn').find((each) => each.agent === 'VisualAgent' && each.text.includes('description'));
    assert.ok(turn !== undefined && turn.backend === `openai:llava@${server.url}`, 'the description turn is recorded with the vision backend');
    assert.equal(turn.round, described.round);
  });
});
