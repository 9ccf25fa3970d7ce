import type { FastifySchemaValidationError } from 'fastify';

type Context = string | undefined;

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  integer: 'um número inteiro',
  number: 'um número',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  null: 'vazio',
};

/** Most useful first: a stray field or a missing one says more than the union noise around it. */
const KEYWORD_PRIORITY = ['additionalProperties', 'required', 'minProperties', 'type', 'anyOf', 'enum', 'const'];

export interface TranslatedValidationError {
  code: 'VALIDATION_ERROR' | 'INVALID_ID';
  message: string;
}

/** Turns schema validation errors into one Portuguese sentence a page can show. */
export function translateValidationErrors(
  errors: FastifySchemaValidationError[],
  context: Context,
): TranslatedValidationError {
  const useful = errors.filter((error) => error.keyword !== 'boolean');
  const rank = (keyword: string) => {
    const index = KEYWORD_PRIORITY.indexOf(keyword);
    return index === -1 ? KEYWORD_PRIORITY.length : index;
  };
  const [error] = [...useful].sort((a, b) => rank(a.keyword) - rank(b.keyword));
  if (!error) return { code: 'VALIDATION_ERROR', message: 'Requisição inválida.' };

  const field = fieldName(error.instancePath);
  const subject = context === 'body' ? 'O campo' : 'O parâmetro';
  const params = (error.params ?? {}) as Record<string, unknown>;

  if (context === 'params' && /(^|\.)(id|[a-zA-Z]+Id)$/.test(field) && field !== 'providerId') {
    return { code: 'INVALID_ID', message: `Identificador inválido: "${field}" deve ser um id de 24 caracteres hexadecimais.` };
  }

  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = firstOf(params.additionalProperties ?? params.additionalProperty);
      return message(`${subject} "${extra ?? field}" não é permitido aqui.`);
    }
    case 'required': {
      const missing = firstOf(params.requiredProperties ?? params.missingProperty);
      const path = [field, missing].filter(Boolean).join('.');
      return message(`${subject} "${path}" é obrigatório.`);
    }
    case 'minProperties':
      return message(context === 'body' ? 'Envie pelo menos um campo para alterar.' : 'Requisição inválida.');
    case 'type': {
      const type = firstOf(params.type);
      const typeName = (type && TYPE_NAMES[type]) ?? 'de outro tipo';
      return field ? message(`${subject} "${field}" deve ser ${typeName}.`) : message(`O corpo da requisição deve ser ${typeName}.`);
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return message(`${subject} "${field}" deve ser no mínimo ${String(params.limit)}.`);
    case 'maximum':
    case 'exclusiveMaximum':
      return message(`${subject} "${field}" deve ser no máximo ${String(params.limit)}.`);
    case 'minLength':
      return message(`${subject} "${field}" deve ter pelo menos ${String(params.limit)} caractere(s).`);
    case 'maxLength':
      return message(`${subject} "${field}" deve ter no máximo ${String(params.limit)} caracteres.`);
    case 'pattern':
    case 'format':
      return message(`${subject} "${field}" está em um formato inválido.`);
    case 'anyOf':
    case 'enum':
    case 'const':
      return message(`${subject} "${field}" tem um valor não permitido.`);
    default:
      return message(field ? `${subject} "${field}" é inválido.` : 'Requisição inválida.');
  }
}

function message(text: string): TranslatedValidationError {
  return { code: 'VALIDATION_ERROR', message: text };
}

function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function firstOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
}
