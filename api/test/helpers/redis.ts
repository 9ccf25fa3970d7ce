import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A real Redis for the replica tests (rate limits, the response cache): Debian's redis-server on a free port. */

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('sem porta livre');
  return address.port;
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** `redis-server` in memory only (no dump file, no append-only file), on loopback. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server não ficou pronto: ${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`redis-server não iniciou (${error.message}); instale o pacote redis-server do Debian (.ci/run o instala)`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
