import http from 'node:http';
import type https from 'node:https';
import { httpsModule } from './https-module.js';

/**
 * What node:http needs to POST to one URL, worked out once per URL instead
 * of on every call (node's `urlToHttpOptions` copies the URL into a dozen
 * fields, and every field is copied twice more on the way to the agent).
 */
export interface RequestTarget {
  module: typeof http | typeof https;
  agent: http.Agent;
  protocol: 'http:' | 'https:';
  /** The host name as node passes it on: IPv6 addresses without their brackets. */
  hostname: string;
  /** Only when the URL names one, as node leaves it out otherwise. */
  port: number | undefined;
  /** Path and query. */
  path: string;
  /** The `Host` header node would write: the host (an IPv6 address in brackets), and the port unless it is the default. */
  hostHeader: string;
}

/**
 * The target of `url`, or null for a URL the prepared path does not cover
 * (credentials in the URL, a protocol other than http and https): those go
 * through node's own URL handling, which sends or refuses them as before.
 */
export function requestTarget(url: URL, agent: http.Agent): RequestTarget | null {
  if (url.username !== '' || url.password !== '') return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (hostname === '') return null;
  const port = url.port === '' ? undefined : Number(url.port);
  const defaultPort = (agent as http.Agent & { defaultPort: number }).defaultPort;
  // As ClientRequest builds it: brackets around an IPv6 address, the port unless it is the agent's default.
  const firstColon = hostname.indexOf(':');
  let hostHeader = firstColon !== -1 && hostname.includes(':', firstColon + 1) ? `[${hostname}]` : hostname;
  const effectivePort = port || defaultPort || 80;
  if (effectivePort !== defaultPort) hostHeader += `:${effectivePort}`;
  return {
    module: url.protocol === 'https:' ? httpsModule() : http,
    agent,
    protocol: url.protocol,
    hostname,
    port,
    path: `${url.pathname}${url.search}`,
    hostHeader,
  };
}

const preparedHeaders = new WeakMap<object, readonly string[] | null>();

/** A lower-case header name that is an HTTP token, and none node treats specially or that the transport sets itself. */
const PLAIN_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
const SET_BY_TRANSPORT = new Set(['host', 'content-length', 'expect']);
/** Printable ASCII and tab: written the same whether node encodes the head as latin1 or, joined to the body, as UTF-8. */
const PLAIN_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * The headers as node's flat `[name, value, …]` list, in their order, or
 * null when writing them that way could change a byte on the wire (a name
 * in capitals or twice in different case, a header the transport sets, a
 * value outside printable ASCII): then node's `setHeader` path is used.
 * Worked out once per headers object, which callers must not change after
 * the first call (a backend keeps one for its lifetime).
 */
export function wireHeaders(headers: Readonly<Record<string, string>>): readonly string[] | null {
  let prepared = preparedHeaders.get(headers);
  if (prepared === undefined) {
    prepared = flatHeaders(headers);
    preparedHeaders.set(headers, prepared);
  }
  return prepared;
}

function flatHeaders(headers: Readonly<Record<string, string>>): string[] | null {
  if (Object.getPrototypeOf(headers) !== Object.prototype) return null;
  const list: string[] = [];
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (!PLAIN_NAME.test(name) || SET_BY_TRANSPORT.has(name) || typeof value !== 'string' || !PLAIN_VALUE.test(value)) return null;
    list.push(name, value);
  }
  return list;
}
