import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

export type Reply = { status: number; body?: unknown } | 'hang';

/**
 * A real HTTP server on a free port, standing in for the API or BrasilAPI. jsdom enforces CORS
 * like a browser, so every answer allows any origin and preflights are answered.
 */
export async function startStandIn(answer: (request: RecordedRequest) => Reply) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'content-type, authorization');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      return void res.end();
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const request: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', body: raw ? JSON.parse(raw) : undefined };
      requests.push(request);
      const reply = answer(request);
      if (reply === 'hang') return;
      res.statusCode = reply.status;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
