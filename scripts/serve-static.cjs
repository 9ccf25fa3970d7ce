// Serves one frontend build from its own origin, as a separate deployment would: CORS on, entry
// files never cached (so a redeploy is picked up on the next page load), hashed chunks cached forever.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { FRONTENDS, ROOT, portOf } from './frontends.mjs';

const HASHED = /\.[0-9a-f]{8}\.js$/;

/**
 * @param {{ dir: string, port: number, spa?: boolean, host?: string }} options
 * @returns {Promise<{ url: string, server: http.Server, close: () => Promise<void> }>}
 */
export async function serveStatic({ dir, port, spa = false, host = '0.0.0.0' }) {
  const assets = sirv(dir, {
    dev: true, // re-read files on every request: a rebuilt remote is served without a restart
    single: spa,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    assets(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      res.end('Não encontrado');
    });
  });
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://localhost:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function serveFrontend(name, env = process.env) {
  const { dir } = FRONTENDS[name];
  return serveStatic({ dir: path.join(ROOT, dir, 'dist'), port: portOf(name, env), spa: name === 'shell' });
}

// CLI: `node scripts/serve-static.mjs <shell|remote-auth|…>` serves that package's dist/.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = process.argv[2] ?? 'shell';
  const name = Object.keys(FRONTENDS).find((key) => key === arg || FRONTENDS[key].dir === arg);
  if (!name) {
    console.error(`Frontend desconhecido: ${arg}`);
    process.exit(1);
  }
  const { url } = await serveFrontend(name);
  console.log(`${name}: ${url}`);
}
