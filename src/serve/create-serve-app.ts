import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describeError } from '../spec/errors.js';
import { parseChatRequest } from './chat-request.js';
import { chunkBody, completionBody, contentPieces, quorumField, usageBody } from './completion-body.js';
import { ServeError } from './serve-error.js';
import type { ServeSession } from './serve-session.js';

/** Options of the serve app. */
export interface ServeAppOptions {
  session: Pick<ServeSession, 'answer' | 'assertModel' | 'models'>;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Host names answered (DNS-rebinding guard on loopback); null answers any. */
  allowedHosts: readonly string[] | null;
  /** Seconds between SSE keep-alive comments while the protocol runs (default 15). */
  keepAliveSeconds?: number;
  /** Unix time in seconds, for `created` fields (injected by tests). */
  now?: () => number;
}

/**
 * The OpenAI-compatible API of `quorum serve`: `GET /v1/models` lists the
 * protocol presets, `POST /v1/chat/completions` runs one (streaming or
 * not). Errors use OpenAI's JSON shape and status codes.
 */
export function createServeApp(options: ServeAppOptions): Hono {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const started = now();
  const hosts = options.allowedHosts === null ? null : new Set(options.allowedHosts.map((host) => host.toLowerCase()));
  const tokenDigest = options.token === undefined ? undefined : sha256(options.token);
  const app = new Hono();

  app.onError((error, c) => sendError(c, error instanceof ServeError ? error : new ServeError(500, 'internal_error', describeError(error).message)));
  app.notFound((c) => sendError(c, new ServeError(404, 'not_found', `no route ${c.req.method} ${new URL(c.req.url).pathname}`, { hint: 'quorum serve answers POST /v1/chat/completions and GET /v1/models' })));

  app.use('*', async (c, next) => {
    if (hosts !== null && !hosts.has(new URL(c.req.url).hostname.toLowerCase())) {
      throw new ServeError(403, 'forbidden_host', 'this server only answers on its own address', { hint: 'use the URL that `quorum serve` printed' });
    }
    if (tokenDigest !== undefined) {
      const sent = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
      // compare digests: equal length, constant time
      if (sent === undefined || !timingSafeEqual(sha256(sent), tokenDigest)) {
        throw new ServeError(401, 'invalid_api_key', sent === undefined ? 'no bearer token sent' : 'wrong bearer token', { hint: 'send the token the server was started with as the API key' });
      }
    }
    await next();
  });

  const model = (id: string) => ({ id, object: 'model' as const, created: started, owned_by: 'quorum' });
  app.get('/v1/models', (c) => c.json({ object: 'list', data: options.session.models().map(model) }));
  app.get('/v1/models/:id', (c) => {
    options.session.assertModel(c.req.param('id'));
    return c.json(model(c.req.param('id')));
  });

  app.post('/v1/chat/completions', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ServeError(400, 'invalid_json', 'the request body is not JSON', { hint: 'send Content-Type: application/json with a chat completion request' });
    }
    const request = parseChatRequest(body);
    options.session.assertModel(request.model);
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = now();
    if (request.stream !== true) return c.json(completionBody(id, created, await options.session.answer(request)));

    return streamSSE(c, async (stream) => {
      const send = (data: unknown) => stream.writeSSE({ data: JSON.stringify(data) });
      await send(chunkBody(id, created, request.model, { role: 'assistant', content: '' }));
      const answering = options.session.answer(request);
      // a debate takes a while: comments keep proxies and clients from timing out an idle stream
      const keepAlive = setInterval(() => void stream.write(': running the protocol\n\n'), (options.keepAliveSeconds ?? 15) * 1000);
      try {
        const answer = await answering;
        for (const piece of contentPieces(answer.content)) await send(chunkBody(id, created, request.model, { content: piece }));
        await send({ ...chunkBody(id, created, request.model, {}, 'stop'), quorum: quorumField(answer) });
        if (request.stream_options?.include_usage === true) await send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage: usageBody(answer) });
      } catch (error) {
        // the status line is gone: OpenAI's clients read an `error` object in the stream as the failure
        const failure = error instanceof ServeError ? error : new ServeError(500, 'internal_error', describeError(error).message);
        await send(failure.body());
      } finally {
        clearInterval(keepAlive);
      }
      await stream.writeSSE({ data: '[DONE]' });
    });
  });
  return app;
}

function sendError(c: Context, error: ServeError): Response {
  return c.json(error.body(), error.status);
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
