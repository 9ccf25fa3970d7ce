/**
 * An error a page can show as is: the handler sends `{ statusCode, code, message }` with this
 * Portuguese message. Throw it from repositories, services and hooks.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'VALIDATION_ERROR') => new AppError(400, code, message);
export const unauthorized = (message = 'Faça login para continuar.', code = 'AUTH_REQUIRED') => new AppError(401, code, message);
export const forbidden = (message = 'Você não tem permissão para fazer isso.', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Recurso não encontrado.', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

/** True for MongoDB's duplicate-key error on both backends (the embedded store throws the driver's). */
export function isDuplicateKeyError(error: unknown): error is { code: 11000; keyPattern?: Record<string, unknown> } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
