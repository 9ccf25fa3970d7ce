import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { translateValidationErrors } from './validation-messages';

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

/** Fastify's own client errors, in words a person can read. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'O corpo da requisição é grande demais.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de conteúdo não suportado. Envie os dados como JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_BODY', message: 'O corpo JSON da requisição está vazio.' },
  // Also what secure-json-parse's rejection of __proto__ / constructor.prototype keys becomes.
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'INVALID_BODY',
    message: 'O corpo da requisição não é um JSON válido ou contém chaves proibidas (__proto__, constructor).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_BODY', message: 'O tamanho declarado do corpo não confere.' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'INVALID_BODY', message: 'Cabeçalho Content-Type inválido.' },
  FST_ERR_BAD_URL: { code: 'BAD_URL', message: 'Endereço inválido.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'Requisição inválida.' },
};

const GENERIC_BY_STATUS: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'Requisição inválida.' },
  401: { code: 'AUTH_REQUIRED', message: 'Faça login para continuar.' },
  403: { code: 'FORBIDDEN', message: 'Você não tem permissão para fazer isso.' },
  404: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Método não permitido.' },
  406: { code: 'NOT_ACCEPTABLE', message: 'Formato de resposta não suportado.' },
  409: { code: 'CONFLICT', message: 'A operação conflita com o estado atual.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'O corpo da requisição é grande demais.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Tipo de conteúdo não suportado. Envie os dados como JSON.' },
  429: { code: 'RATE_LIMITED', message: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.' },
};

export function toErrorBody(error: FastifyError | AppError | Error): ErrorBody {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return { statusCode: 400, ...translateValidationErrors(fastifyError.validation, fastifyError.validationContext) };
  }
  const statusCode = fastifyError.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    const known = (fastifyError.code && FASTIFY_CLIENT_ERRORS[fastifyError.code]) || undefined;
    const jsonSyntax = error instanceof SyntaxError ? FASTIFY_CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined;
    const generic = GENERIC_BY_STATUS[statusCode] ?? { code: 'BAD_REQUEST', message: 'Requisição inválida.' };
    return { statusCode, ...(known ?? jsonSyntax ?? generic) };
  }
  return {
    statusCode: statusCode === 503 ? 503 : 500,
    code: 'INTERNAL_ERROR',
    message: 'Erro interno. Tente novamente em instantes.',
  };
}

/** The one error handler: every error leaves as `{ statusCode, code, message }`. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  if (body.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: body.code, statusCode: body.statusCode }, error.message);
  }
  return reply.code(body.statusCode).send(body);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody = { statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'Endereço não encontrado.' };
  return reply.code(404).send(body);
}
