/**
 * `npm run bench:video`: time to first frame of the same video as the uploaded MP4 and as its HLS
 * ladder (hls.js light, lowest rendition first) in Debian's Chromium on a phone-like connection
 * (DevTools protocol: 1.6 Mbps down, 150 ms RTT, CPU 4× slower, cache off), and the transcoding
 * speed (× real time) of the job's own ffmpeg run on this machine. Prints figures; asserts nothing.
 *
 * The clip: 30 s of 1080p (ffmpeg testsrc2 + a tone) encoded as a desktop MP4 (H.264 6 Mb/s,
 * faststart). Pages and files come from a small static server on 127.0.0.1 (BENCH_VIDEO_PORT,
 * default 21160), so only the player and the bytes differ between the two.
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { FIRST_SEGMENT_SECONDS, ladderFor, SEGMENT_SECONDS } from '../src/modules/media/rules/ladder';
import { probeVideo, transcodeHls } from '../src/plugins/ffmpeg';

const PORT = Number(process.env.BENCH_VIDEO_PORT ?? 21160);
const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);
const SECONDS = 30;
const HLS_JS = require.resolve('hls.js/dist/hls.light.min.mjs');
/**
 * Served as the catalog's deployment serves its `hls` chunk (`scripts/serve-static.cjs`): the build's
 * brotli (quality 11) sibling when the browser accepts `br` (Debian's Chromium does, on http too), gzip otherwise.
 */
const HLS_JS_ENCODED = {
  br: brotliCompressSync(readFileSync(HLS_JS), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(readFileSync(HLS_JS), { level: 9 }),
};
/** The player's own warm-up (playlists and first segment while hls.js downloads), types stripped. */
const WARMUP_JS = ts.transpileModule(readFileSync(path.join(__dirname, '../../remote-catalog/src/videos/player/hls-warmup.ts'), 'utf8'), {
  compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
}).outputText;

/** The player's hls.js settings (remote-catalog/src/videos/player/use-hls.ts). */
const HLS_CONFIG = JSON.stringify({ startLevel: 0, capLevelToPlayerSize: true, progressive: true });

// The shell's HTML preloads the video page's hls chunk (its preload.json lists it for /videos/:slug):
// a module here, at the same low priority.
const PAGE = `<!doctype html><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,">
<link rel="modulepreload" href="/hls.light.min.mjs" fetchpriority="low">
<video id="v" muted playsinline autoplay width="640" height="360"></video>
<script type="module">
// hls-warmup.ts is in the page's own chunk in the catalog (no request of its own): a data: URL here.
import { headStart, hlsLinks, warmHls, warmLoader } from 'data:text/javascript;base64,${Buffer.from(WARMUP_JS).toString('base64')}';
const HLS_CONFIG = ${HLS_CONFIG};
const mode = new URLSearchParams(location.search).get('mode');
const video = document.getElementById('v');
// The rung of the first frame: its height (the head start plays it before hls.js has loaded anything).
video.requestVideoFrameCallback((now, frame) => { window.firstFrame = now; window.firstLevel = frame.height; });
if (mode === 'mp4') video.src = '/media/original.mp4';
else {
  // As use-hls.ts: the warm-up starts with the hls.js download, hls.js loads through it; the head
  // start plays the lowest rung's first segment before hls.js arrives, and hls.js takes it over.
  const master = new URL('/media/hls/master.m3u8', location.href).href;
  const warmup = warmHls(master);
  const head = headStart(video, warmup);
  const { default: Hls, FetchLoader } = await import('/hls.light.min.mjs');
  // The player renews an expired link through the API; nothing expires during a bench run.
  const Loader = warmLoader(FetchLoader, warmup, hlsLinks(master, async () => undefined));
  const hls = new Hls({ ...HLS_CONFIG, pLoader: Loader, fLoader: Loader });
  hls.loadSource(master);
  const media = await head?.ready;
  if (!media) hls.attachMedia(video);
  else hls.attachMedia({ media: video, ...media });
  window.headStart = Boolean(media);
}
</script>`;

const TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.m4s': 'video/iso.segment', '.js': 'text/javascript' };

function serve(dir: string): http.Server {
  return http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (url.pathname === '/hls.light.min.mjs') {
        const encoding = /\bbr\b/.test(request.headers['accept-encoding'] ?? '') ? 'br' : 'gzip';
        const body = HLS_JS_ENCODED[encoding];
        return response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': encoding, 'content-length': body.length, vary: 'accept-encoding' }).end(body);
      }
      const file = path.join(dir, path.normalize(url.pathname.replace(/^\/media\//, '')));
      if (!file.startsWith(dir)) return response.writeHead(404).end();
      const info = await stat(file).catch(() => null);
      if (!info) return response.writeHead(404).end();
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
        response.writeHead(206, { 'content-type': type, 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${info.size}`, 'content-length': end - start + 1 });
        return createReadStream(file, { start, end }).pipe(response);
      }
      response.writeHead(200, { 'content-type': type, 'accept-ranges': 'bytes', 'content-length': info.size });
      createReadStream(file).pipe(response);
    })();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clube-bench-video-'));
  const original = path.join(dir, 'original.mp4');
  await promisify(execFile)('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '6M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', original,
  ]);
  const probed = await probeVideo(original);
  const ladder = ladderFor(probed.height);
  for (const step of ladder) await mkdir(path.join(dir, 'hls', step.name), { recursive: true });
  const started = performance.now();
  await transcodeHls({ input: original, outputDir: path.join(dir, 'hls'), renditions: ladder, hasAudio: probed.hasAudio, segmentSeconds: SEGMENT_SECONDS, firstSegmentSeconds: FIRST_SEGMENT_SECONDS });
  const transcodeSeconds = (performance.now() - started) / 1000;
  // What a phone fetches first: the lowest rung's first segment.
  const lowest = ladder[0]!;
  const firstDuration = /#EXTINF:([\d.]+)/.exec(readFileSync(path.join(dir, 'hls', lowest.name, 'index.m3u8'), 'utf8'))?.[1];
  const firstSize = (await stat(path.join(dir, 'hls', lowest.name, 'seg-00000.m4s'))).size + (await stat(path.join(dir, 'hls', lowest.name, 'init_0.mp4'))).size;

  const server = serve(dir);
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
  const results: Record<string, number[]> = { mp4: [], hls: [] };
  let startLevel: number | undefined;
  let waterfall: string[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of ['mp4', 'hls'] as const) {
        const context = await browser.newContext({ viewport: { width: 412, height: 800 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        // The waterfall of the last HLS run: each request's start, end and bytes on the wire.
        const requests = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
        let origin: number | undefined;
        cdp.on('Network.requestWillBeSent', (event) => {
          if (!event.request.url.startsWith('http')) return;
          origin ??= event.timestamp;
          requests.set(event.requestId, { url: new URL(event.request.url).pathname, start: event.timestamp });
        });
        cdp.on('Network.loadingFinished', (event) => {
          const entry = requests.get(event.requestId);
          if (entry) Object.assign(entry, { end: event.timestamp, bytes: event.encodedDataLength });
        });
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`http://127.0.0.1:${PORT}/?mode=${mode}`);
        await page.waitForFunction(() => typeof (globalThis as unknown as { firstFrame?: number }).firstFrame === 'number', undefined, { timeout: 120_000 });
        results[mode]!.push(await page.evaluate(() => (globalThis as unknown as { firstFrame: number }).firstFrame));
        if (mode === 'hls') {
          startLevel ??= await page.evaluate(() => (globalThis as unknown as { firstLevel?: number }).firstLevel);
          const at = (seconds: number | undefined) => (seconds === undefined || origin === undefined ? '   …  ' : `${(seconds - origin).toFixed(2).padStart(5)} s`);
          waterfall = [...requests.values()].map((entry) => `  ${at(entry.start)} → ${at(entry.end)}  ${String(Math.round((entry.bytes ?? 0) / 1024)).padStart(5)} kB  ${entry.url}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`Vídeo de ${SECONDS} s em 1080p (MP4 de 6 Mb/s); carga ${load}, ${os.cpus().length} núcleos`);
  console.log(`Conversão (${ladder.map((step) => step.name).join(' + ')}, uma execução do ffmpeg): ${transcodeSeconds.toFixed(1)} s = ${(SECONDS / transcodeSeconds).toFixed(2)}× o tempo real`);
  console.log(`Primeiro segmento de ${lowest.name}: ${Number(firstDuration).toFixed(1)} s, ${Math.round(firstSize / 1024)} kB com o segmento de inicialização`);
  console.log(`Primeiro quadro, 1,6 Mb/s, 150 ms, CPU 4× (mediana de ${RUNS}, desde a navegação):`);
  console.log(`  MP4 original  ${(median(results.mp4!) / 1000).toFixed(2)} s  (${results.mp4!.map((ms) => (ms / 1000).toFixed(2)).join(' / ')})`);
  console.log(`  HLS (hls.js)  ${(median(results.hls!) / 1000).toFixed(2)} s  (${results.hls!.map((ms) => (ms / 1000).toFixed(2)).join(' / ')}), primeira qualidade ${startLevel ?? '?'}p`);
  console.log('Pedidos da última execução HLS (início → fim desde o primeiro pedido, bytes na rede):');
  for (const line of waterfall) console.log(line);
}

void main();
