import type { FetchLoader as HlsFetchLoader, LoaderContext } from 'hls.js/light';

/**
 * The ladder's first bytes, fetched while hls.js itself is still downloading: the master playlist,
 * the lowest rendition's playlist (where hls.js starts, `startLevel: 0`) and that rendition's segment
 * where playback starts (the first one, or the one holding `startAt` when the member resumes) —
 * instead of three round trips and a segment after hls.js has run. On a 1.6 Mb/s phone
 * this is most of the HLS first frame (`npm run bench:video`). Responses by absolute URL, each
 * handed over once; anything missing or failed is simply loaded by hls.js as usual.
 */
export type HlsWarmup = Map<string, Promise<Response>>;

const lines = (text: string) => text.split('\n').map((line) => line.trim());

async function fetchText(warmup: HlsWarmup, url: string): Promise<string> {
  const response = fetch(url);
  warmup.set(url, response);
  return (await response).clone().text();
}

/** The URI of the segment holding `startAt` seconds (the last one when past the end), by the playlist's #EXTINF durations. */
export function segmentAt(playlist: string[], startAt: number): string | undefined {
  let end = 0;
  let last: string | undefined;
  for (const [index, line] of playlist.entries()) {
    const duration = /^#EXTINF:([\d.]+)/.exec(line);
    const uri = playlist[index + 1];
    if (!duration || !uri || uri.startsWith('#')) continue;
    end += Number(duration[1]);
    last = uri;
    if (startAt < end) return uri;
  }
  return last;
}

export function warmHls(masterUrl: string, startAt = 0): HlsWarmup {
  const warmup: HlsWarmup = new Map();
  if (typeof fetch !== 'function') return warmup;
  void (async () => {
    const master = lines(await fetchText(warmup, masterUrl));
    // The variant with the lowest BANDWIDTH: the URI line after each #EXT-X-STREAM-INF.
    const variants = master.flatMap((line, index) => {
      const bandwidth = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line);
      const uri = master[index + 1];
      return bandwidth && uri && !uri.startsWith('#') ? [{ bandwidth: Number(bandwidth[1]), url: new URL(uri, masterUrl).href }] : [];
    });
    const lowest = variants.sort((a, b) => a.bandwidth - b.bandwidth)[0];
    if (!lowest) return;
    const first = segmentAt(lines(await fetchText(warmup, lowest.url)), startAt);
    if (first) {
      const segment = new URL(first, lowest.url).href;
      warmup.set(segment, fetch(segment));
    }
  })().catch(() => undefined);
  return warmup;
}

/** The part of a ladder link that expires: `…/hls/<name>/<expires>-<signature>/…`. */
const SIGNED_FOLDER = /(\/hls\/[^/]+\/)(\d+-[\w-]+)\//;
const signatureOf = (url: string) => SIGNED_FOLDER.exec(url)?.[2];

/**
 * The ladder's signed links over a long viewing: every request goes out with the newest signature the
 * page holds, and a request refused with 403 (the link expired: `FILE_URL_TTL_SECONDS`) asks the
 * API for a fresh link — once per signature, whatever the number of requests that failed with it.
 */
export interface HlsLinks {
  current(url: string): string;
  /** Resolves true when a newer signature than `url`'s is there to retry with; false when none came (access gone). */
  renew(url: string): Promise<boolean>;
}

export function hlsLinks(hlsUrl: string, fetchFresh: () => Promise<string | undefined>): HlsLinks {
  let signature = signatureOf(hlsUrl);
  let renewing: Promise<boolean> | null = null;
  return {
    current: (url) => (signature ? url.replace(SIGNED_FOLDER, `$1${signature}/`) : url),
    renew(url) {
      if (signatureOf(url) !== signature) return Promise.resolve(true);
      renewing ??= fetchFresh()
        .then(
          (fresh) => {
            const next = fresh ? signatureOf(fresh) : undefined;
            if (!next || next === signature) return false;
            signature = next;
            return true;
          },
          () => false,
        )
        .finally(() => {
          renewing = null;
        });
      return renewing;
    },
  };
}

/** First chunk handed to hls.js as soon as 16 kB arrived (a 360p keyframe), then 64 kB at a time. */
const FIRST_CHUNK = 16 * 1024;
const NEXT_CHUNKS = 64 * 1024;

/**
 * hls.js's own fetch loader, answering from the warm-up when it holds the URL asked for (once; a
 * retry goes to the network). Segments stream to hls.js in chunks (progressive loading). With
 * `links`, requests carry the newest signature and one refused as expired is sent again with a fresh one.
 */
export function warmLoader(FetchLoader: typeof HlsFetchLoader, warmup: HlsWarmup, links?: HlsLinks): typeof HlsFetchLoader {
  return class WarmLoader extends FetchLoader {
    protected override loadInternal(): void {
      const { context, callbacks, stats } = this;
      if (context && links) context.url = links.current(context.url);
      const warm = context ? warmup.get(context.url) : undefined;
      if (!context || !callbacks || !warm) {
        this.loadRenewing();
        return;
      }
      warmup.delete(context.url);
      const live = () => this.callbacks === callbacks && !stats.aborted;
      void (async () => {
        const response = await warm;
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        stats.loading.first = Math.max(performance.now(), stats.loading.start);
        stats.total = Number(response.headers.get('content-length')) || 0;
        let data: string | ArrayBuffer;
        if (context.responseType !== 'arraybuffer') data = await response.text();
        else if (callbacks.onProgress) data = await this.stream(response, context, callbacks.onProgress, live);
        else data = await response.arrayBuffer();
        if (!live()) return;
        stats.loading.end = Math.max(performance.now(), stats.loading.first);
        if (typeof data === 'string') stats.loaded = stats.total = data.length;
        callbacks.onSuccess({ url: context.url, data, code: response.status }, stats, context, response);
      })().catch(() => {
        // The warm-up failed (network, expired link): hls.js loads it itself, with its retries.
        if (live()) this.loadRenewing();
      });
    }

    /** hls.js's own fetch; a 403 (expired link) is tried once more with a fresh link before hls.js hears of it. */
    private loadRenewing(): void {
      const { context, callbacks } = this;
      if (!links || !context || !callbacks) {
        super.loadInternal();
        return;
      }
      const renewing: typeof callbacks = {
        ...callbacks,
        onError: (error, errorContext, details, errorStats) => {
          if (error.code !== 403 || this.callbacks !== renewing) {
            callbacks.onError(error, errorContext, details, errorStats);
            return;
          }
          void links.renew(context.url).then((renewed) => {
            if (this.callbacks !== renewing || this.stats.aborted) return;
            this.callbacks = callbacks;
            if (!renewed) {
              callbacks.onError(error, errorContext, details, errorStats);
              return;
            }
            context.url = links.current(context.url);
            super.loadInternal();
          });
        },
      };
      this.callbacks = renewing;
      super.loadInternal();
    }

    private async stream(
      response: Response,
      context: LoaderContext,
      onProgress: NonNullable<Parameters<HlsFetchLoader['load']>[2]['onProgress']>,
      live: () => boolean,
    ): Promise<ArrayBuffer> {
      const reader = response.body!.getReader();
      let pending: Uint8Array[] = [];
      let size = 0;
      let limit = FIRST_CHUNK;
      const flush = () => {
        const chunk = new Uint8Array(size);
        let offset = 0;
        for (const part of pending) {
          chunk.set(part, offset);
          offset += part.length;
        }
        pending = [];
        size = 0;
        limit = NEXT_CHUNKS;
        if (live()) onProgress(this.stats, context, chunk.buffer, response);
      };
      for (;;) {
        const { done, value } = await reader.read();
        if (!live()) {
          await reader.cancel();
          break;
        }
        if (done) {
          if (size) flush();
          break;
        }
        pending.push(value);
        size += value.length;
        this.stats.loaded += value.length;
        if (size >= limit) flush();
      }
      // Progressive loading: the bytes went through onProgress, as hls.js's fetch loader does.
      return new ArrayBuffer(0);
    }
  };
}
