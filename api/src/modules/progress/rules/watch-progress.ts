/**
 * How the server turns the player's periodic reports into "seconds really watched".
 *
 * The player reports `{ positionSeconds, durationSeconds }` when playback starts, every ~10 s
 * while playing, on pause, on seeking and on leaving. The server never trusts a jump: between two
 * reports it credits at most the advance of the position, and at most what the wall clock allows
 * for that advance — `elapsed × MAX_PLAYBACK_RATE + TOLERANCE_SECONDS` (the player offers speeds
 * up to 2×; the tolerance absorbs timer jitter and network delay). The credited seconds are the
 * ones right after the previous position, kept as merged ranges of the video, so:
 * - seeking ahead credits nothing beyond what the clock allows (a jump from 0:30 to 9:00 in 10 s
 *   credits at most 23 s);
 * - seeking back and watching the same part again does not count twice (ranges merge);
 * - the first report only sets the position: nothing was seen yet from the server's point of view.
 * A video is finished once the watched ranges cover FINISHED_FRACTION of its duration, and it
 * stays finished. The duration is the longest one the player reported (a later report cannot
 * shrink it to finish sooner). The same rule serves file, YouTube and Vimeo players.
 */
export const FINISHED_FRACTION = 0.9;
export const MAX_PLAYBACK_RATE = 2;
export const TOLERANCE_SECONDS = 3;

export interface WatchedRange {
  start: number;
  end: number;
}

export interface WatchState {
  positionSeconds: number;
  durationSeconds: number;
  watchedRanges: WatchedRange[];
  watchedSeconds: number;
  lastReportAt: Date;
  finishedAt: Date | null;
}

export interface WatchReport {
  positionSeconds: number;
  durationSeconds: number;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Sorted, non-overlapping ranges (touching ones joined). */
export function mergeRanges(ranges: WatchedRange[]): WatchedRange[] {
  const sorted = ranges.filter((range) => range.end > range.start).sort((a, b) => a.start - b.start);
  const merged: WatchedRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

export const totalSeconds = (ranges: WatchedRange[]) => round(ranges.reduce((sum, range) => sum + (range.end - range.start), 0));

export function applyReport(previous: WatchState | null, report: WatchReport, now: Date): WatchState {
  const durationSeconds = Math.max(report.durationSeconds, previous?.durationSeconds ?? 0);
  const positionSeconds = round(Math.min(Math.max(report.positionSeconds, 0), durationSeconds));
  let ranges = previous?.watchedRanges ?? [];
  if (previous) {
    const elapsedSeconds = Math.max(0, (now.getTime() - previous.lastReportAt.getTime()) / 1000);
    const advance = positionSeconds - previous.positionSeconds;
    const credited = Math.min(advance, elapsedSeconds * MAX_PLAYBACK_RATE + TOLERANCE_SECONDS);
    if (credited > 0) {
      const start = previous.positionSeconds;
      ranges = [...ranges, { start: round(start), end: round(Math.min(start + credited, durationSeconds)) }];
    }
  }
  const watchedRanges = mergeRanges(ranges);
  const watchedSeconds = Math.min(totalSeconds(watchedRanges), durationSeconds);
  const finishedAt = previous?.finishedAt ?? (watchedSeconds >= FINISHED_FRACTION * durationSeconds ? now : null);
  return { positionSeconds, durationSeconds, watchedRanges, watchedSeconds, lastReportAt: now, finishedAt };
}

/** 0–100, whole percent of the duration watched. */
export const percentWatched = (state: Pick<WatchState, 'watchedSeconds' | 'durationSeconds'>) =>
  state.durationSeconds > 0 ? Math.min(100, Math.floor((state.watchedSeconds / state.durationSeconds) * 100)) : 0;
