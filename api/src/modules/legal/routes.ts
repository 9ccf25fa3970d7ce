import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../http/app-error';
import { errorResponses } from '../../http/schemas';
import { routeOptions } from '../../http/route-options';
import { formatCnpj } from '../../http/format';
import { LegalDocumentSchema, LegalSchema, LegalSlugParams } from './schemas';

const route = routeOptions(['legal']);

/** What a Brazilian paid site must show to anyone (CDC, Decreto 7.962/2013, LGPD): who sells, and the terms and privacy policy. */
const legal: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    route('public', 'A empresa (razão social, CNPJ, endereço, contato) e a versão atual dos termos de uso e da política de privacidade', {
      response: { 200: LegalSchema },
    }),
    async (_request, reply) => {
      // The same for everyone and for hours: the footer of every page reads it.
      reply.header('cache-control', 'public, max-age=300');
      const { company } = fastify.legal;
      return { company: { ...company, cnpj: formatCnpj(company.cnpj) }, documents: [...fastify.legal.documents] };
    },
  );

  fastify.get(
    '/:slug',
    route('public', 'O texto de um documento (termos de uso ou política de privacidade), com versão e data', {
      params: LegalSlugParams,
      response: { 200: LegalDocumentSchema, ...errorResponses(404) },
    }),
    async (request, reply) => {
      const text = fastify.legal.text(request.params.slug);
      if (!text) throw notFound('Documento não encontrado.', 'LEGAL_DOCUMENT_NOT_FOUND');
      reply.header('cache-control', 'public, max-age=300');
      return text;
    },
  );
};

export default legal;
