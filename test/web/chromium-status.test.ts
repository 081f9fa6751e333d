import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chromiumStatus } from './helpers/chromium.js';

describe('chromiumStatus', () => {
  it('skips browser tests without Chromium, but fails them under CI', () => {
    const missing = '/nonexistent/chromium';
    assert.deepEqual(Object.keys(chromiumStatus(missing, {})), ['run', 'skip']);
    assert.deepEqual(Object.keys(chromiumStatus(missing, { CI: 'true' })), ['run', 'fail']);
    assert.match((chromiumStatus(missing, { CI: '1' }) as { fail: string }).fail, /apt-get install/);
    assert.deepEqual(chromiumStatus(process.execPath, { CI: 'true' }), { run: true });
  });
});
