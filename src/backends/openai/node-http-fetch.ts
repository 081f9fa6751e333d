import http from 'node:http';
import https from 'node:https';

/**
 * A `fetch` for the OpenAI client built on node:http with keep-alive agents.
 * The benchmark uses it only for a what-if figure: Node's global fetch
 * (undici + web streams) costs several times the CPU of node:http per call,
 * and is the largest single cost of an HTTP completion here. It covers what
 * the openai SDK uses for non-streaming JSON calls: method, headers, string
 * or byte body, abort signal; status, headers, json() and text().
 */
export function nodeHttpFetch(options: { maxSockets?: number } = {}): typeof fetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256 }),
  };
  return (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const transport = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init.body === 'string' ? Buffer.from(init.body) : init.body instanceof Uint8Array ? init.body : undefined;
    if (init.body != null && body === undefined) throw new TypeError('nodeHttpFetch sends string or byte bodies only');
    if (body !== undefined) headers['content-length'] = String(body.byteLength);
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(url, { method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          const responseHeaders = new Headers();
          for (let index = 0; index < incoming.rawHeaders.length; index += 2) responseHeaders.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
          const status = incoming.statusCode ?? 500;
          const bytes = Buffer.concat(chunks);
          resolve(new Response(status === 204 || status === 304 ? null : bytes, { status, statusText: incoming.statusMessage ?? '', headers: responseHeaders }));
        });
      });
      const onAbort = (): void => {
        request.destroy(signal?.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      request.end(body);
    });
  }) as typeof fetch;
}
