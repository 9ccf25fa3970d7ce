import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { startTestApp, type TestApp } from './app';
import { storeDemoFiles } from './catalogue';

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

/** Two API processes on one store sharing a real Redis (the response cache's bumps), for a describe block. */
export interface TwoProcesses {
  first: TestApp;
  second: TestApp;
}

export function twoProcessesSharingRedis(): TwoProcesses {
  const apps = {} as TwoProcesses;
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
    apps.first = await startTestApp({ config: { redisUrl: redis.url } });
    apps.second = await startTestApp({ config: { redisUrl: redis.url }, sharedStore: apps.first.db });
    await storeDemoFiles(apps.first.app);
  });
  afterAll(async () => {
    await apps.second.close();
    await apps.first.close();
    await redis.stop();
  });
  return apps;
}

/** Reads until `settled` holds (pub/sub is asynchronous: another process hears of a write within a few milliseconds); the last read. */
export async function readUntil<T>(read: () => Promise<T>, settled: (value: T) => boolean, attempts = 50): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < attempts && !settled(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await read();
  }
  return value;
}
