import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { describe, it } from 'node:test';
import { nodeHttpTransport } from '../../../src/util/http/json-transport.js';
import { requestTarget } from '../../../src/util/http/request-target.js';

/** A server that records the raw bytes of each request and answers every one with a small JSON reply. */
async function withRawServer(host: string, run: (port: number, requests: Buffer[]) => Promise<void>): Promise<void> {
  const requests: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const headEnd = pending.indexOf('\r\n\r\n');
        if (headEnd === -1) return;
        const length = Number(/content-length: (\d+)/i.exec(pending.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
        const total = headEnd + 4 + length;
        if (pending.length < total) return;
        requests.push(pending.subarray(0, total));
        pending = pending.subarray(total);
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  try {
    await run((server.address() as net.AddressInfo).port, requests);
  } finally {
    // The transport's keep-alive sockets stay open: close them, or the server waits for them.
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The bytes node:http sends for a POST made the plain way (URL, headers through setHeader, body as a Buffer): the transport's reference. */
async function plainNodePost(url: URL, headers: Record<string, string>, body: string): Promise<void> {
  const payload = Buffer.from(body);
  const agent = new http.Agent({ keepAlive: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(payload.byteLength) }, agent }, (incoming) => {
        incoming.resume();
        incoming.on('end', resolve);
      });
      request.on('error', reject);
      request.end(payload);
    });
  } finally {
    agent.destroy();
  }
}

const headers = {
  'content-type': 'application/json',
  accept: 'application/json',
  'user-agent': 'quorum/0.0.0',
  authorization: 'Bearer sk-test-0123456789',
};
const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Quelle réponse ? 答え — “A” \ud83d\ude00' }], seed: 7 });

describe('nodeHttpTransport on the wire', () => {
  const cases: Array<{ name: string; host: string; path: string; headers: Record<string, string> }> = [
    { name: 'an IPv4 host with a port, a query, a key', host: '127.0.0.1', path: '/v1/chat/completions?api-version=2024-06-01', headers },
    { name: 'an IPv6 host', host: '::1', path: '/v1/chat/completions', headers },
    { name: 'headers in capitals (node\'s setHeader path)', host: '127.0.0.1', path: '/v1/chat/completions', headers: { 'Content-Type': 'application/json', Accept: 'application/json' } },
    { name: 'a header value outside ASCII (written as latin1)', host: '127.0.0.1', path: '/x', headers: { ...headers, 'openai-project': 'projé' } },
    { name: 'no headers at all', host: '127.0.0.1', path: '/x', headers: {} },
  ];
  for (const testCase of cases) {
    it(`sends the bytes a plain node:http POST sends: ${testCase.name}`, async () => {
      await withRawServer(testCase.host, async (port, requests) => {
        const hostPart = testCase.host.includes(':') ? `[${testCase.host}]` : testCase.host;
        const url = new URL(`http://${hostPart}:${port}${testCase.path}`);
        await plainNodePost(url, testCase.headers, body);
        const transport = nodeHttpTransport();
        const signal = new AbortController().signal;
        // Twice with the same headers object: the second call uses what the first prepared.
        for (let call = 0; call < 2; call++) {
          const response = await transport({ url, headers: testCase.headers, body, signal });
          assert.equal(response.status, 200);
          assert.equal(response.text, '{"ok":true}');
        }
        assert.equal(requests.length, 3);
        assert.equal(requests[1]!.toString('latin1'), requests[0]!.toString('latin1'));
        assert.equal(requests[2]!.toString('latin1'), requests[0]!.toString('latin1'));
      });
    });
  }

  it('writes the Host header node would write, port and IPv6 brackets included', () => {
    const agents = { 'http:': new http.Agent(), 'https:': new https.Agent() };
    for (const address of ['http://127.0.0.1/v1', 'http://127.0.0.1:80/v1', 'http://127.0.0.1:8000/v1', 'http://[::1]:8000/v1', 'http://[::1]/v1', 'http://localhost:11434/v1', 'https://api.example.com/v1', 'https://api.example.com:8443/v1', 'https://[2001:db8::1]/v1']) {
      const url = new URL(address);
      const agent = agents[url.protocol as 'http:' | 'https:'];
      // node's own Host header, from a request that is dropped before it connects
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: 'POST', agent });
      request.on('error', () => undefined);
      const expected = request.getHeader('host');
      request.destroy();
      assert.equal(requestTarget(url, agent)?.hostHeader, expected, address);
    }
  });

  it('leaves URLs with credentials and other protocols to node', () => {
    const agent = new http.Agent();
    assert.equal(requestTarget(new URL('http://user:secret@127.0.0.1/v1'), agent), null);
    assert.equal(requestTarget(new URL('ftp://127.0.0.1/v1'), agent), null);
  });

  it('reads a reply that arrives in pieces, a character split between them, as one text', async () => {
    const reply = Buffer.from(JSON.stringify({ text: 'réponse 答え 💊'.repeat(50) }));
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => {
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${reply.length}\r\n\r\n`);
        // Cut inside the first multi-byte character, then twice more, each piece sent after a pause.
        const cuts = [reply.indexOf('é') + 1, 300, 700, reply.length];
        let from = 0;
        const sendNext = (): void => {
          const to = cuts.shift();
          if (to === undefined) return;
          socket.write(reply.subarray(from, to));
          from = to;
          setTimeout(sendNext, 15);
        };
        sendNext();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const response = await nodeHttpTransport()({ url: new URL(`http://127.0.0.1:${port}/x`), headers, body: '{}', signal: new AbortController().signal });
      assert.equal(response.text, reply.toString('utf8'));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a header value with a line break as node does', async () => {
    await withRawServer('127.0.0.1', async (port) => {
      const transport = nodeHttpTransport();
      await assert.rejects(
        transport({ url: new URL(`http://127.0.0.1:${port}/x`), headers: { 'x-bad': 'a\r\nb' }, body: '{}', signal: new AbortController().signal }),
        (error: Error & { code?: string }) => error.code === 'ERR_INVALID_CHAR',
      );
    });
  });
});
