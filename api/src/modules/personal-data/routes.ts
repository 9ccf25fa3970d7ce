import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas';
import { perUserReadLimit } from '../../plugins/rate-limit';
import { toPersonalDataExport } from './responses';
import { DeleteAccountBody, PersonalDataExportSchema } from './schemas';
import { noContent, routeOptions } from '../../http/route-options';

const route = routeOptions(['lgpd']);

/** LGPD (art. 18): the member downloads everything the club holds about them, or deletes the account. */
const personalDataRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/export',
    route('signed-in', 'Baixa, em JSON, tudo o que o clube guarda sobre o membro: perfil, laboratório, assinaturas, faturas, desbloqueios, progresso, sugestões, certificados, dossiê de competência', {
      response: { 200: PersonalDataExportSchema, ...errorResponses(401, 403) },
    },
    { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const at = fastify.clock.now();
      const [data, plans] = await Promise.all([fastify.personalData.collect(request.user!), fastify.plansRepository.mapAll()]);
      request.log.info({ audit: 'lgpd.export', userId: data.user._id.toHexString() }, 'LGPD: o membro exportou os próprios dados');
      return reply
        .header('content-disposition', `attachment; filename="clube-meus-dados-${at.toISOString().slice(0, 10)}.json"`)
        .header('cache-control', 'no-store')
        .send(toPersonalDataExport(data, plans, at));
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
        body: DeleteAccountBody,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 409, 503) },
      },
    },
    async (request, reply) => noContent(reply, fastify.personalData.deleteAccount(request.user!, request.log)),
  );
};

export default personalDataRoutes;
