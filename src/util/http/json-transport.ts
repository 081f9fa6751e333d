import http from 'node:http';
import { httpsModule } from './https-module.js';
import type { HeaderReader } from './retry-after.js';
import { toAbortSignal, type CancelSignal } from './cancellation.js';
import { requestTarget, wireHeaders, type RequestTarget } from './request-target.js';

/** One POST of a JSON body: where, with which headers, cancelled by `signal`. */
export interface JsonPost {
  url: URL;
  /** Not changed after the first call with it: the node:http transport prepares each headers object once. */
  headers: Readonly<Record<string, string>>;
  body: string;
  signal: CancelSignal;
  /** Called once when the answer starts (status and headers are in), for first-byte timeouts. */
  onFirstByte?: () => void;
}

/** The raw answer to a POST: status, headers and body text (parsed by the caller). */
export interface RawHttpResponse {
  status: number;
  headers: HeaderReader;
  text: string;
}

/** Sends a POST and reads the whole answer. */
export type JsonTransport = (post: JsonPost) => Promise<RawHttpResponse>;

/** A connection that failed before a whole answer arrived (refused, reset, cut mid-body). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

/**
 * The default transport: node:http(s) with keep-alive agents shared by the
 * whole process, one request per call, the body read into one Buffer.
 * Measured against Node's global fetch and the openai SDK in BENCHMARKS.md
 * ("The path in pieces"): a bare node:http POST costs a fraction of their
 * CPU per call, which is what an OpenAI-compatible backend is made of.
 *
 * Where the bytes on the wire allow it (see `requestTarget` and
 * `wireHeaders`), the request is sent the cheap way: node:http options
 * worked out once per URL instead of from the URL on every call, headers as
 * a flat list that node writes as given instead of through `setHeader`, and
 * the body as a string that node joins to the head and writes without an
 * encoded copy. The request is the same, byte for byte.
 */
export function nodeHttpTransport(options: { maxSockets?: number } = {}): JsonTransport {
  const maxSockets = options.maxSockets ?? 256;
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets });
  // Made on the first https:// URL: loading node:https costs start-up that a run against an http:// server never needs.
  let httpsAgent: http.Agent | undefined;
  const agentFor = (protocol: string): http.Agent => {
    if (protocol !== 'https:') return httpAgent;
    httpsAgent ??= new (httpsModule().Agent)({ keepAlive: true, maxSockets });
    return httpsAgent;
  };
  const targets = new Map<string, RequestTarget | null>();
  const targetOf = (url: URL): RequestTarget | null => {
    const href = url.href;
    let target = targets.get(href);
    if (target === undefined) {
      target = requestTarget(url, agentFor(url.protocol));
      // Bounded by the URLs a process posts to (one per backend and audit server); a runaway caller stops being remembered.
      if (targets.size < MAX_REMEMBERED_TARGETS) targets.set(href, target);
    }
    return target;
  };
  return ({ url, headers, body, signal, onFirstByte }) =>
    new Promise<RawHttpResponse>((resolve, reject) => {
      if (signal.aborted) return reject(abortError(signal));
      let settled = false;
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? abortError(signal) : asTransportError(error));
      };
      const onResponse = (incoming: http.IncomingMessage): void => {
        onFirstByte?.();
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', fail);
        incoming.on('aborted', () => fail(new TransportError('the connection closed before the whole reply arrived', 'ECONNRESET')));
        incoming.on('end', () => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          const raw = incoming.headers;
          resolve({
            status: incoming.statusCode ?? 500,
            headers: { get: (name) => headerValue(raw[name.toLowerCase()]) },
            // A reply in one chunk (most are) is decoded where it lies: Buffer.concat would copy it first.
            text: (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8'),
          });
        });
      };
      const target = targetOf(url);
      const prefix = target === null ? null : wireHeaders(headers);
      let request: http.ClientRequest;
      let payload: string | Buffer;
      if (target !== null && prefix !== null) {
        payload = body;
        const list = [...prefix, 'content-length', String(Buffer.byteLength(body)), 'Host', target.hostHeader];
        const { protocol, hostname, port, path, agent } = target;
        request = target.module.request({ protocol, hostname, ...(port === undefined ? {} : { port }), path, method: 'POST', headers: list, agent }, onResponse);
      } else {
        payload = Buffer.from(body);
        const secure = url.protocol === 'https:';
        request = (secure ? httpsModule() : http).request(
          url,
          { method: 'POST', headers: { ...headers, 'content-length': String(payload.byteLength) }, agent: agentFor(url.protocol) },
          onResponse,
        );
      }
      const onAbort = (): void => {
        request.destroy(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', fail);
      request.end(payload);
    });
}

/** How many URLs a transport keeps prepared; far more than the backends and audit servers of a run. */
const MAX_REMEMBERED_TARGETS = 64;

let sharedTransport: JsonTransport | undefined;

/** One node:http transport (and its socket pools) shared by every chat backend and audit model server of the process. */
export function sharedNodeHttpTransport(): JsonTransport {
  sharedTransport ??= nodeHttpTransport();
  return sharedTransport;
}

/**
 * A transport over any `fetch` (a proxy-aware one, or the global fetch):
 * for setups node:http cannot reach, at the higher CPU cost per call.
 */
export function fetchTransport(fetchImpl: typeof fetch): JsonTransport {
  return async ({ url, headers, body, signal, onFirstByte }) => {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { method: 'POST', headers, body, signal: toAbortSignal(signal) });
      onFirstByte?.();
      text = await response.text();
    } catch (error) {
      throw signal.aborted ? abortError(signal) : asTransportError(error);
    }
    return { status: response.status, headers: response.headers, text };
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function abortError(signal: CancelSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}

/** Wraps a socket or fetch failure, keeping the first system error code of its cause chain. */
function asTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const code = causeCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return new TransportError(code === undefined || message.includes(code) ? message : `${message} (${code})`, code, { cause: error });
}

/** The first system error code (`ECONNRESET`, `UND_ERR_SOCKET`, …) in an error's cause chain. */
export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
