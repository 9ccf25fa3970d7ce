import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../../http/app-error';
import { lockOf } from '../../entitlements/rules/gate';
import type { UserDocument } from '../../users/documents';
import type { CertificateLaboratory, VideoProgressDocument } from '../documents';
import type { WatchReport } from '../rules/watch-progress';
import { certificateUrl } from '../certificate-pdf';

/** A reported duration under half the catalogue's is another video (or a shortcut to "finished"). */
const MIN_DURATION_FRACTION = 0.5;

/**
 * The laboratory a certificate names: the team account of the member's ACTIVE seat, else the
 * member's own laboratory, else none (asked through the team module's operations).
 */
async function certificateLaboratory(fastify: FastifyInstance, user: UserDocument): Promise<CertificateLaboratory | null> {
  const seat = await fastify.teamRepository.findActiveSeat(user._id);
  if (seat) {
    const account = await fastify.teamRepository.findAccountById(seat.accountId);
    if (account) return { accountId: account._id, name: account.name, cnpj: account.cnpj };
  }
  return user.laboratory ? { accountId: null, name: user.laboratory.name, cnpj: user.laboratory.cnpj } : null;
}

/**
 * One player report (PUT /me/progress/videos/{id}): the video must be visible to the member and
 * open to them (the same gate as its source); the watched time is recorded by the rule in
 * rules/watch-progress.ts, and a video finished (90 %) issues the certificate of completion once.
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
  // Finished (90 % rule): the certificate of completion, once (later reports find it issued).
  if (progress.finishedAt) {
    const asked = fastify.clock.now();
    const certificate = await fastify.certificatesRepository.issueForCompletion(user, video, progress.finishedAt, () => certificateLaboratory(fastify, user));
    // Issued by this report (not found from an earlier one): e-mail its public page, once per certificate.
    if (certificate.issuedAt >= asked) {
      try {
        await fastify.mail.hooks.certificateIssued({ email: user.email, userId: user._id }, certificate.code, {
          contentTitle: certificate.videoTitle,
          certificateUrl: certificateUrl(fastify.config.publicWebUrl, certificate.code),
        });
      } catch (error) {
        request.log.error({ err: error, email: 'certificate-issued' }, 'certificate e-mail could not be queued');
      }
    }
  }
  return progress;
}
