/** The HLS ladder and what its job tells an admin: pure rules, no I/O. */

export interface LadderStep {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * The lowest rung is where every phone starts (hls.js `startLevel: 0`, and the player's head start
 * before hls.js arrives): 240p, light enough that its first segment (1 s, ~25 kB) reaches a 1.6 Mb/s
 * 4G phone in a fraction of a second (`npm run bench:video`). hls.js climbs from there.
 */
const STEPS: readonly LadderStep[] = [
  { name: '240p', height: 240, videoKbps: 200, audioKbps: 48 },
  { name: '360p', height: 360, videoKbps: 400, audioKbps: 64 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
  { name: '1080p', height: 1080, videoKbps: 5000, audioKbps: 128 },
];

/** Segment length (s): short enough to switch rungs often, long enough for few requests. */
export const SEGMENT_SECONDS = 4;

/**
 * The first segment is shorter (s): the first frame waits for hls.js and the first segment's bytes
 * on the same slow line, so a 1 s segment (a quarter of the bytes) lets hls.js arrive sooner.
 */
export const FIRST_SEGMENT_SECONDS = 1;

/** 240p, 360p and 720p always (a small source is scaled up rather than leaving a phone without a rung), 1080p when the source has it. */
export function ladderFor(sourceHeight: number): LadderStep[] {
  return STEPS.filter((step) => step.height <= 720 || sourceHeight >= step.height);
}

/**
 * The URIs a playlist lists (renditions in a master playlist; a rendition's init segment, from
 * `#EXT-X-MAP`, and its segments), relative to it.
 */
export function playlistEntries(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .flatMap((line) => {
      if (line === '') return [];
      if (!line.startsWith('#')) return [line];
      const map = /^#EXT-X-MAP:.*?\bURI="([^"]+)"/.exec(line);
      return map ? [map[1]!] : [];
    });
}

/** Whole percent of the output written, never 100 before the job has stored everything. */
export function progressPercent(writtenSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.max(0, Math.min(99, Math.floor((writtenSeconds / durationSeconds) * 100)));
}

/** The poster's frame: one second in, or the middle of a shorter clip. */
export function posterSecond(durationSeconds: number): number {
  return Math.min(1, durationSeconds / 2);
}

export const FAILURE_REASONS = {
  unreadable: 'O arquivo não pôde ser lido como vídeo: ele parece corrompido ou incompleto. Envie o arquivo de novo.',
  noVideo: 'O arquivo não tem imagem de vídeo (talvez seja só áudio). Envie um MP4 com vídeo.',
  missing: 'O arquivo original não está mais no armazenamento. Envie o vídeo de novo.',
} as const;

/** ffmpeg's own words after ours, bounded: enough for whoever reads the log. */
export function conversionFailed(detail: string): string {
  const text = `A conversão do vídeo falhou (${detail.replace(/\s+/g, ' ').trim()}).`;
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
