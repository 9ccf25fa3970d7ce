import { Select } from '@clube/kit/ui/select';
import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { embedSource } from './embed-source';
import { useHls } from './use-hls';
import { useProgressReports } from './use-progress-reports';

/** What the chapters and the transcript can ask of a player. */
export interface PlayerHandle {
  seek(seconds: number): void;
}

export interface PlayerProps {
  videoId: string;
  title: string;
  url: string;
  /** File sources: the signed HLS ladder, once the upload was converted (else the MP4 `url` plays). */
  hlsUrl?: string;
  /** A fresh signed ladder link, asked for when the current one expired during a long viewing. */
  renewHlsUrl?: () => Promise<string | undefined>;
  /** The ladder's poster (a frame of the video), shown until playback starts. */
  posterUrl?: string;
  durationSeconds: number;
  captionsUrl?: string;
  /** Where to open: `?t=`, or the saved position. */
  startAt: number;
  autoPlay: boolean;
  /** Signed-in members with access record progress. */
  reportProgress: boolean;
  onTime: (seconds: number) => void;
  handle: Ref<PlayerHandle>;
}

const SPEEDS = ['0.75', '1', '1.25', '1.5', '1.75', '2'];

/** Keys typed in these belong to them (Space opens a select, types a space in a field). */
const isFormControl = (target: EventTarget) => target instanceof HTMLElement && target.matches('select, input, textarea, button, [contenteditable="true"]');

/**
 * A file source in the browser's own player, through the API's signed, range-capable link:
 * native controls, captions from the transcript, speed, J/K/L and arrow keys, resume.
 */
export function FilePlayer({ videoId, title, url, hlsUrl, renewHlsUrl, posterUrl, durationSeconds, captionsUrl, startAt, autoPlay, reportProgress, onTime, handle }: PlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useHls(video, hlsUrl, url, startAt, renewHlsUrl);
  // The last position and duration seen: when the page unmounts, the element is already gone.
  const seen = useRef({ position: startAt, duration: 0 });
  const [speed, setSpeed] = useState('1');
  const remember = () => {
    const element = video.current;
    if (!element) return;
    seen.current.position = element.currentTime;
    if (Number.isFinite(element.duration) && element.duration > 0) seen.current.duration = element.duration;
  };
  const reports = useProgressReports(
    videoId,
    durationSeconds,
    {
      position: () => {
        remember();
        return seen.current.position;
      },
      duration: () => seen.current.duration,
    },
    reportProgress,
  );

  useImperativeHandle(handle, () => ({
    seek(seconds: number) {
      const element = video.current;
      if (!element) return;
      element.currentTime = seconds;
      onTime(seconds);
      if (element.paused) void element.play().catch(() => undefined);
    },
  }));

  useEffect(() => {
    if (video.current) video.current.playbackRate = Number(speed);
  }, [speed]);

  function onLoadedMetadata() {
    const element = video.current;
    if (!element) return;
    if (startAt > 0 && startAt < (element.duration || Infinity)) element.currentTime = startAt;
    element.playbackRate = Number(speed);
    if (autoPlay) void element.play().catch(() => undefined);
  }

  // The shortcuts work wherever focus is in the player (the video or the player's area), once per
  // key press: captured before the browser's own controls see the key, which in Chromium toggle
  // play on Space's keyup (a second toggle). Form controls (the speed) keep their own keys.
  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    const element = video.current;
    if (!element || isFormControl(event.target)) return;
    const step: Record<string, number> = { j: -10, l: 10, ArrowLeft: -5, ArrowRight: 5 };
    if (event.key === 'k' || event.key === ' ') {
      event.preventDefault();
      if (event.repeat) return;
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    } else if (event.key in step) {
      event.preventDefault();
      element.currentTime = Math.max(0, element.currentTime + (step[event.key] ?? 0));
    }
  }
  function onKeyUpCapture(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== ' ' || isFormControl(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className="catalog-player__file" onKeyDownCapture={onKeyDownCapture} onKeyUpCapture={onKeyUpCapture}>
      <video
        ref={video}
        className="catalog-player__video"
        src={stream.src}
        poster={posterUrl}
        data-source={stream.src === undefined ? 'hls.js' : stream.src === url ? 'mp4' : 'hls'}
        controls
        preload="metadata"
        playsInline
        crossOrigin="anonymous"
        aria-label={`Vídeo: ${title}`}
        aria-keyshortcuts="Space k j l ArrowLeft ArrowRight"
        onLoadedMetadata={onLoadedMetadata}
        onPlay={reports.onPlay}
        onPause={reports.onPause}
        onEnded={reports.onEnded}
        onTimeUpdate={(event) => {
          remember();
          onTime(event.currentTarget.currentTime);
        }}
      >
        {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="pt-BR" label="Português" default />}
      </video>
      <div className="catalog-player__controls">
        <Select label="Velocidade" value={speed} onChange={(event) => setSpeed(event.target.value)} options={SPEEDS.map((value) => ({ value, label: `${value.replace('.', ',')}×` }))} />
        {stream.qualities.length > 1 && (
          <Select
            label="Qualidade"
            value={String(stream.quality)}
            onChange={(event) => stream.setQuality(Number(event.target.value))}
            options={[{ value: '-1', label: 'Automática' }, ...stream.qualities.map((option) => ({ value: String(option.index), label: option.label }))]}
          />
        )}
        <p className="catalog-meta" style={{ margin: 0 }}>
          Atalhos com o vídeo em foco: K ou espaço (tocar/pausar), J e L (10 s), setas (5 s).
        </p>
      </div>
    </div>
  );
}

type EmbedMessage = { currentTime?: number; duration?: number; playing?: boolean };

/** Reads the players' postMessage events (YouTube's `infoDelivery`, Vimeo's `timeupdate`/`play`/`pause`). */
function readEmbedMessage(kind: 'youtube' | 'vimeo', raw: unknown): EmbedMessage | null {
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== 'object') return null;
  const message = data as { event?: string; info?: Record<string, unknown>; data?: Record<string, unknown> };
  if (kind === 'youtube') {
    const info = message.info;
    if (!info || typeof info !== 'object') return null;
    const result: EmbedMessage = {};
    if (typeof info.currentTime === 'number') result.currentTime = info.currentTime;
    if (typeof info.duration === 'number') result.duration = info.duration;
    if (typeof info.playerState === 'number') result.playing = info.playerState === 1;
    return result;
  }
  const payload = message.data ?? {};
  const result: EmbedMessage = {};
  if (typeof payload.seconds === 'number') result.currentTime = payload.seconds;
  if (typeof payload.duration === 'number') result.duration = payload.duration;
  if (message.event === 'play') result.playing = true;
  if (message.event === 'pause' || message.event === 'ended') result.playing = false;
  return result;
}

/**
 * YouTube (youtube-nocookie.com) and Vimeo (dnt=1) sources in their privacy-friendly embeds; the
 * position comes from their player APIs over postMessage, so progress follows the same rules.
 */
export function EmbedPlayer({ kind, videoId, title, url, durationSeconds, startAt, reportProgress, onTime, handle }: PlayerProps & { kind: 'youtube' | 'vimeo' }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const state = useRef({ position: startAt, duration: 0, playing: false });
  const source = embedSource(kind, url, startAt, window.location.origin);
  const reports = useProgressReports(videoId, durationSeconds, { position: () => state.current.position, duration: () => state.current.duration }, reportProgress);
  const latest = useRef({ reports, onTime });
  latest.current = { reports, onTime };

  function post(message: object) {
    if (source) frame.current?.contentWindow?.postMessage(JSON.stringify(message), source.origin);
  }

  useImperativeHandle(handle, () => ({
    seek(seconds: number) {
      state.current.position = seconds;
      onTime(seconds);
      if (kind === 'youtube') {
        post({ event: 'command', func: 'seekTo', args: [seconds, true] });
        post({ event: 'command', func: 'playVideo', args: [] });
      } else {
        post({ method: 'setCurrentTime', value: seconds });
        post({ method: 'play' });
      }
    },
  }));

  useEffect(() => {
    if (!source) return undefined;
    function onMessage(event: MessageEvent) {
      if (event.origin !== source?.origin || event.source !== frame.current?.contentWindow) return;
      const message = readEmbedMessage(kind, event.data);
      if (!message) return;
      if (message.duration) state.current.duration = message.duration;
      if (message.currentTime !== undefined) {
        state.current.position = message.currentTime;
        latest.current.onTime(message.currentTime);
      }
      if (message.playing !== undefined && message.playing !== state.current.playing) {
        state.current.playing = message.playing;
        if (message.playing) latest.current.reports.onPlay();
        else latest.current.reports.onPause();
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener per embedded address
  }, [source?.src]);

  function onLoad() {
    if (kind === 'youtube') post({ event: 'listening', id: videoId });
    else for (const value of ['play', 'pause', 'ended', 'timeupdate']) post({ method: 'addEventListener', value });
  }

  if (!source) return <p role="alert">Não foi possível abrir este vídeo: o endereço cadastrado não é válido.</p>;
  return (
    <iframe
      ref={frame}
      className="catalog-player__embed"
      src={source.src}
      title={`Vídeo: ${title}`}
      onLoad={onLoad}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
