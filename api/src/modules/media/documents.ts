import type { ObjectId } from 'mongodb';

/** The job type on the runner (modules/jobs) that turns an uploaded MP4 into an HLS ladder. */
export const TRANSCODE_JOB = 'video.transcode';

/**
 * PENDING: queued. RUNNING: ffmpeg at work (`progress` 0–100). READY: the ladder, poster and
 * duration are stored. FAILED: `error` says why in Portuguese; "Tentar novamente" queues it again.
 */
export const TRANSCODE_STATUSES = ['PENDING', 'RUNNING', 'READY', 'FAILED'] as const;
export type TranscodeStatus = (typeof TRANSCODE_STATUSES)[number];

export interface TranscodePayload {
  videoKey: string;
}

export interface TranscodeDocument {
  _id: ObjectId;
  /** The uploaded original, `videos/<name>.mp4` (it keeps playing until the ladder is READY). */
  videoKey: string;
  status: TranscodeStatus;
  progress: number;
  error: string | null;
  /** The runner's job (for "Tentar novamente"); null for the instant between queueing and the job's creation. */
  jobId: ObjectId | null;
  /** READY: `hls/<name>/master.m3u8`, the renditions' names, `hls/<name>/poster.jpg`, ffprobe's duration. */
  playlistKey: string | null;
  renditions: string[];
  posterKey: string | null;
  durationSeconds: number | null;
  createdAt: Date;
  updatedAt: Date;
}
