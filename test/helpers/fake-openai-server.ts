import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server does with one request. */
export type FakeBehavior =
  | {
      kind: 'reply';
      text: string;
      /** Default `stop`; `length` imitates a reply cut at max_tokens. */
      finishReason?: 'stop' | 'length';
      /** Token counts; by default words of the messages and of the reply. */
      promptTokens?: number;
      cachedTokens?: number;
      completionTokens?: number;
      /** Model name in the reply; default the requested model. */
      model?: string;
      delayMs?: number;
    }
  /** An error status with a JSON body `{error: {message}}` (or `body`) and headers (e.g. Retry-After). */
  | { kind: 'status'; status: number; message?: string; body?: unknown; headers?: Record<string, string> }
  /** Never answers (until the server closes). */
  | { kind: 'hang' }
  /** Sends headers and the start of a body, then stalls. */
  | { kind: 'stall-body' }
  /** Destroys the socket without a reply (the client sees a reset / "other side closed"). */
  | { kind: 'reset' }
  /** 200 with `content-type: application/json` and a body cut in the middle. */
  | { kind: 'malformed' }
  /** 200 with a well-formed completion whose message content is null (as some servers send for an empty reply). */
  | { kind: 'null-content'; finishReason?: 'stop' | 'length' }
  /** Sends headers and the start of a body, then destroys the socket (a reset in the middle of the body). */
  | { kind: 'reset-mid-body' }
  /** 200 with `content-type: application/json` and an empty body. */
  | { kind: 'empty-body' }
  /** 200 with a body that is not JSON at all (a proxy's HTML error page). */
  | { kind: 'not-json' }
  /** 200 with valid JSON that is not a chat completion (no `choices`). */
  | { kind: 'off-schema' };

/** A behaviour, or a function choosing one from the request. */
export type FakeScript = FakeBehavior | ((request: RecordedRequest) => FakeBehavior);

/** One request the server received. */
export interface RecordedRequest {
  // The parsed JSON body as the client sent it.
  body: {
    model: string;
    // content is an array of parts (text + image_url) when a message carries images
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
    [field: string]: unknown;
  };
  headers: IncomingHttpHeaders;
  /** The request target, path and query (`/v1/chat/completions?api-version=1`). */
  url: string;
}

/** Options of the fake server. */
export interface FakeOpenAiServerOptions {
  /** Whether `response_format: json_schema` is accepted (else 400 naming response_format). Default true. */
  jsonSchema?: boolean;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`; others get a 401 that echoes the key sent, like OpenAI. */
  apiKey?: string;
  /** Added before every reply (benchmarks). */
  latencyMs?: number;
  /**
   * Answers every request at once with this text, without parsing or
   * recording it: the reply bytes are built once (benchmarks).
   */
  fastReply?: string;
  /** Behaviour when the queue is empty. Default: reply "ok". */
  fallback?: FakeScript;
  /** When set, `POST /v1/embeddings` answers with this vector per input (requests recorded in `embeddingRequests`). */
  embed?: (text: string) => number[];
  /**
   * When set, the judge's scoring requests (ra-cr and the other judged
   * presets) are answered by `judgeScoresReply` before the queue and the
   * fallback, so a test scripts only the agents.
   */
  answerJudge?: boolean;
}

/**
 * Recognises a judge request by its structured-output name `judge_scores`
 * (src/protocols/debate/judge.ts) and scores the contribution ids its schema
 * lists: the first listed gets 10, the next 9, and so on (never below 1), so
 * the ranking follows the order shown and has no ties. Undefined for any
 * other request.
 */
export function judgeScoresReply(request: RecordedRequest): FakeBehavior | undefined {
  const format = request.body.response_format?.json_schema;
  if (format?.name !== 'judge_scores') return undefined;
  const scores = format.schema['properties'] as { scores?: { items?: { properties?: { id?: { enum?: unknown } } } } } | undefined;
  const ids = scores?.scores?.items?.properties?.id?.enum;
  if (!Array.isArray(ids)) return { kind: 'status', status: 400, message: 'judge_scores schema lists no contribution ids' };
  const scored = ids.map((id, index) => ({ id: String(id), score: Math.max(1, 10 - index) }));
  return { kind: 'reply', text: JSON.stringify({ scores: scored, rationale: 'scored in the order shown' }) };
}

/**
 * A real HTTP server on 127.0.0.1 speaking enough of the OpenAI chat
 * completions API to test the HTTP backend end to end: scripted replies,
 * JSON-schema support on or off, error statuses with headers, hangs, resets,
 * malformed bodies and truncated replies. Records every request.
 */
export class FakeOpenAiServer {
  /** Requests received, in order (not in fast mode). */
  readonly requests: RecordedRequest[] = [];
  /** Bodies of `/v1/embeddings` requests (with the `embed` option). */
  readonly embeddingRequests: Array<{ body: { model?: string; input: string[] }; headers: IncomingHttpHeaders }> = [];
  /** Requests handled, requests being handled now, and the most at once. */
  readonly stats = { handled: 0, inFlight: 0, maxInFlight: 0 };
  jsonSchema: boolean;
  /** Client connections still open, by the order they were accepted in. */
  readonly #open = new Set<number>();
  #accepted = 0;
  readonly #server: Server;
  readonly #queue: FakeScript[] = [];
  readonly #options: FakeOpenAiServerOptions;
  readonly #fastBody: Buffer | undefined;
  #url = '';

  private constructor(options: FakeOpenAiServerOptions) {
    this.#options = options;
    this.jsonSchema = options.jsonSchema ?? true;
    this.#fastBody =
      options.fastReply === undefined ? undefined : Buffer.from(JSON.stringify(completionBody('fast', options.fastReply, 'stop', 1, 0, 1)));
    this.#server = createServer((request, response) => this.#handle(request, response));
    this.#server.keepAliveTimeout = 60_000;
    this.#server.on('connection', (socket) => {
      const id = this.#accepted++;
      this.#open.add(id);
      socket.once('close', () => this.#open.delete(id));
    });
  }

  /** Connections accepted so far: a mark for `openSince`. */
  get accepted(): number {
    return this.#accepted;
  }

  /**
   * Connections accepted at or after `mark` and not yet closed. Once a
   * client process is dead and its connections are closed, every byte it
   * sent has been read: a request still in a socket buffer when its sender
   * died is parsed before that socket's close.
   */
  openSince(mark: number): number {
    let open = 0;
    for (const id of this.#open) if (id >= mark) open++;
    return open;
  }

  /** Starts a server on a free port of 127.0.0.1. */
  static async start(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
    const fake = new FakeOpenAiServer(options);
    await new Promise<void>((resolve, reject) => {
      fake.#server.once('error', reject);
      fake.#server.listen(0, '127.0.0.1', () => resolve());
    });
    fake.#url = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  /** Base URL, ending in /v1. */
  get url(): string {
    return this.#url;
  }

  /** Queues behaviours for the next requests, in order. */
  enqueue(...scripts: FakeScript[]): void {
    this.#queue.push(...scripts);
  }

  /** Stops listening and drops open connections (hanging requests included). */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    const fastBody = this.#fastBody;
    if (fastBody !== undefined) {
      request.resume();
      request.on('end', () => {
        const send = () => {
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': fastBody.length });
          response.end(fastBody);
        };
        if (this.#options.latencyMs) setTimeout(send, this.#options.latencyMs);
        else send();
      });
      return;
    }
    this.stats.inFlight++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.stats.inFlight);
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      this.stats.inFlight--;
      this.stats.handled++;
    };
    response.on('close', done);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const embed = this.#options.embed;
      if (embed !== undefined && request.method === 'POST' && request.url === '/v1/embeddings') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string; input: string[] };
        this.embeddingRequests.push({ body, headers: request.headers });
        sendJson(response, 200, { object: 'list', model: body.model, data: body.input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })) });
        return;
      }
      if (request.method !== 'POST' || (request.url ?? '').split('?')[0] !== '/v1/chat/completions') {
        sendJson(response, 404, { error: { message: `no route ${request.method} ${request.url}`, type: 'not_found' } });
        return;
      }
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        sendJson(response, 400, { error: { message: 'request body is not JSON' } });
        return;
      }
      const recorded: RecordedRequest = { body, headers: request.headers, url: request.url ?? '' };
      this.requests.push(recorded);
      const respond = () => this.#respond(recorded, request, response);
      if (this.#options.latencyMs) setTimeout(respond, this.#options.latencyMs);
      else respond();
    });
  }

  #respond(recorded: RecordedRequest, request: IncomingMessage, response: ServerResponse): void {
    const { apiKey } = this.#options;
    if (apiKey !== undefined && recorded.headers.authorization !== `Bearer ${apiKey}`) {
      const sent = (recorded.headers.authorization ?? '').replace(/^Bearer /, '');
      sendJson(response, 401, {
        error: { message: `Incorrect API key provided: ${sent}. You can find your API key at https://example.invalid/keys.`, type: 'invalid_request_error', code: 'invalid_api_key' },
      });
      return;
    }
    // Rejected before generating, like vLLM: the queued behaviour stays for the next request.
    if (!this.jsonSchema && recorded.body.response_format !== undefined) {
      sendJson(response, 400, {
        error: { message: "response_format of type 'json_schema' is not supported by this server", type: 'BadRequestError', param: 'response_format' },
      });
      return;
    }
    const judged = this.#options.answerJudge === true ? judgeScoresReply(recorded) : undefined;
    const next = judged ?? (this.#queue.length > 0 ? this.#queue.shift()! : (this.#options.fallback ?? { kind: 'reply', text: 'ok' }));
    const behavior = typeof next === 'function' ? next(recorded) : next;
    switch (behavior.kind) {
      case 'reply': {
        const send = () => {
          const promptTokens = behavior.promptTokens ?? recorded.body.messages.reduce((sum, message) => sum + countWords(message.content), 0);
          sendJson(
            response,
            200,
            completionBody(
              behavior.model ?? recorded.body.model,
              behavior.text,
              behavior.finishReason ?? 'stop',
              promptTokens,
              behavior.cachedTokens ?? 0,
              behavior.completionTokens ?? countWords(behavior.text),
            ),
          );
        };
        if (behavior.delayMs) setTimeout(send, behavior.delayMs);
        else send();
        return;
      }
      case 'status':
        sendJson(response, behavior.status, behavior.body ?? { error: { message: behavior.message ?? `status ${behavior.status}` } }, behavior.headers);
        return;
      case 'hang':
        return;
      case 'stall-body':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"id":"chatcmpl-fake",');
        return;
      case 'reset':
        request.socket.destroy();
        return;
      case 'null-content': {
        const body = completionBody(recorded.body.model, '', behavior.finishReason ?? 'stop', 1, 0, 0);
        sendJson(response, 200, { ...body, choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: behavior.finishReason ?? 'stop' }] });
        return;
      }
      case 'reset-mid-body':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 400 });
        response.write('{"id":"chatcmpl-fake","object":"chat.completion","choi', () => request.socket.destroy());
        return;
      case 'empty-body':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 0 });
        response.end();
        return;
      case 'not-json': {
        const text = '<html><body><h1>502 Bad Gateway</h1></body></html>';
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        response.end(text);
        return;
      }
      case 'off-schema':
        sendJson(response, 200, { id: 'chatcmpl-fake', object: 'chat.completion', model: recorded.body.model, result: 'ok' });
        return;
      case 'malformed': {
        const text = '{"id":"chatcmpl-fake","object":"chat.completion","choices":[{"index":0,"message":{"role":"assi';
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        response.end(text);
        return;
      }
    }
  }
}

function completionBody(model: string, text: string, finishReason: string, promptTokens: number, cachedTokens: number, completionTokens: number) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_767_225_600,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: cachedTokens },
    },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function countWords(content: string | Array<{ type: string; text?: string }>): number {
  // content parts (text + image_url) count the words of their text parts
  const text = typeof content === 'string' ? content : content.map((part) => part.text ?? '').join(' ');
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}
