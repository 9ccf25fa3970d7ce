/**
 * Debian's `ffprobe` and `ffmpeg` (apt-get install ffmpeg), run as child processes: what a video
 * file holds, and its HLS ladder. Only the transcoding job (modules/media) calls this.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ProbedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** ffprobe or ffmpeg refused the input (exit code ≠ 0), with the last lines it wrote. */
export class MediaToolError extends Error {
  constructor(
    readonly tool: 'ffprobe' | 'ffmpeg',
    readonly detail: string,
  ) {
    super(`${tool}: ${detail}`);
    this.name = 'MediaToolError';
  }
}

interface RunOptions {
  signal?: AbortSignal;
  /** Each line ffmpeg writes on stdout (`-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
}

function run(tool: 'ffprobe' | 'ffmpeg', args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(options.signal ? { signal: options.signal } : {}) });
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (!options.onStdoutLine) {
        stdout += text;
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    // Only the tail matters (the reason of a failure); ffmpeg can write a lot.
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else {
        const lines = stderr.trim().split('\n').filter(Boolean);
        reject(new MediaToolError(tool, lines.slice(-3).join(' | ') || `saiu com código ${code}`));
      }
    });
  });
}

export async function probeVideo(file: string, signal?: AbortSignal): Promise<ProbedVideo> {
  const output = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  const parsed = JSON.parse(output) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && (stream.width ?? 0) > 0);
  const duration = Number(parsed.format?.duration ?? video?.duration);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    hasAudio: Boolean(parsed.streams?.some((stream) => stream.codec_type === 'audio')),
  };
}

export interface Rendition {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export interface HlsOptions {
  input: string;
  outputDir: string;
  renditions: readonly Rendition[];
  hasAudio: boolean;
  segmentSeconds: number;
  /** The first segment's length (s), shorter than the others so a phone's first frame needs fewer bytes. */
  firstSegmentSeconds?: number;
  signal?: AbortSignal;
  /** Seconds of the output written so far. */
  onProgress?: (seconds: number) => void;
}

/**
 * One ffmpeg run for the whole ladder: the source decoded once, scaled per rendition, H.264 with a
 * keyframe at the end of the first segment (`firstSegmentSeconds`, ffmpeg's `-hls_init_time`) and
 * then every `segmentSeconds` (so every later segment has that length), AAC stereo at each
 * rendition's bitrate, fMP4 segments with one init segment per rendition, VOD playlists,
 * `master.m3u8` naming each rendition's bandwidth, resolution and codecs.
 */
export async function transcodeHls({
  input,
  outputDir,
  renditions,
  hasAudio,
  segmentSeconds,
  firstSegmentSeconds = segmentSeconds,
  signal,
  onProgress,
}: HlsOptions): Promise<void> {
  const split = `[0:v]split=${renditions.length}${renditions.map((_, index) => `[s${index}]`).join('')}`;
  const scales = renditions.map((rendition, index) => `[s${index}]scale=-2:${rendition.height}[v${index}]`);
  const args = ['-hide_banner', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', '-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  renditions.forEach((rendition, index) => {
    args.push('-map', `[v${index}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-b:v:${index}`,
      `${rendition.videoKbps}k`,
      `-maxrate:v:${index}`,
      `${Math.round(rendition.videoKbps * 1.07)}k`,
      `-bufsize:v:${index}`,
      `${rendition.videoKbps * 1.5}k`,
    );
    if (hasAudio) args.push(`-b:a:${index}`, `${rendition.audioKbps}k`);
  });
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    // Keyframes at 0, first, first + segment, first + 2 × segment…: where each segment starts.
    '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,if(eq(n_forced,0),0,${firstSegmentSeconds}+(n_forced-1)*${segmentSeconds}))`,
  );
  if (hasAudio) args.push('-c:a', 'aac', '-ac', '2');
  args.push(
    '-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_init_time', String(firstSegmentSeconds), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    // fMP4 (CMAF) segments: Media Source plays them as they are (no transmuxing in the page), and the
    // player can append the lowest rung's first segment before hls.js arrives. ffmpeg names each
    // rendition's init segment after its index: `<rendition>/init_<index>.mp4` (EXT-X-MAP).
    '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', path.join(outputDir, '%v', 'seg-%05d.m4s'),
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', renditions.map((rendition, index) => `v:${index}${hasAudio ? `,a:${index}` : ''},name:${rendition.name}`).join(' '),
    path.join(outputDir, '%v', 'index.m3u8'),
  );
  await run('ffmpeg', args, {
    signal,
    onStdoutLine: (line) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && onProgress) onProgress(Number(match[1]) / 1_000_000);
    },
  });
}

/** A JPEG of the frame at `atSeconds`, `height` pixels tall. */
export async function posterFrame(input: string, output: string, atSeconds: number, height: number, signal?: AbortSignal): Promise<void> {
  await run(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-y', '-ss', atSeconds.toFixed(2), '-i', input, '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '4', output],
    { signal },
  );
}
