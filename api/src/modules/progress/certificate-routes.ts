import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeCertificateCode } from './rules/certificate-code';
import type { CertificateDocument } from './documents';
import { notFound } from '../../http/app-error';
import { perUserReadLimit } from '../../plugins/rate-limit';
import { CertificateCodeParams, PdfFile, PngFile, PublicCertificateSchema } from './certificate-schemas';
import { toCertificateVerdict, toPublicCertificate } from './responses';
import { errorResponses } from '../../http/schemas';
import { certificateQrPng, certificateUrl, renderCertificatePdf } from './certificate-pdf';
import { certificateVerdict } from './use-cases/certificate-standing';
import { found, routeOptions } from '../../http/route-options';

const route = routeOptions(['certificates']);

const certificateNotFound = () =>
  notFound('Certificado não encontrado. Confira o código (10 letras e números) ou leia de novo o QR code do certificado.', 'CERTIFICATE_NOT_FOUND');

/**
 * Public verification of certificates of completion: anyone holding a code (printed on the PDF,
 * in its QR code) sees whether it is genuine, whose it is and whether a later version replaced it.
 * No token is read. The PDF and the QR image are rendered on each call: limited per address.
 */
const certificates: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.certificatesRepository;

  async function find(input: string): Promise<CertificateDocument> {
    const code = normalizeCertificateCode(input);
    return found(code ? await repository.findByCode(code) : null, certificateNotFound);
  }

  fastify.get(
    '/:code',
    route('public', 'Verifica um certificado pelo código (público): titular, vídeo, carga horária, laboratório e histórico de versões', {
      description: 'O código não diferencia maiúsculas de minúsculas. Uma versão substituída (correção do nome) continua autêntica: `current: false`.',
      params: CertificateCodeParams,
      response: { 200: PublicCertificateSchema, ...errorResponses(404) },
    }),
    async (request) => {
      const certificate = await find(request.params.code);
      const [history, verdict] = await Promise.all([repository.history(certificate.userId, certificate.videoId), certificateVerdict(fastify, certificate)]);
      return { ...toPublicCertificate(certificate, history), ...toCertificateVerdict(verdict) };
    },
  );

  fastify.get(
    '/:code/pdf',
    route('public', 'O certificado em PDF (A4 paisagem), com o QR code da página de verificação (público)', {
      params: CertificateCodeParams,
      produces: ['application/pdf'],
      response: { 200: PdfFile, ...errorResponses(404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const certificate = await find(request.params.code);
      let replacedBy: { version: number; code: string } | null = null;
      if (certificate.supersededBy) {
        const history = await repository.history(certificate.userId, certificate.videoId);
        const newest = history[history.length - 1]!;
        replacedBy = { version: newest.version, code: newest.code };
      }
      const pdf = await renderCertificatePdf({
        certificate,
        url: certificateUrl(fastify.config.publicWebUrl, certificate.code),
        replacedBy,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="certificado-${certificate.code}.pdf"`)
        .header('cache-control', 'no-cache')
        .send(pdf);
    },
  );

  fastify.get(
    '/:code/qr.png',
    route('public', 'O QR code do certificado em PNG: o endereço da página pública de verificação', {
      params: CertificateCodeParams,
      produces: ['image/png'],
      response: { 200: PngFile, ...errorResponses(404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const certificate = await find(request.params.code);
      const png = await certificateQrPng(certificateUrl(fastify.config.publicWebUrl, certificate.code));
      // A code's address never changes: browsers and proxies may keep the image.
      return reply.type('image/png').header('cache-control', 'public, max-age=86400, immutable').send(png);
    },
  );
};

export default certificates;
