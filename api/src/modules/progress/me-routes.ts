import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { lockOf } from '../entitlements/entitlements-service';
import { errorResponses, IdParams, NoQuery, pageMeta, paginated } from '../../http/schemas';
import { DeleteAccountBody, PersonalDataExportSchema } from '../personal-data/schemas';
import { MyCertificatesSchema, toMyCertificate, toPublicCertificate } from './certificate-schemas';
import { MyProgressQuery, MyProgressSchema, ProgressReportBody, ProgressSchema } from './schemas';
import { toInvoiceResponse, toSubscriptionResponse } from '../billing/schemas';
import { toUserResponse } from '../users/schemas';
import { MyUnlockSchema, MyUnlocksQuery } from '../entitlements/schemas';
import { contentViews, toProgressSummary, toUnlockResponse, videoViews } from '../catalogue/responses';

/**
 * The player reports every ~10 s while playing, plus on pause, seek and leaving: 30 a minute per
 * member leaves room for two tabs and bursts of seeking, and stops a runaway loop.
 */
export const PROGRESS_REPORTS_PER_MINUTE = 30;
/** A reported duration under half the catalogue's is another video (or a shortcut to "finished"). */
const MIN_DURATION_FRACTION = 0.5;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The signed-in member's own things. */
const me: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/export',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['lgpd'],
        summary: 'Baixa, em JSON, tudo o que o clube guarda sobre o membro: perfil, laboratório, assinaturas, faturas, desbloqueios, progresso, sugestões',
        querystring: NoQuery,
        response: { 200: PersonalDataExportSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const at = fastify.clock.now();
      const data = await fastify.personalData.collect(request.user!);
      const plans = await fastify.plansRepository.mapAll();
      const certificates = await fastify.certificatesRepository.allForUser(data.user._id);
      request.log.info(
        { audit: 'lgpd.export', userId: data.user._id.toHexString() },
        'LGPD: o membro exportou os próprios dados',
      );
      return reply
        .header('content-disposition', `attachment; filename="clube-meus-dados-${at.toISOString().slice(0, 10)}.json"`)
        .header('cache-control', 'no-store')
        .send({
          exportedAt: at.toISOString(),
          profile: toUserResponse(data.user),
          laboratory: data.user.laboratory,
          subscriptions: data.subscriptions.map((subscription) => toSubscriptionResponse(subscription, plans)),
          invoices: data.invoices.map(toInvoiceResponse),
          unlocks: data.unlocks.map(toUnlockResponse),
          progress: data.progress.map((row) => ({
            videoId: row.videoId.toHexString(),
            watchedSeconds: row.watchedSeconds,
            finishedAt: iso(row.finishedAt),
          })),
          suggestions: data.suggestions.map((suggestion) => ({
            _id: suggestion._id.toHexString(),
            subject: suggestion.subject,
            message: suggestion.message,
            status: suggestion.status,
            votes: suggestion.votes ?? 0,
            answer: suggestion.answer ? { itemType: suggestion.answer.itemType, itemId: suggestion.answer.itemId.toHexString() } : null,
            createdAt: suggestion.createdAt.toISOString(),
          })),
          votes: data.votes.map((row) => ({ suggestionId: row.suggestionId.toHexString(), createdAt: row.createdAt.toISOString() })),
          certificates: certificates.map((certificate) => {
            const { history: _history, supersededBy: _supersededBy, ...fields } = toPublicCertificate(certificate, []);
            return { ...fields, videoId: certificate.videoId.toHexString() };
          }),
        });
    },
  );

  fastify.delete(
    '/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['lgpd'],
        summary:
          'Exclui a conta: cancela a assinatura, apaga os dados pessoais, mantém faturas sem dados pessoais, exclui a conta do Firebase (o token deixa de valer)',
        querystring: NoQuery,
        body: DeleteAccountBody,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (await fastify.usersRepository.isLastAdmin(user._id)) {
        throw conflict(
          'Você é o último administrador do clube. Promova outra pessoa a administradora antes de excluir sua conta.',
          'LAST_ADMIN',
        );
      }
      // 1. Firebase first: if it fails, nothing else has changed and the member can try again.
      try {
        await fastify.identity.auth.deleteUser(user.providerId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') {
          request.log.error({ err: error }, 'firebase deleteUser failed');
          throw new AppError(503, 'ACCOUNT_DELETION_UNAVAILABLE', 'Não foi possível excluir sua conta agora. Tente novamente em instantes.');
        }
      }
      // 2. From here on the token is refused, even while cached.
      await fastify.usersRepository.recordErasedIdentity(user.providerId);
      // 3. The subscription ends through the billing rules (open invoices canceled with it).
      const open = await fastify.subscriptionsRepository.findOpenByUser(user._id);
      if (open) await fastify.billing.cancelNow(open);
      // 3b. A technician's seat is freed; seats (kept in the laboratory's training record) forget the e-mail.
      await fastify.team.forgetPerson(user);
      // 4. Personal records erased, fiscal ones kept without the person; 5. the profile itself.
      const report = await fastify.personalData.eraseRecords(user);
      // Certificates carry the name: they go too (their codes then answer "não encontrado").
      const certificatesDeleted = await fastify.certificatesRepository.deleteAllForUser(user._id);
      await fastify.usersRepository.deleteProfile(user._id);
      request.log.info(
        {
          audit: 'lgpd.account-deleted',
          erasureId: report.erasureId.toHexString(),
          subscriptionCanceled: Boolean(open),
          subscriptionsKept: report.subscriptionsKept,
          invoicesKept: report.invoicesKept,
          unlocksDeleted: report.unlocksDeleted,
          progressDeleted: report.progressDeleted,
          suggestionsDeleted: report.suggestionsDeleted,
          votesDeleted: report.votesDeleted,
          certificatesDeleted,
        },
        'LGPD: conta excluída a pedido do membro',
      );
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/unlocks',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['unlocks'],
        summary: '"Meus conteúdos": o que o membro desbloqueou, mais recentes primeiro, com o cartão do item',
        querystring: MyUnlocksQuery,
        response: { 200: paginated(MyUnlockSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10, itemType } = request.query;
      const { data, total } = await fastify.unlocksService.listForUser(request.user!._id, page, limit, itemType);
      const idsOf = (type: string) => data.filter((unlock) => unlock.itemType === type).map((unlock) => unlock.itemId);
      const [contents, videos] = await Promise.all([
        fastify.contentsRepository.findByIds(idsOf('CONTENT'), true).then((items) => contentViews(fastify, request, items)),
        fastify.videosRepository.findByIds(idsOf('VIDEO'), true).then((items) => videoViews(fastify, request, items)),
      ]);
      const contentById = new Map(contents.map((content) => [content._id, content]));
      const videoById = new Map(videos.map((video) => [video._id, video]));
      return {
        data: data.map((unlock) => {
          const id = unlock.itemId.toHexString();
          return {
            ...toUnlockResponse(unlock),
            content: unlock.itemType === 'CONTENT' ? (contentById.get(id) ?? null) : null,
            video: unlock.itemType === 'VIDEO' ? (videoById.get(id) ?? null) : null,
          };
        }),
        meta: pageMeta(page, limit, total),
      };
    },
  );

  fastify.put(
    '/progress/videos/:id',
    {
      config: {
        auth: 'signed-in',
        rateLimit: {
          max: PROGRESS_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          // After authentication, so the key is the member and not the network they share.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `progress:${request.user?._id.toHexString() ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new AppError(
              429,
              'PROGRESS_RATE_LIMITED',
              `Progresso enviado vezes demais em pouco tempo. Tente novamente em ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
            ),
        },
      },
      schema: {
        tags: ['progress'],
        summary: 'Registra onde o player está num vídeo (a cada ~10 s, ao pausar e ao sair); só com acesso ao vídeo',
        description:
          'Guarda a posição para retomar e soma só os segundos realmente assistidos: entre dois envios conta no máximo o avanço da ' +
          'posição, limitado pelo tempo de relógio decorrido × 2 (velocidade máxima) + 3 s; saltos à frente não contam e trechos ' +
          'revistos não contam duas vezes. Concluído a partir de 90 % assistido. Repetir o mesmo envio não muda nada.',
        params: IdParams,
        querystring: NoQuery,
        body: ProgressReportBody,
        response: { 200: ProgressSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const video = await fastify.videosRepository.findById(request.params.id);
      const isAdmin = request.user!.role === 'ADMIN';
      const visible = video && (isAdmin || (video.status === 'PUBLISHED' && video.publishedAt && video.publishedAt <= fastify.clock.now()));
      if (!video || !visible) throw notFound('Vídeo não encontrado.', 'VIDEO_NOT_FOUND');
      const lock = lockOf(await fastify.entitlements.viewer(request, 'VIDEO', [video._id]), video);
      if (lock) throw new AppError(403, lock.reason, lock.message);
      if (request.body.durationSeconds < video.durationSeconds * MIN_DURATION_FRACTION) {
        throw badRequest(
          `A duração informada (${Math.round(request.body.durationSeconds)} s) não confere com a do vídeo (${video.durationSeconds} s).`,
          'DURATION_MISMATCH',
        );
      }
      const progress = await fastify.progressRepository.record(request.user!._id, video._id, request.body);
      // Finished (90 % rule): the certificate of completion, once (later reports find it issued).
      if (progress.finishedAt) await fastify.certificatesRepository.issueForCompletion(request.user!, video, progress.finishedAt);
      return { videoId: video._id.toHexString(), ...toProgressSummary(progress) };
    },
  );

  fastify.get(
    '/certificates',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['certificates'],
        summary: 'Os certificados de conclusão do membro (a versão atual de cada um), concluídos por último primeiro',
        querystring: NoQuery,
        response: { 200: MyCertificatesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: (await fastify.certificatesRepository.currentForUser(request.user!._id)).map(toMyCertificate) }),
  );

  fastify.get(
    '/progress',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['progress'],
        summary: '"Continuar assistindo" e "Meus vídeos": vídeos começados ou concluídos, assistidos por último primeiro',
        querystring: MyProgressQuery,
        response: { 200: paginated(MyProgressSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { page = 1, limit = 10, status } = request.query;
      const { data, total } = await fastify.progressRepository.listForUser(request.user!._id, page, limit, status);
      const videos = await fastify.videosRepository.findByIds(data.map((entry) => entry.videoId), request.user!.role !== 'ADMIN');
      const views = new Map((await videoViews(fastify, request, videos)).map((view) => [view._id, view]));
      return {
        data: data.map((entry) => ({
          videoId: entry.videoId.toHexString(),
          ...toProgressSummary(entry),
          video: views.get(entry.videoId.toHexString()) ?? null,
        })),
        meta: pageMeta(page, limit, total),
      };
    },
  );
};

export default me;
