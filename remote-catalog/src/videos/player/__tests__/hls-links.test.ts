/** @jest-environment node */
import type { FetchLoader as HlsFetchLoader, HlsConfig, LoaderConfiguration, LoaderContext } from 'hls.js';
import { FetchLoader } from 'hls.js/dist/hls.light.mjs';
import { hlsLinks, warmHls, warmLoader } from '../hls-warmup';

/**
 * A member watching longer than the ladder's signed link lasts (FILE_URL_TTL_SECONDS): hls.js's own
 * fetch loader, through the player's, against a stand-in API that refuses the old signature with 403.
 */
const OLD = 'http://api.test/v1/files/hls/aula/1700000000-velha/master.m3u8';
const NEW = 'http://api.test/v1/files/hls/aula/1700003600-nova/master.m3u8';
const PLAYLIST = 'http://api.test/v1/files/hls/aula/1700000000-velha/360p/index.m3u8';

let requested: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(() => {
  // hls.js reaches fetch, timers and AbortController through `self`, as in a browser.
  Object.assign(globalThis, { self: globalThis });
});

beforeEach(() => {
  requested = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    requested.push(url);
    return url.includes('/1700003600-nova/')
      ? new Response('#EXTM3U\n#EXT-X-ENDLIST\n', { status: 200 })
      : new Response('{"code":"LINK_EXPIRED","message":"O link expirou."}', { status: 403 });
  }) as typeof fetch;
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

const CONFIG: LoaderConfiguration = {
  loadPolicy: { maxTimeToFirstByteMs: 5000, maxLoadTimeMs: 5000, timeoutRetry: null, errorRetry: null },
  timeout: 5000,
  maxRetry: 0,
  retryDelay: 0,
  maxRetryDelay: 0,
};

function load(Loader: typeof HlsFetchLoader, url: string): Promise<{ status: number; data?: unknown }> {
  return new Promise((resolve) => {
    const loader = new Loader({} as HlsConfig);
    loader.load({ url, responseType: 'text' } as LoaderContext, CONFIG, {
      onSuccess: (response) => resolve({ status: response.code ?? 200, data: response.data }),
      onError: (error) => resolve({ status: error.code }),
      onTimeout: () => resolve({ status: 0 }),
    });
  });
}

describe('Signed ladder links over a long viewing', () => {
  it('When a playlist answers 403 because the link expired, then the player gets a fresh link once and every later request carries it', async () => {
    const renew = jest.fn(async () => NEW);
    const Loader = warmLoader(FetchLoader, new Map(), hlsLinks(OLD, renew));

    expect(await load(Loader, PLAYLIST)).toEqual({ status: 200, data: '#EXTM3U\n#EXT-X-ENDLIST\n' });
    expect(requested).toEqual([PLAYLIST, PLAYLIST.replace('1700000000-velha', '1700003600-nova')]);
    expect(renew).toHaveBeenCalledTimes(1);

    // A segment named by the playlist hls.js loaded with the old link: straight to the new signature.
    requested = [];
    const segment = 'http://api.test/v1/files/hls/aula/1700000000-velha/360p/seg-00003.ts';
    expect((await load(Loader, segment)).status).toBe(200);
    expect(requested).toEqual([segment.replace('1700000000-velha', '1700003600-nova')]);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('When requests expire together, then one fresh link serves them all', async () => {
    const renew = jest.fn(async () => NEW);
    const Loader = warmLoader(FetchLoader, new Map(), hlsLinks(OLD, renew));
    const answers = await Promise.all([load(Loader, PLAYLIST), load(Loader, PLAYLIST.replace('360p', '720p'))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('When no fresh link comes (the member lost access), then hls.js hears the 403 and the player falls back as for any failure', async () => {
    const renew = jest.fn(async () => undefined);
    const Loader = warmLoader(FetchLoader, new Map(), hlsLinks(OLD, renew));
    expect(await load(Loader, PLAYLIST)).toEqual({ status: 403 });
    expect(requested).toEqual([PLAYLIST]);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});

describe('The warm-up and hls.js on a busy phone', () => {
  it('When hls.js asks for the rendition playlist before the warm-up has, then it waits for the warm-up: the playlist and the first segment are downloaded once each', async () => {
    const base = 'http://api.test/v1/files/hls/aula/1700000000-velha/';
    let sendMaster = () => {};
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      requested.push(url);
      if (url.endsWith('master.m3u8')) {
        await new Promise<void>((resolve) => {
          sendMaster = resolve;
        });
        return new Response('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n360p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=3000000\n720p/index.m3u8\n');
      }
      if (url.endsWith('index.m3u8')) return new Response('#EXTM3U\n#EXTINF:1.000000,\nseg-00000.ts\n#EXT-X-ENDLIST\n');
      return new Response('segmento');
    }) as typeof fetch;
    const warmup = warmHls(`${base}master.m3u8`);
    const Loader = warmLoader(FetchLoader, warmup);

    // hls.js got ahead: it asks for the 360p playlist while the warm-up still waits for the master.
    const playlist = load(Loader, `${base}360p/index.m3u8`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    sendMaster();
    expect(await playlist).toEqual({ status: 200, data: '#EXTM3U\n#EXTINF:1.000000,\nseg-00000.ts\n#EXT-X-ENDLIST\n' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A ladder made before fMP4 (MPEG-TS, 360p lowest): the 240p guesses sent with the master go unused.
    const guesses = [`${base}240p/index.m3u8`, `${base}240p/init_0.mp4`, `${base}240p/seg-00000.m4s`];
    expect(requested).toEqual([`${base}master.m3u8`, ...guesses, `${base}360p/index.m3u8`, `${base}360p/seg-00000.ts`]);
    expect(await warmup.first).toBeUndefined();
    // A file the warm-up never asks for, once it is done, goes straight to the network.
    expect((await load(Loader, `${base}720p/index.m3u8`)).status).toBe(200);
    expect(requested).toHaveLength(7);
  });
});

describe('The head start of an fMP4 ladder', () => {
  const base = 'http://api.test/v1/files/hls/aula/1700000000-velha/';
  const MASTER =
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=272800,RESOLUTION=426x240,CODECS="avc1.4d4015,mp4a.40.2"\n240p/index.m3u8\n' +
    '#EXT-X-STREAM-INF:BANDWIDTH=510400,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8\n';
  const RUNG = '#EXTM3U\n#EXT-X-MAP:URI="init_0.mp4"\n#EXTINF:1.000000,\nseg-00000.m4s\n#EXTINF:4.000000,\nseg-00001.m4s\n#EXT-X-ENDLIST\n';

  beforeEach(() => {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      requested.push(url);
      if (url.endsWith('master.m3u8')) return new Response(MASTER);
      if (url.endsWith('index.m3u8')) return new Response(RUNG);
      return new Response(url.endsWith('.mp4') ? 'init' : `bytes of ${url.slice(url.lastIndexOf('/') + 1)}`);
    }) as typeof fetch;
  });

  it("When a member plays from the start, then the lowest rung's playlist, init and first segment go out with the master (no round trip between them), and hls.js gets the same files without downloading them again", async () => {
    const warmup = warmHls(`${base}master.m3u8`);
    // All four at once, before any answer came back.
    expect(requested).toEqual([`${base}master.m3u8`, `${base}240p/index.m3u8`, `${base}240p/init_0.mp4`, `${base}240p/seg-00000.m4s`]);
    const first = await warmup.first;
    expect(first?.codecs).toBe('avc1.4d4015,mp4a.40.2');
    expect(new TextDecoder().decode(first?.init)).toBe('init');
    expect(new TextDecoder().decode(first?.segment)).toBe('bytes of seg-00000.m4s');

    const Loader = warmLoader(FetchLoader, warmup);
    expect(await load(Loader, `${base}master.m3u8`)).toEqual({ status: 200, data: MASTER });
    expect(await load(Loader, `${base}240p/index.m3u8`)).toEqual({ status: 200, data: RUNG });
    expect(requested).toHaveLength(4);
  });

  it("When hls.js takes the first segment over whole, then its bandwidth estimate gets the time the segment took on the line, not an instant (no needless switch up)", async () => {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('.m4s')) await new Promise((resolve) => setTimeout(resolve, 120));
      return new Response(url.endsWith('master.m3u8') ? MASTER : url.endsWith('index.m3u8') ? RUNG : 'bytes');
    }) as typeof fetch;
    const warmup = warmHls(`${base}master.m3u8`);
    await warmup.first;
    const Loader = warmLoader(FetchLoader, warmup);
    const stats = await new Promise<{ start: number; end: number }>((resolve, reject) => {
      new Loader({} as HlsConfig).load({ url: `${base}240p/seg-00000.m4s`, responseType: 'arraybuffer' } as LoaderContext, CONFIG, {
        onSuccess: (_response, loaded) => resolve({ start: loaded.loading.start, end: loaded.loading.end }),
        onError: () => reject(new Error('error')),
        onTimeout: () => reject(new Error('timeout')),
      });
    });
    expect(stats.end - stats.start).toBeGreaterThanOrEqual(100);
  });

  it('When the member resumes further in, then nothing is guessed: the segment where they stopped comes after its playlist', async () => {
    const warmup = warmHls(`${base}master.m3u8`, 3);
    expect(await warmup.first).toBeUndefined();
    expect(requested).toEqual([`${base}master.m3u8`, `${base}240p/index.m3u8`, `${base}240p/init_0.mp4`, `${base}240p/seg-00001.m4s`]);
  });

  it('When the first segment cannot be had (the link expired meanwhile), then there is no head start and hls.js loads it itself', async () => {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      requested.push(url);
      if (url.endsWith('.m4s')) return new Response('{"code":"LINK_EXPIRED"}', { status: 403 });
      return new Response(url.endsWith('master.m3u8') ? MASTER : RUNG);
    }) as typeof fetch;
    expect(await warmHls(`${base}master.m3u8`).first).toBeUndefined();
  });
});
