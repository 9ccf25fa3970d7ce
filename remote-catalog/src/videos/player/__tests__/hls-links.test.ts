/** @jest-environment node */
import type { FetchLoader as HlsFetchLoader, HlsConfig, LoaderConfiguration, LoaderContext } from 'hls.js';
import { FetchLoader } from 'hls.js/dist/hls.light.mjs';
import { hlsLinks, warmLoader } from '../hls-warmup';

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
