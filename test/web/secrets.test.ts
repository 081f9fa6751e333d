/**
 * No secret in any API response: the scrubber on its own, then every
 * route of a store in which a key was planted (a persona, a backend URL
 * with credentials, a reply quoting an Authorization header), with the key
 * in the environment as OPENAI_API_KEY.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Hono } from 'hono';
import type { Page, RunListItem, UnitPage } from '../../src/web/server/api-types.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { REDACTED, secretScrubber } from '../../src/web/server/scrub-secrets.js';
import { buildViewerDb, type ViewerDb } from './fixtures/viewer-db.js';

const SECRET = 'sk-test-secret';
const ENV = {
  OPENAI_API_KEY: SECRET,
  HF_TOKEN: 'hf_abcdefghijklmnopqrstuvwx',
  DATABASE_URL: 'postgres://quorum:pg-pass-9876@db.internal:5432/quorum',
  PATH: '/usr/bin',
  CI: 'true',
};

describe('secretScrubber', () => {
  const scrub = secretScrubber(ENV);

  it('removes the values of secret-named variables and the passwords of URL variables', () => {
    assert.equal(scrub.text(`key is ${SECRET}.`), `key is ${REDACTED}.`);
    assert.equal(scrub.text('token hf_abcdefghijklmnopqrstuvwx'), `token ${REDACTED}`);
    assert.doesNotMatch(scrub.text('connect with pg-pass-9876 please'), /pg-pass-9876/);
  });

  it('leaves ordinary variables and short values alone', () => {
    assert.equal(scrub.text('PATH is /usr/bin and CI is true'), 'PATH is /usr/bin and CI is true');
    assert.equal(secretScrubber({ API_KEY: 'abc' }).text('abc def'), 'abc def');
  });

  it('removes credential-shaped text whatever its origin', () => {
    const cases: Array<[string, RegExp]> = [
      ['use sk-proj-AbCdEfGhIjKlMnOpQrSt1234 now', /sk-proj/],
      ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl', /eyJ/],
      ['https://alice:hunter2secret@api.example/v1', /hunter2secret/],
      ['GET /v1/models?api_key=abcdef123456&x=1', /abcdef123456/],
      ['{"api_key": "zzzzzzzzzzzz"}', /zzzzzzzzzzzz/],
      ['ghp_0123456789abcdefghijABCDEFGHIJ', /ghp_/],
      ['AKIAABCDEFGHIJKLMNOP', /AKIA/],
    ];
    for (const [text, leak] of cases) assert.doesNotMatch(scrub.text(text), leak, text);
    assert.equal(scrub.text('https://api.example/v1'), 'https://api.example/v1', 'URLs without credentials stay');
    assert.equal(scrub.text('a sk-learn tutorial'), 'a sk-learn tutorial', 'short sk- words stay');
  });

  it('scrubs nested JSON: strings, object keys, and the values of secret-named keys', () => {
    const scrubbed = scrub.json({ apiKey: 'plain-looking', nested: [{ note: `x ${SECRET}` }], [SECRET]: 1, count: 3, flag: true, none: null });
    assert.deepEqual(scrubbed, { apiKey: REDACTED, nested: [{ note: `x ${REDACTED}` }], [REDACTED]: 1, count: 3, flag: true, none: null });
  });
});

describe('API responses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-web-secrets-'));
  let db: ViewerDb;
  let app: Hono;
  before(async () => {
    db = await buildViewerDb(join(dir, 'secrets.db'), { audit: 'fake', secret: SECRET });
    app = createViewerApp({ store: db.store, uiDir: null, env: ENV });
  });
  after(async () => {
    await db.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the planted secret is really in the store (so the test can fail)', async () => {
    const run = await db.store.getRun(db.gdpRunId);
    assert.match(JSON.stringify(run), new RegExp(SECRET));
    assert.match(JSON.stringify(await db.store.getEvents(db.showcaseUnitId)), new RegExp(SECRET));
  });

  it('no route answers with the key, the token or the URL password', async () => {
    const seen: string[] = [];
    const fetchText = async (path: string): Promise<string> => {
      const response = await app.request(path);
      const text = await response.text();
      seen.push(path);
      for (const leak of [SECRET, 'pg-pass-9876', 'hf_abcdefghijklmnopqrstuvwx']) assert.ok(!text.includes(leak), `${path} leaks ${leak}`);
      return text;
    };
    await fetchText('/api/health');
    const runs = JSON.parse(await fetchText('/api/runs')) as Page<RunListItem>;
    for (const run of runs.items) {
      await fetchText(`/api/runs/${run.id}`);
      await fetchText(`/api/runs/${run.id}/header`);
      await fetchText(`/api/runs/${run.id}/metrics`);
      const page = JSON.parse(await fetchText(`/api/runs/${run.id}/units?limit=500`)) as UnitPage;
      for (const unit of page.items) {
        await fetchText(`/api/units/${unit.id}`);
        await fetchText(`/api/units/${unit.id}/events`);
        await fetchText(`/api/units/${unit.id}/audit`);
      }
    }
    await fetchText(`/api/audits/${db.auditId}`);
    await fetchText(`/api/audits/${db.auditId}/questions?limit=100`);
    await fetchText('/api/runs/nope');
    await fetchText('/api/studies');
    await fetchText(`/api/studies/${db.studyId}`);
    await fetchText(`/api/studies/${db.studyId}/report`);
    assert.ok(seen.length > 50, `crawled ${seen.length} responses`);
    const config = JSON.parse(await fetchText(`/api/runs/${db.gdpRunId}`)) as { config: { agents: Array<{ persona?: string; backend: string }> } };
    assert.equal(config.config.agents[0]!.persona, `Careful clinician. OPENAI_API_KEY=${REDACTED}`);
    assert.equal(config.config.agents[2]!.backend, `openai:gpt-4o-mini@https://${REDACTED}@proxy.example/v1`);
  });
});
