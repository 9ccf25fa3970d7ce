import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { conflict, notFound } from '../../http/app-error';
import { MediaToolError, posterFrame, probeVideo, transcodeHls } from '../../plugins/ffmpeg';
import { contentTypeOfKey, hlsFolderOf } from '../../plugins/file-storage/file-keys';
import { PermanentJobError } from '../jobs/jobs-service';
import { TRANSCODE_JOB, type TranscodeDocument, type TranscodePayload } from './documents';
import {
  conversionFailed,
  FAILURE_REASONS,
  FIRST_SEGMENT_SECONDS,
  ladderFor,
  playlistEntries,
  posterSecond,
  progressPercent,
  SEGMENT_SECONDS,
} from './rules/ladder';

export interface Transcoding {
  /** After an admin's MP4 upload: the ladder is made by a job on the runner; the MP4 plays meanwhile. */
  enqueue(videoKey: string): Promise<void>;
  /** "Tentar novamente": a FAILED transcoding runs again from the start. */
  retry(videoKey: string): Promise<TranscodeDocument>;
  /**
   * A video replaced its file (or was deleted) and no video uses it any more: the original, its
   * ladder (every playlist and segment the master playlist leads to) and its poster leave storage,
   * and its conversion is forgotten.
   */
  discard(videoKey: string): Promise<void>;
}

const MAX_ATTEMPTS = 3;
/** Progress is written at most this often (ffmpeg reports twice a second). */
const PROGRESS_EVERY_MS = 1000;

export const transcodeNotFound = () => notFound('Nenhuma conversão para este vídeo.', 'TRANSCODE_NOT_FOUND');

/**
 * The `video.transcode` job: the original is copied to a temporary folder (ffmpeg seeks in it),
 * probed (duration, size, audio), converted in one ffmpeg run to 240p + 360p + 720p (+ 1080p when the
 * source has it) fMP4 HLS with a 1 s first segment then 4 s segments, and AAC, and a poster is taken; everything is then stored
 * under `hls/<name>/`, the master playlist last. A file ffprobe or ffmpeg refuses fails at once
 * with a Portuguese reason (no retry can fix it); anything else (storage down) is retried.
 */
export default fp(
  async function transcodeJob(fastify: FastifyInstance) {
    const repo = fastify.transcodesRepository;
    const storage = fastify.fileStorage;
    const now = () => fastify.clock.now();

    fastify.jobs.define<TranscodePayload>(
      TRANSCODE_JOB,
      async (job, { signal }) => {
        const { videoKey } = job.payload;
        await repo.running(videoKey, now());
        const work = await mkdtemp(path.join(os.tmpdir(), 'clube-transcode-'));
        try {
          if (!(await storage.stat(videoKey))) throw new PermanentJobError(FAILURE_REASONS.missing);
          const input = path.join(work, 'original.mp4');
          await pipeline(await storage.read(videoKey), createWriteStream(input));

          const probed = await probeVideo(input, signal).catch((error: unknown) => {
            throw error instanceof MediaToolError ? new PermanentJobError(FAILURE_REASONS.unreadable, { cause: error }) : error;
          });
          if (probed.height === 0) throw new PermanentJobError(FAILURE_REASONS.noVideo);
          if (probed.durationSeconds <= 0) throw new PermanentJobError(FAILURE_REASONS.unreadable);

          const ladder = ladderFor(probed.height);
          const output = path.join(work, 'hls');
          for (const step of ladder) await mkdir(path.join(output, step.name), { recursive: true });
          let written = Promise.resolve();
          let lastWrite = 0;
          let lastPercent = -1;
          await transcodeHls({
            input,
            outputDir: output,
            renditions: ladder,
            hasAudio: probed.hasAudio,
            segmentSeconds: SEGMENT_SECONDS,
            firstSegmentSeconds: FIRST_SEGMENT_SECONDS,
            signal,
            onProgress: (seconds) => {
              const percent = progressPercent(seconds, probed.durationSeconds);
              if (percent === lastPercent || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
              lastPercent = percent;
              lastWrite = Date.now();
              written = written.then(() => repo.progress(videoKey, percent, now())).catch(() => undefined);
            },
          }).catch((error: unknown) => {
            throw error instanceof MediaToolError ? new PermanentJobError(conversionFailed(error.detail), { cause: error }) : error;
          });
          await written;
          await posterFrame(input, path.join(output, 'poster.jpg'), posterSecond(probed.durationSeconds), 720, signal);
          // Discarded meanwhile (the video took another file): nothing to store.
          if (!(await repo.find(videoKey))) return { result: { discarded: true } };

          const folder = hlsFolderOf(videoKey);
          const store = (relative: string) =>
            storage.write(`${folder}/${relative}`, createReadStream(path.join(output, ...relative.split('/'))), contentTypeOfKey(relative));
          for (const step of ladder) {
            for (const file of (await readdir(path.join(output, step.name))).sort()) await store(`${step.name}/${file}`);
          }
          await store('poster.jpg');
          // Last: a master playlist in storage means the whole ladder is there.
          await store('master.m3u8');
          const ready = {
            playlistKey: `${folder}/master.m3u8`,
            renditions: ladder.map((step) => step.name),
            posterKey: `${folder}/poster.jpg`,
            durationSeconds: Math.round(probed.durationSeconds * 1000) / 1000,
          };
          await repo.ready(videoKey, ready, now());
          return { result: ready };
        } catch (error) {
          const reason = error instanceof PermanentJobError ? error.message : 'A conversão foi interrompida por uma falha do servidor; ela será tentada de novo.';
          if (error instanceof PermanentJobError || job.attempts >= MAX_ATTEMPTS) {
            await repo.failed(videoKey, error instanceof PermanentJobError ? reason : 'A conversão falhou várias vezes por uma falha do servidor. Tente novamente mais tarde.', now());
          } else {
            await repo.waiting(videoKey, reason, now());
          }
          throw error;
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      },
      { maxAttempts: MAX_ATTEMPTS },
    );

    const text = async (key: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };

    const transcoding: Transcoding = {
      async enqueue(videoKey) {
        // The state first: the job may start as soon as it exists.
        await repo.queued(videoKey, now());
        const { job } = await fastify.jobs.enqueue<TranscodePayload>({ type: TRANSCODE_JOB, key: `${TRANSCODE_JOB}:${videoKey}`, payload: { videoKey } });
        await repo.linkJob(videoKey, job._id);
      },
      async retry(videoKey) {
        const current = await repo.find(videoKey);
        if (!current?.jobId) throw transcodeNotFound();
        if (current.status !== 'FAILED') throw conflict('Só uma conversão que falhou pode ser tentada de novo.', 'TRANSCODE_NOT_FAILED');
        await repo.queued(videoKey, now());
        if (!(await fastify.jobs.revive(current.jobId))) {
          throw conflict('A conversão já está na fila para uma nova tentativa.', 'TRANSCODE_NOT_FAILED');
        }
        return (await repo.find(videoKey))!;
      },
      async discard(videoKey) {
        await repo.remove(videoKey);
        const folder = hlsFolderOf(videoKey);
        const master = `${folder}/master.m3u8`;
        if (await storage.stat(master)) {
          // The master playlist first: from then on the ladder no longer counts as stored.
          const renditions = playlistEntries(await text(master));
          await storage.delete(master);
          for (const playlist of renditions) {
            const rendition = playlist.split('/')[0]!;
            const key = `${folder}/${playlist}`;
            if (!(await storage.stat(key))) continue;
            for (const segment of playlistEntries(await text(key))) await storage.delete(`${folder}/${rendition}/${segment}`);
            await storage.delete(key);
          }
        }
        await storage.delete(`${folder}/poster.jpg`);
        await storage.delete(videoKey);
      },
    };
    fastify.decorate('transcoding', transcoding);
  },
  { name: 'transcode-job', dependencies: ['job-runner', 'transcodes-repository', 'file-storage', 'clock'] },
);
