import { Hono } from 'hono';
import { describeError, QuorumError } from '../../spec/errors.js';
import type { TraceStore } from '../../spec/store.js';
import { QUORUM_VERSION } from '../../version.js';
import { sendJson, type ApiContext } from './api-context.js';
import { ApiError } from './api-error.js';
import type { Health } from './api-types.js';
import { auditsRoutes } from './audits-routes.js';
import { runsRoutes } from './runs-routes.js';
import { secretScrubber } from './scrub-secrets.js';
import { studiesRoutes } from './studies-routes.js';
import { hostCheck, LOOPBACK_HOSTS, securityHeaders } from './security-headers.js';
import { mountStaticUi } from './static-ui.js';
import { findUiDir } from './ui-dir.js';
import { unitsRoutes } from './units-routes.js';
import { ViewerData, type ViewerDataOptions } from './viewer-data.js';

/** Options of `createViewerApp`. */
export interface ViewerAppOptions {
  store: TraceStore;
  /** Folder of the built UI; default: found beside the code (`findUiDir`); null: API only. */
  uiDir?: string | null;
  /** Environment whose secrets are scrubbed from responses (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Host names the viewer answers to (default: loopback names); null: any. */
  allowedHosts?: readonly string[] | null;
  /** Where server-side failures are reported (default stderr). */
  log?: (line: string) => void;
  cache?: ViewerDataOptions;
}

/**
 * The viewer: a JSON API over a `TraceStore` under /api and the built UI
 * for every other path. Read-only; no request changes the store. Tested
 * with `app.request()` (test/web/api.test.ts).
 */
export function createViewerApp(options: ViewerAppOptions): Hono {
  const api: ApiContext = { data: new ViewerData(options.store, options.cache), scrubber: secretScrubber(options.env ?? process.env) };
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const app = new Hono();
  app.use('*', securityHeaders());
  app.use('*', hostCheck(options.allowedHosts === undefined ? LOOPBACK_HOSTS : options.allowedHosts));

  app.get('/api/health', (c) => sendJson(api, c, { ok: true, version: QUORUM_VERSION } satisfies Health));
  app.route('/api/runs', runsRoutes(api));
  app.route('/api/units', unitsRoutes(api));
  app.route('/api/audits', auditsRoutes(api));
  app.route('/api/studies', studiesRoutes(api));
  app.all('/api/*', (c) => {
    const error = c.req.method === 'GET' || c.req.method === 'HEAD' ? new ApiError(404, 'NOT_FOUND', `no API route ${c.req.path}`, 'see docs/viewer.md for the routes') : new ApiError(405, 'METHOD_NOT_ALLOWED', `the viewer API is read-only: ${c.req.method} is not allowed`);
    return sendJson(api, c, errorBody(error), error.status);
  });
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c) => c.text('method not allowed', 405));
  mountStaticUi(app, options.uiDir === undefined ? findUiDir() : options.uiDir);

  app.onError((error, c) => {
    if (error instanceof ApiError) return sendJson(api, c, errorBody(error), error.status);
    const described = describeError(error);
    // Store failures are expected (locked or damaged file) and say what to do; anything else is a bug.
    if (!(error instanceof QuorumError)) log(`viewer: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return sendJson(api, c, { error: { code: described.code, message: described.message, ...(described.hint === undefined ? {} : { hint: described.hint }) } }, 500);
  });
  return app;
}

function errorBody(error: ApiError) {
  return { error: { code: error.code, message: error.message, ...(error.hint === undefined ? {} : { hint: error.hint }) } };
}
