import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ObjectId } from 'mongodb';
import { conflict, notFound } from '../../http/app-error';
import { listPage } from '../../http/pagination';
import { errorResponses, IdParams, NoQuery, paginated } from '../../http/schemas';
import { routeOptions } from '../../http/route-options';
import type { JobDocument } from '../jobs/documents';
import { EMAIL_JOB, type EmailPayload } from './documents';
import { toAdminEmail } from './responses';
import { AdminEmailQuery, AdminEmailSchema, EmailPreferencesSchema } from './schemas';

const route = routeOptions(['e-mail']);

/** `/me/email-preferences`: what the member chose on /usuario ("E-mails"). */
export const preferenceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    route('signed-in', 'Quais e-mails opcionais o membro recebe', { querystring: NoQuery, response: { 200: EmailPreferencesSchema, ...errorResponses(401, 404) } }),
    async (request) => fastify.mailPreferencesRepository.find(request.user!._id),
  );
  fastify.put(
    '/',
    route('signed-in', 'Liga ou desliga lembretes e novidades (e-mails sobre dinheiro e acesso sempre saem)', {
      body: EmailPreferencesSchema,
      response: { 200: EmailPreferencesSchema, ...errorResponses(400, 401, 404) },
    }),
    async (request) => fastify.mailPreferencesRepository.save(request.user!._id, request.body, fastify.clock.now()),
  );
};

const emailNotFound = () => notFound('E-mail não encontrado.', 'EMAIL_NOT_FOUND');

/** `/admin/emails`: the outbox as admins see it, with "Reenviar" for messages that failed for good. */
export const adminEmailRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const jobs = fastify.jobsRepository;
  fastify.get(
    '/',
    route('admin', 'Mensagens recentes, mais novas primeiro: destinatário, assunto, estado, tentativas, último erro (admin)', {
      querystring: AdminEmailQuery,
      response: { 200: paginated(AdminEmailSchema), ...errorResponses(400, 401, 403) },
    }),
    async (request) =>
      listPage(
        request.query,
        (page, limit) => jobs.listByType(EMAIL_JOB, request.query.state, page, limit),
        (rows) => rows.map((job) => toAdminEmail(job as JobDocument<EmailPayload>)),
      ),
  );
  fastify.post(
    '/:id/resend',
    route('admin', 'Reenviar: uma mensagem que falhou de vez (DEAD) volta para a fila, com as tentativas zeradas (admin)', {
      description: '409 EMAIL_NOT_DEAD: só mensagens que falharam de vez podem ser reenviadas.',
      params: IdParams,
      response: { 200: AdminEmailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const id = new ObjectId(request.params.id);
      const job = await jobs.findById(id);
      if (!job || job.type !== EMAIL_JOB) throw emailNotFound();
      const revived = await fastify.jobs.revive(id);
      if (!revived) throw conflict('Só mensagens que falharam de vez podem ser reenviadas.', 'EMAIL_NOT_DEAD');
      return toAdminEmail(revived as JobDocument<EmailPayload>);
    },
  );
};
