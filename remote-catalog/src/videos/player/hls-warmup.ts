import type { FetchLoader as HlsFetchLoader, LoaderContext, SourceBufferTrackSet } from 'hls.js/light';

/**
 * The ladder's first bytes, fetched while hls.js itself is still downloading: the master playlist,
 * the lowest rendition's playlist (where hls.js starts, `startLevel: 0`) and that rendition's segment
 * where playback starts (the first one, or the one holding `startAt` when the member resumes) —
 * instead of three round trips and a segment after hls.js has run. On a 1.6 Mb/s phone
 * this is most of the HLS first frame (`npm run bench:video`). Responses by absolute URL, each
 * handed over once; anything missing or failed is simply loaded by hls.js as usual.
 */
export type HlsWarmup = Map<string, Promise<Response>> & {
  /**
   * While the warm-up still has files to ask for: settles when it asks for the next one (or stops).
   * hls.js, handed the master playlist by the warm-up, may ask for the rendition's playlist a moment
   * before the warm-up does (a busy phone): it waits for that step instead of downloading it twice.
   */
  next?: Promise<void>;
  /**
   * The lowest rung's init and first segment (fMP4 ladders, playback from the start), their bytes and
   * the rung's codecs — what the head start plays before hls.js arrives; undefined when the ladder
   * has none (MPEG-TS ladders, a resume) or a request failed.
   */
  first?: Promise<FirstSegment | undefined>;
  /**
   * How long the head start's files took on the line (ms from request to first byte and to the last):
   * handed to hls.js whole, they would otherwise look instant and its bandwidth estimate would climb
   * past what the phone gets (a switch up, and the same second fetched again at a heavier rung).
   */
  took?: Map<string, { first: number; all: number }>;
};

export interface FirstSegment {
  /** The master playlist's CODECS for the lowest rung (`avc1.…,mp4a.40.2`). */
  codecs: string;
  init: ArrayBuffer;
  segment: ArrayBuffer;
}

/**
 * The transcoding job's names for the lowest rung (`api/src/modules/media/rules/ladder.ts` and
 * `src/plugins/ffmpeg.ts`): asked for with the master playlist instead of after it and the rung's
 * playlist — two round trips less before the first frame — and used only once both playlists
 * confirm them (a ladder made before them simply leaves these requests unused).
 */
const LOWEST_RUNG = { playlist: '240p/index.m3u8', init: 'init_0.mp4', segment: 'seg-00000.m4s' } as const;

const lines = (text: string) => text.split('\n').map((line) => line.trim());

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

/** The rendition with the lowest BANDWIDTH in a master playlist: its absolute URL and CODECS. */
function lowestVariant(master: string[], masterUrl: string): { url: string; codecs: string | undefined } | undefined {
  const variants = master.flatMap((line, index) => {
    const bandwidth = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line);
    const uri = master[index + 1];
    const codecs = /\bCODECS="([^"]+)"/.exec(line)?.[1];
    return bandwidth && uri && !uri.startsWith('#') ? [{ bandwidth: Number(bandwidth[1]), url: new URL(uri, masterUrl).href, codecs }] : [];
  });
  return variants.sort((a, b) => a.bandwidth - b.bandwidth)[0];
}

export function warmHls(masterUrl: string, startAt = 0): HlsWarmup {
  let settleFirst: (first: FirstSegment | undefined) => void = () => {};
  const warmup: HlsWarmup = Object.assign(new Map<string, Promise<Response>>(), {
    first: new Promise<FirstSegment | undefined>((resolve) => {
      settleFirst = resolve;
    }),
  });
  if (typeof fetch !== 'function') {
    settleFirst(undefined);
    return warmup;
  }
  let wake = () => {};
  const arm = () => {
    warmup.next = new Promise<void>((resolve) => {
      wake = resolve;
    });
  };
  /** The bytes read once, at arrival, beside what hls.js reads (a copy taken before anyone reads the body). */
  const copies = new Map<string, Promise<ArrayBuffer>>();
  const took = (warmup.took = new Map());
  const ask = (url: string, copy = false) => {
    const asked = performance.now();
    const response = fetch(url);
    // A guess nobody uses (a ladder without these files) must not count as an unhandled failure.
    response.catch(() => undefined);
    warmup.set(url, response);
    if (copy) {
      const bytes = response.then(async (answer) => {
        if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
        const first = performance.now() - asked;
        const data = await answer.clone().arrayBuffer();
        took.set(url, { first, all: performance.now() - asked });
        return data;
      });
      bytes.catch(() => undefined);
      copies.set(url, bytes);
    }
    wake();
    arm();
    return response;
  };
  const fetchText = async (url: string) => (await (warmup.get(url) ?? ask(url))).clone().text();
  arm();
  // From the start: the lowest rung's playlist, init and first segment go out with the master playlist.
  const guess = startAt > 0 ? undefined : {
    playlist: new URL(LOWEST_RUNG.playlist, masterUrl).href,
    init: new URL(LOWEST_RUNG.init, new URL(LOWEST_RUNG.playlist, masterUrl)).href,
    segment: new URL(LOWEST_RUNG.segment, new URL(LOWEST_RUNG.playlist, masterUrl)).href,
  };
  ask(masterUrl);
  if (guess) {
    ask(guess.playlist);
    ask(guess.init, true);
    ask(guess.segment, true);
  }
  const dropGuess = () => {
    if (!guess) return;
    for (const url of Object.values(guess)) {
      warmup.delete(url);
      copies.delete(url);
    }
  };
  void (async () => {
    const lowest = lowestVariant(lines(await fetchText(masterUrl)), masterUrl);
    if (!lowest) return;
    if (guess && lowest.url !== guess.playlist) dropGuess();
    const playlist = lines(await fetchText(lowest.url));
    const map = playlist.map((line) => /^#EXT-X-MAP:.*?\bURI="([^"]+)"/.exec(line)?.[1]).find(Boolean);
    const first = segmentAt(playlist, startAt);
    const initUrl = map ? new URL(map, lowest.url).href : undefined;
    const segmentUrl = first ? new URL(first, lowest.url).href : undefined;
    if (guess && lowest.url === guess.playlist && (initUrl !== guess.init || segmentUrl !== guess.segment)) dropGuess();
    if (initUrl && !warmup.has(initUrl)) ask(initUrl);
    if (segmentUrl && !warmup.has(segmentUrl)) ask(segmentUrl);
    const initCopy = initUrl ? copies.get(initUrl) : undefined;
    const segmentCopy = segmentUrl ? copies.get(segmentUrl) : undefined;
    if (lowest.codecs && initCopy && segmentCopy) {
      const [init, segment] = await Promise.all([initCopy, segmentCopy]);
      settleFirst({ codecs: lowest.codecs, init, segment });
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      settleFirst(undefined);
      delete warmup.next;
      wake();
    });
  return warmup;
}

/**
 * The first frame without waiting for hls.js (~100 kB on a slow line): the page's own Media Source
 * plays the lowest rung's init and first segment from the warm-up, and hls.js, once it has arrived,
 * takes that Media Source over with its SourceBuffer (`attachMedia` with `mediaSource` and `tracks`,
 * hls.js's own hand-over between players) and carries on from there. fMP4 only: the segment is
 * appended as it is, hls.js transmuxes nothing either.
 */
export interface HeadStart {
  /** Resolves with what hls.js takes over, or undefined (nothing was played: hls.js attaches as usual). */
  ready: Promise<HeadStartMedia | undefined>;
  /** The page leaves: the Media Source is dropped if hls.js never took it. */
  cancel(): void;
}

/** What `attachMedia` takes over: the Media Source and its SourceBuffer, named as hls.js names an fMP4 rung's (muxed audio and video, or video alone). */
export interface HeadStartMedia {
  mediaSource: MediaSource;
  tracks: SourceBufferTrackSet;
}

const settled = (target: EventTarget, event: string) =>
  new Promise<void>((resolve) => {
    target.addEventListener(event, () => resolve(), { once: true });
  });

export function headStart(video: HTMLVideoElement, warmup: HlsWarmup): HeadStart | undefined {
  if (typeof MediaSource === 'undefined' || typeof URL.createObjectURL !== 'function') return undefined;
  const mediaSource = new MediaSource();
  const objectUrl = URL.createObjectURL(mediaSource);
  let cancelled = false;
  video.src = objectUrl;
  const ready = (async (): Promise<HeadStartMedia | undefined> => {
    const [first] = await Promise.all([warmup.first, settled(mediaSource, 'sourceopen')]);
    const type = first && `video/mp4; codecs="${first.codecs}"`;
    if (!first || !type || cancelled || !MediaSource.isTypeSupported(type)) return undefined;
    const buffer = mediaSource.addSourceBuffer(type);
    for (const bytes of [first.init, first.segment]) {
      buffer.appendBuffer(bytes);
      await settled(buffer, 'updateend');
    }
    const track = { id: 'main' as const, container: 'video/mp4', codec: first.codecs, levelCodec: first.codecs, buffer, listeners: [] };
    return { mediaSource, tracks: /\bmp4a\./.test(first.codecs) ? { audiovideo: track } : { video: track } };
  })().then(
    (media) => {
      if (!media) drop();
      return media;
    },
    () => {
      drop();
      return undefined;
    },
  );
  function drop() {
    URL.revokeObjectURL(objectUrl);
    if (video.getAttribute('src') === objectUrl) video.removeAttribute('src');
  }
  return {
    ready,
    cancel() {
      cancelled = true;
      void ready.then((media) => {
        if (media) drop();
      });
    },
  };
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

/** First chunk handed to hls.js as soon as 16 kB arrived (a low rung's keyframe), then 64 kB at a time. */
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
      this.answer(true);
    }

    /** From the warm-up when it holds (or, with `wait`, is about to ask for) the URL; from the network otherwise. */
    private answer(wait: boolean): void {
      const { context, callbacks, stats } = this;
      if (context && links) context.url = links.current(context.url);
      const warm = context ? warmup.get(context.url) : undefined;
      if (context && callbacks && !warm && wait && warmup.next) {
        void warmup.next.then(() => {
          if (this.callbacks === callbacks && !stats.aborted) this.answer(false);
        });
        return;
      }
      if (!context || !callbacks || !warm) {
        this.loadRenewing();
        return;
      }
      warmup.delete(context.url);
      const live = () => this.callbacks === callbacks && !stats.aborted;
      void (async () => {
        const response = await warm;
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        // Already all here (the head start's files): hls.js's estimate gets the time they took on the line.
        const timing = warmup.took?.get(context.url);
        if (timing) {
          stats.loading.start = Math.min(stats.loading.start, performance.now() - timing.all);
          stats.loading.first = stats.loading.start + timing.first;
        } else stats.loading.first = Math.max(performance.now(), stats.loading.start);
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
