import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SecretScrubber } from './scrub-secrets.js';
import type { ViewerData } from './viewer-data.js';

/** What every route module gets: the data and the one way to answer with JSON. */
export interface ApiContext {
  data: ViewerData;
  scrubber: SecretScrubber;
}

/** Answers with JSON, scrubbed of secrets: every API response goes through here. */
export function sendJson(api: ApiContext, c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(api.scrubber.json(body) as object, status);
}
