/**
 * `quorum ui` as a user runs it: it prints its URL, answers on 127.0.0.1
 * only, serves the API read-only, and stops cleanly on SIGTERM; a missing
 * store or a taken port is a one-line error.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { collect, spawnCli, viewerUrl } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { buildViewerDb } from './fixtures/viewer-db.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-web-cli-'));
const file = join(dir, 'ui.db');

before(async () => {
  const db = await buildViewerDb(file, { audit: 'none', units: 3, hostile: false });
  await db.store.close();
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The status of GET /api/runs sent with a chosen Host header (fetch does not let one set it). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL('/api/runs', url);
    const call = request({ hostname: target.hostname, port: target.port, path: target.pathname, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', reject);
    call.end();
  });
}

describe('quorum ui', () => {
  it('prints a loopback URL, serves the API there and exits on SIGTERM', async () => {
    const child = spawnCli(['ui', '--db', file, '--port', '0']);
    const done = collect(child);
    const url = await viewerUrl(child);
    try {
      const runs = (await (await fetch(new URL('/api/runs', url))).json()) as { total: number };
      assert.equal(runs.total, 2);
      assert.equal(await statusWithHost(url, 'attacker.example'), 403, 'a rebound DNS name is refused');
      assert.equal(await statusWithHost(url, 'localhost'), 200);
    } finally {
      child.kill('SIGTERM');
    }
    const result = await done;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /read-only/);
  });

  it('refuses a store that does not exist instead of creating one', async () => {
    const result = await runInProcess(['ui', '--db', join(dir, 'missing.db'), '--port', '0']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /no database at .*missing\.db/);
    assert.match(result.stderr, /hint:/);
  });

  it('says which port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await runInProcess(['ui', '--db', file, '--port', String(port)]);
      assert.equal(result.code, 2);
      assert.match(result.stderr, new RegExp(`port ${port} on 127.0.0.1 is already in use`));
    } finally {
      blocker.close();
    }
  });

  it('rejects a bad port', async () => {
    const result = await runInProcess(['ui', '--db', file, '--port', 'eighty']);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /whole number/);
  });
});
