import { useCallback, useEffect, useRef } from 'react';
import { useSaveProgress } from '../api/save-progress';

/** How often a playing video reports where it is (the API allows 30 reports a minute). */
export const REPORT_EVERY_MS = 10_000;

export interface PlaybackClock {
  /** Where playback is, in seconds. */
  position(): number;
  /** The media's duration as the player knows it (0 while unknown). */
  duration(): number;
}

/**
 * Saves progress the way the API counts it: a report when playback starts (the first one only
 * sets the position), every ~10 s while playing, on pause, at the end, and when the member leaves
 * (another page of the app, a hidden tab or a closed one — those with `keepalive`). Never blocks
 * playback. `enabled` is false for guests and locked videos.
 */
export function useProgressReports(videoId: string, catalogueDuration: number, clock: PlaybackClock, enabled: boolean) {
  const save = useSaveProgress(videoId);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const clockRef = useRef(clock);
  clockRef.current = clock;
  const started = useRef(false);
  const lastSent = useRef<number | null>(null);

  const report = useCallback(
    (keepalive = false) => {
      if (!enabled || !started.current) return;
      const positionSeconds = Math.max(0, Math.round(clockRef.current.position() * 10) / 10);
      const known = clockRef.current.duration();
      const durationSeconds = Number.isFinite(known) && known > 0 ? known : catalogueDuration;
      if (!durationSeconds) return;
      if (keepalive && lastSent.current === positionSeconds) return; // nothing new to tell on leaving
      lastSent.current = positionSeconds;
      save({ positionSeconds: Math.min(positionSeconds, durationSeconds), durationSeconds }, keepalive);
    },
    [enabled, catalogueDuration, save],
  );

  const stopTimer = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const onPlay = useCallback(() => {
    started.current = true;
    report();
    stopTimer();
    timer.current = setInterval(() => report(), REPORT_EVERY_MS);
  }, [report, stopTimer]);

  const onPause = useCallback(() => {
    stopTimer();
    report();
  }, [report, stopTimer]);

  useEffect(() => {
    const leave = () => report(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      stopTimer();
      leave(); // leaving for another page of the app
    };
  }, [report, stopTimer]);

  return { onPlay, onPause, onEnded: onPause };
}
