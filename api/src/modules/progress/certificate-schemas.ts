import { Type } from 'typebox';
import { DateTime, ObjectIdString } from '../../http/schemas';
import { CERTIFICATE_STATUSES } from './documents';

/**
 * Any text up to the router's limit: a code that cannot exist (odd length or characters) is a
 * 404 "Certificado não encontrado", like an unknown one, rather than a validation error.
 */
export const CertificateCodeParams = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 200, description: 'Código do certificado (10 caracteres; maiúsculas ou minúsculas)' }) },
  { additionalProperties: false },
);

const Hours = Type.Number({ description: 'Carga horária em horas, com uma casa decimal (no mínimo 0,1); para mostrar a uma pessoa, use workload' });
const Workload = Type.String({ description: 'Carga horária como se lê, arredondada com honestidade: "8 s", "12 min", "1 h 05 min"' });

export const CertificateVersionSchema = Type.Object({
  code: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  holderName: Type.String(),
  issuedAt: DateTime,
});

export const PublicCertificateSchema = Type.Object(
  {
    code: Type.String({ description: 'Código desta versão' }),
    version: Type.Integer({ minimum: 1 }),
    holderName: Type.String({ description: 'Nome do titular quando esta versão foi emitida' }),
    videoTitle: Type.String(),
    hours: Hours,
    workload: Workload,
    completedAt: DateTime,
    issuedAt: DateTime,
    laboratory: Type.Union([
      Type.Object({ name: Type.String(), cnpj: Type.String({ description: 'CNPJ em maiúsculas, sem pontuação (numérico ou alfanumérico)' }) }),
      Type.Null(),
    ]),
    current: Type.Boolean({ description: 'false: substituído por uma versão posterior (correção do nome); continua autêntico' }),
    supersededBy: Type.Union([Type.String(), Type.Null()], { description: 'Código da versão seguinte, se houver' }),
    history: Type.Array(CertificateVersionSchema, { description: 'Todas as versões, da primeira à atual' }),
    status: Type.Enum([...CERTIFICATE_STATUSES], {
      description: 'VALID; SUPERSEDED: uma revisão mais nova do documento está em vigor; EXPIRED: passou da validade da função do titular; REVOKED: revogado por registro assinado',
    }),
    statusLabel: Type.String({ description: 'Válido, Substituído (nova revisão do documento), Vencido ou Revogado' }),
    document: Type.Union([Type.Object({ code: Type.String(), revision: Type.Integer(), label: Type.String({ description: 'POP-COL-003 rev. 4' }) }), Type.Null()], {
      description: 'A revisão do documento que o certificado comprova; null: vídeo fora do controle de documentos',
    }),
    currentRevision: Type.Union([Type.Integer(), Type.Null()], { description: 'A revisão do documento em vigor hoje' }),
    validUntil: Type.Union([DateTime, Type.Null()], { description: 'Até quando a qualificação vale (validade da função do titular); null: não vence' }),
  },
  { description: 'Certificado de conclusão, como a página pública de verificação o mostra (nunca o e-mail do titular)' },
);

export const MyCertificateSchema = Type.Object({
  code: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  videoId: ObjectIdString,
  videoTitle: Type.String(),
  hours: Hours,
  workload: Workload,
  completedAt: DateTime,
  issuedAt: DateTime,
});

export const MyCertificatesSchema = Type.Object({ data: Type.Array(MyCertificateSchema) });

export const PdfFile = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'PDF (A4 paisagem)' });
export const PngFile = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'PNG do QR code' });

