import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ConfigError } from '../spec/errors.js';
import { isLoopback } from '../web/server/start-viewer.js';
import { LOOPBACK_HOSTS } from '../web/server/security-headers.js';
import { createServeApp } from './create-serve-app.js';
import { ServeSession, type ServeSessionOptions } from './serve-session.js';

/** Options of `startServe`. */
export interface StartServeOptions extends ServeSessionOptions {
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Port (0 picks a free one). */
  port: number;
  /** Bearer token every request must carry; never stored. */
  token?: string;
  keepAliveSeconds?: number;
}

/** A running `quorum serve`. */
export interface RunningServe {
  /** Base URL of the API, ending in `/v1` (what OpenAI clients take as base URL). */
  baseUrl: string;
  loopback: boolean;
  session: ServeSession;
  /** Stops listening, cuts open requests, and marks the served runs done (interrupted when a request was cut). */
  close(): Promise<void>;
}

/**
 * Starts the OpenAI-compatible server on @hono/node-server. Bound to a
 * loopback address it answers only to loopback host names, like `quorum ui`.
 */
export async function startServe(options: StartServeOptions): Promise<RunningServe> {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopback(host);
  let app: ReturnType<typeof createServeApp> | undefined;
  // the session needs the address (recorded in its runs) and the app needs the session: listen first, route once both exist
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve({ fetch: (request) => app?.fetch(request) ?? new Response('starting', { status: 503 }), port: options.port, hostname: host }, () => resolve(started));
    started.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, host, options.port)));
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const urlHost = loopback ? shown : host === '0.0.0.0' || host === '::' ? 'localhost' : shown;
  const baseUrl = `http://${urlHost}:${address.port}/v1`;
  let session: ServeSession;
  try {
    session = new ServeSession(options, baseUrl);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  app = createServeApp({
    session,
    ...(options.token === undefined ? {} : { token: options.token }),
    allowedHosts: loopback ? [...LOOPBACK_HOSTS, host] : null,
    ...(options.keepAliveSeconds === undefined ? {} : { keepAliveSeconds: options.keepAliveSeconds }),
  });
  return {
    baseUrl,
    loopback,
    session,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      });
      await session.close();
    },
  };
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE') return new ConfigError(`port ${port} on ${host} is already in use`, 'pick another with --port N (--port 0 picks a free one)');
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return new ConfigError(`cannot bind to ${host}: no such local address`, 'use --host 127.0.0.1 (the default) or an address of this machine');
  return error;
}
