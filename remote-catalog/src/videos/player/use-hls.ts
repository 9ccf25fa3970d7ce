import type { FragmentLoaderConstructor, default as HlsPlayer, PlaylistLoaderConstructor } from 'hls.js/light';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { headStart, hlsLinks, warmHls, warmLoader } from './hls-warmup';

/** A rung of the ladder as the quality menu shows it ("360p"), by hls.js's level index. */
export interface Quality {
  index: number;
  label: string;
}

export interface HlsState {
  /** What the <video> element's `src` is (undefined while hls.js feeds it through Media Source). */
  src: string | undefined;
  /** The renditions when hls.js plays the ladder (empty: native HLS or the MP4 — no menu). */
  qualities: Quality[];
  /** -1: automatic. */
  quality: number;
  setQuality: (index: number) => void;
}

type HlsInstance = HlsPlayer;

/** Safari, iOS and recent Chromium play HLS in the <video> element itself (without a quality menu). */
const playsHlsNatively = (element: HTMLVideoElement) => element.canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * The player's source: the HLS ladder when there is one — through hls.js wherever it runs (Media
 * Source), loaded only here (its own chunk, on the video page only), starting from the lowest
 * rendition, with the quality menu; natively where hls.js cannot run but the browser plays HLS (older
 * iOS) — and the MP4 when there is no ladder, neither way works, or hls.js fails for good.
 */
export function useHls(
  video: RefObject<HTMLVideoElement | null>,
  hlsUrl: string | undefined,
  mp4Url: string,
  startAt = 0,
  /** A fresh signed link to the same ladder (the video's detail again), for a viewing longer than the link lasts. */
  renewHlsUrl: () => Promise<string | undefined> = async () => undefined,
): HlsState {
  const [src, setSrc] = useState<string | undefined>(hlsUrl ? undefined : mp4Url);
  // Where the player opens (resume, `?t=`): read when the ladder is loaded, not a reason to reload it.
  const start = useRef(startAt);
  start.current = startAt;
  const renew = useRef(renewHlsUrl);
  renew.current = renewHlsUrl;
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [quality, setQualityState] = useState(-1);
  const [hls, setHls] = useState<HlsInstance | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!hlsUrl || !element) {
      setSrc(mp4Url);
      return undefined;
    }
    let cancelled = false;
    let instance: HlsInstance | null = null;
    setSrc(undefined);
    // The playlists and the segment where playback starts download alongside the hls.js chunk, not after it.
    const startPosition = start.current > 0 ? start.current : undefined;
    const warmup = warmHls(hlsUrl, startPosition);
    // From the start of an fMP4 ladder, the first segment plays before hls.js has arrived; hls.js takes it over.
    const head = startPosition === undefined ? headStart(element, warmup) : undefined;
    void import(/* webpackChunkName: "hls", webpackPreload: true */ 'hls.js/light')
      .then(async ({ default: Hls, FetchLoader }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          head?.cancel();
          setSrc(playsHlsNatively(element) ? hlsUrl : mp4Url);
          return;
        }
        // progressive: the first segment is transmuxed and appended as its bytes arrive (128 kB
        // chunks), not after the whole segment — the first frame comes sooner on a slow phone.
        // hls.js types its own loaders for any context; pLoader/fLoader (not `loader`, which would
        // turn progressive loading off) get the playlist and fragment contexts they ask for.
        const links = hlsLinks(hlsUrl, () => renew.current());
        const Loader = warmLoader(FetchLoader, warmup, links) as unknown as PlaylistLoaderConstructor & FragmentLoaderConstructor;
        // startPosition: a resumed video loads the segment where the member stopped first, not the opening one.
        const player = new Hls({
          startLevel: 0,
          capLevelToPlayerSize: true,
          progressive: true,
          pLoader: Loader,
          fLoader: Loader,
          ...(startPosition !== undefined ? { startPosition } : {}),
        });
        instance = player;
        player.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          setQualities(data.levels.map((level, index) => ({ index, label: `${level.height}p` })));
        });
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // The ladder cannot play (network, decoding): the MP4 takes over.
          player.destroy();
          setHls(null);
          setQualities([]);
          setSrc(mp4Url);
        });
        player.loadSource(hlsUrl);
        setHls(player);
        const media = await head?.ready;
        if (cancelled) return;
        if (!media) player.attachMedia(element);
        else {
          // hls.js's hand-over of a Media Source between players: it adopts the SourceBuffer holding the first segment.
          player.attachMedia({ media: element, ...media });
        }
      })
      .catch(() => {
        head?.cancel();
        if (!cancelled) setSrc(playsHlsNatively(element) ? hlsUrl : mp4Url);
      });
    return () => {
      cancelled = true;
      head?.cancel();
      instance?.destroy();
      setHls(null);
      setQualities([]);
    };
  }, [video, hlsUrl, mp4Url]);

  return {
    src,
    qualities,
    quality,
    setQuality(index) {
      setQualityState(index);
      // nextLevel: switches at the next segment without flushing what is buffered; -1 is automatic.
      if (hls) hls.nextLevel = index;
    },
  };
}
