import type { TranscodeDocument } from './documents';

export function toTranscode(document: TranscodeDocument) {
  return {
    videoKey: document.videoKey,
    status: document.status,
    progress: document.progress,
    error: document.error,
    renditions: document.renditions,
    durationSeconds: document.durationSeconds,
    updatedAt: document.updatedAt.toISOString(),
  };
}
