/**
 * `npm run bench:upload-memory -w api`: peak RSS while a 2 GB video streams into each storage
 * driver — the local folder and an S3 bucket (s3rver on a free port, multipart in 5 MB parts) —
 * the part of POST /uploads that holds the bytes; then the whole route: the API (buildApp, local
 * folder) receives the same 2 GB as an admin's multipart `POST /v1/uploads` over real HTTP from a
 * client in another process (an MP4's first bytes, then filler), and its RSS is sampled. Uses the
 * Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST) for the admin's token. Prints the figures;
 * asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { FileStorage } from '../src/plugins/file-storage/file-storage';
import { createLocalStorage } from '../src/plugins/file-storage/local-storage';
import { createS3Storage } from '../src/plugins/file-storage/s3-storage';

const SIZE = Number(process.env.UPLOAD_BYTES ?? 2 * 1024 ** 3);
const CHUNK = 64 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

/** `size` bytes in 64 KB chunks, produced as the consumer reads them. */
function source(size: number): Readable {
  const chunk = Buffer.alloc(CHUNK, 7);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const next = Math.min(CHUNK, size - sent);
      sent += next;
      this.push(next === CHUNK ? chunk : chunk.subarray(0, next));
    },
  });
}

async function measure(name: string, storage: FileStorage): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const { size } = await storage.write('videos/bench-2gb.mp4', source(SIZE), 'video/mp4');
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${name.padEnd(22)} ${mb(size)} em ${seconds.toFixed(1)} s · RSS antes ${mb(before)} · pico ${mb(peak)} (+${mb(peak - before)})`);
  await storage.delete('videos/bench-2gb.mp4');
  await storage.close();
}

/**
 * The client, in its own process (its memory is not the API's): a multipart body of `size` bytes
 * for the field `file`, made as the socket drains — the first bytes of a real MP4 (the route checks
 * the type by them), then filler. Prints the answer's status and body.
 */
const CLIENT = `
const http = require('node:http');
const [url, token, size, head] = [process.argv[1], process.argv[2], Number(process.argv[3]), Buffer.from(process.argv[4], 'base64')];
const boundary = 'bench-' + Date.now();
const open = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="aula-longa.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
const close = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const request = http.request(url, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': open.length + size + close.length } });
const filler = Buffer.alloc(65536, 7);
let sent = 0;
function pump() {
  if (sent === 0) { request.write(open); request.write(head); sent = head.length; }
  while (sent < size) {
    const chunk = filler.subarray(0, Math.min(filler.length, size - sent));
    sent += chunk.length;
    if (!request.write(chunk)) return void request.once('drain', pump);
  }
  request.end(close);
}
request.on('response', (response) => { let body = ''; response.on('data', (d) => (body += d)); response.on('end', () => { console.log(response.statusCode + ' ' + body.slice(0, 300)); }); });
request.on('error', (error) => { console.log('erro ' + error.message); });
pump();
`;

async function measureRoute(): Promise<void> {
  // Loaded only now (the whole app, Firebase Admin…): the drivers' rows above start from a small process.
  const { createActors, startTestApp } = await import('../test/helpers/app');
  const testApp = await startTestApp();
  try {
    const { admin } = await createActors(testApp);
    const head = readFileSync(path.join(__dirname, '..', 'assets', 'demo', 'demo-coleta-segura.mp4')).subarray(0, 4096);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const client = spawn(process.execPath, ['-e', CLIENT, `${testApp.url}/v1/uploads`, admin.token, String(SIZE), head.toString('base64')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let answer = '';
    client.stdout.on('data', (data: Buffer) => (answer += data.toString()));
    await once(client, 'exit');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`rota POST /v1/uploads   ${mb(SIZE)} em ${seconds.toFixed(1)} s · RSS antes ${mb(before)} · pico ${mb(peak)} (+${mb(peak - before)}) · resposta ${answer.trim()}`);
  } finally {
    await testApp.close();
  }
}

async function main(): Promise<void> {
  console.log(`Envio de ${mb(SIZE)} por stream (carga ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} núcleos)`);
  await measure('pasta local', await createLocalStorage(undefined));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clube-bench-s3-'));
  // s3rver in its own process: its memory is not the API's.
  const server = spawn(
    process.execPath,
    ['-e', `new (require('s3rver'))({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(dir)}, configureBuckets: [{ name: 'bench', configs: [] }] }).run().then((a) => console.log(a.port))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(server.stdout, 'data')) as [Buffer];
  try {
    const endpoint = `http://127.0.0.1:${Number(line.toString())}`;
    await measure('S3 (s3rver, multipart)', createS3Storage({ endpoint, region: 'us-east-1', bucket: 'bench', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }));
  } finally {
    server.kill();
    await rm(dir, { recursive: true, force: true });
  }
  await measureRoute();
}

void main();
