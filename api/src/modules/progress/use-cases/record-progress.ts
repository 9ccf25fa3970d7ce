import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../../http/app-error';
import { lockOf } from '../../entitlements/rules/gate';
import type { VideoProgressDocument } from '../documents';
import type { WatchReport } from '../rules/watch-progress';

/** A reported duration under half the catalogue's is another video (or a shortcut to "finished"). */
const MIN_DURATION_FRACTION = 0.5;

/**
 * One player report (PUT /me/progress/videos/{id}): the video must be visible to the member and
 * open to them (the same gate as its source); the watched time is recorded by the rule in
 * rules/watch-progress.ts, and a video finished (90 %) issues the certificate of completion once
 * (a video with an assessment: when it is passed).
 */
export async function recordProgress(
  fastify: FastifyInstance,
  request: FastifyRequest,
  videoId: string,
  report: WatchReport,
): Promise<VideoProgressDocument> {
  const user = request.user!;
  const video = await fastify.videosRepository.findById(videoId);
  const isAdmin = user.role === 'ADMIN';
  const visible = video && (isAdmin || (video.status === 'PUBLISHED' && video.publishedAt && video.publishedAt <= fastify.clock.now()));
  if (!video || !visible) throw notFound('Vídeo não encontrado.', 'VIDEO_NOT_FOUND');
  const lock = lockOf(await fastify.entitlements.viewer(request, 'VIDEO', [video._id]), video);
  if (lock) throw new AppError(403, lock.reason, lock.message);
  if (report.durationSeconds < video.durationSeconds * MIN_DURATION_FRACTION) {
    throw badRequest(
      `A duração informada (${Math.round(report.durationSeconds)} s) não confere com a do vídeo (${video.durationSeconds} s).`,
      'DURATION_MISMATCH',
    );
  }
  const progress = await fastify.progressRepository.record(user._id, video._id, report);
  // Finished (90 % rule): the certificate of completion, once (later reports find it issued) —
  // unless the video has an assessment: then passing it issues the certificate (issue 31).
  const ref = { itemType: 'VIDEO' as const, itemId: video._id };
  if (progress.finishedAt && !(await fastify.assessmentsRepository.findForItem(ref))) {
    await fastify.certificates.issue(user, video, progress.finishedAt);
    // The competence record of the revision in force ("Minha trilha", the dossier).
    await fastify.competence.recordWatched(user._id, ref, progress.finishedAt);
  }
  return progress;
}
