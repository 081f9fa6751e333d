import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/** Shown instead of the UI when it was not built; the API still works. */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>quorum viewer</title></head>
<body><h1>quorum viewer</h1>
<p>The web UI is not built. Run <code>npm run build</code> (or <code>npm ci</code>, which builds it) and start <code>quorum ui</code> again.</p>
<p>The JSON API works without it: <a href="/api/runs">/api/runs</a>.</p></body></html>`;

/**
 * Serves the built UI: files from `uiDir` (hashed assets cached for a
 * year, everything else revalidated), and `index.html` for any other
 * page path so that client-side routes (`/runs/<id>`) survive a reload.
 * Paths that look like files (`/x.js`) and are missing stay 404s.
 */
export function mountStaticUi(app: Hono, uiDir: string | null): void {
  if (uiDir === null) {
    app.get('*', (c) => c.html(NOT_BUILT_PAGE, 503));
    return;
  }
  const indexHtml = readFileSync(join(uiDir, 'index.html'), 'utf8');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: uiDir, index: 'index.html' }));
  app.get('*', (c) => {
    const last = c.req.path.split('/').at(-1) ?? '';
    if (last.includes('.')) return c.text('not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
