import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ConfigError } from '../../spec/errors.js';
import type { TraceStore } from '../../spec/store.js';
import { createViewerApp, type ViewerAppOptions } from './create-viewer-app.js';
import { LOOPBACK_HOSTS } from './security-headers.js';

/** Options of `startViewer`. */
export interface StartViewerOptions extends Omit<ViewerAppOptions, 'store' | 'allowedHosts'> {
  store: TraceStore;
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Port (0 picks a free one). */
  port: number;
}

/** A running viewer. */
export interface RunningViewer {
  url: string;
  /** True when bound to a loopback address only. */
  loopback: boolean;
  close(): Promise<void>;
}

/** Whether an address is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Starts the viewer on @hono/node-server. Bound to a loopback address it
 * answers only to loopback host names (see `hostCheck`); bound elsewhere
 * it answers to any, because the user asked for network access.
 */
export async function startViewer(options: StartViewerOptions): Promise<RunningViewer> {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopback(host);
  const app = createViewerApp({ ...options, allowedHosts: loopback ? [...LOOPBACK_HOSTS, host] : null });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(started));
    started.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, host, options.port)));
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const urlHost = loopback ? shown : host === '0.0.0.0' || host === '::' ? 'localhost' : shown;
  return {
    url: `http://${urlHost}:${address.port}/`,
    loopback,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Browsers keep connections alive; without this, close would wait for them.
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE') return new ConfigError(`port ${port} on ${host} is already in use`, 'pick another with --port N (--port 0 picks a free one)');
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return new ConfigError(`cannot bind to ${host}: no such local address`, 'use --host 127.0.0.1 (the default) or an address of this machine');
  if (error.code === 'EACCES') return new ConfigError(`not allowed to listen on port ${port}`, 'ports below 1024 need privileges: pick one above 1024');
  return error;
}
