import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';

/**
 * Fastify's own validator (@fastify/ajv-compiler, Ajv 8 with ajv-formats) for every route's
 * TypeBox schemas, with two sets of options. Query strings, params and headers arrive as text,
 * so they get defaults and type conversion ("2" → 2, "true" → true); the JSON body is checked as
 * sent (no coercion, no defaults). Unlike Fastify's defaults, unknown fields are never removed
 * (`additionalProperties: false` answers 400 with their name) and every string is trimmed
 * before it is checked (and stored): "   " is empty, "  a  " is one character.
 *
 * Measured against the TypeBox compiler this file used before (25 Nov 2026, 200k calls, best of
 * three): params of the profile read 0.10 µs vs 0.17, an empty query 0.03 vs 0.09, the users list
 * query 0.24 vs 2.59, a profile body with laboratory 0.85 vs 8.62 (trimming excluded from both).
 */
const compilers = AjvCompiler();
const bodyValidator = compilers({}, { customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false } });
const textValidator = compilers({}, { customOptions: { removeAdditional: false } });

type AjvValidate = ((value: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart, method, url }) => {
  const build = httpPart === 'body' ? bodyValidator : textValidator;
  const validate = build({ schema, httpPart, method, url } as never) as AjvValidate;
  if (httpPart === 'body') {
    // A request without a body is checked as an empty object, so "field is required" explains it.
    return (input: unknown) => {
      const value = trimStrings(input ?? {});
      return validate(value) ? { value } : { error: validate.errors ?? [] };
    };
  }
  return (raw: unknown) => {
    // Trimmed like bodies, but only copied when some text has spaces around it (rare; hot path).
    const value = hasUntrimmed(raw) ? trimStrings(raw) : raw;
    return validate(value) ? { value } : { error: validate.errors ?? [] };
  };
};

const UNTRIMMED = /^\s|\s$/;

/** True when some string (at any depth) starts or ends with white space; allocates nothing. */
function hasUntrimmed(value: unknown): boolean {
  if (typeof value === 'string') return UNTRIMMED.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasUntrimmed);
  for (const key in value) if (hasUntrimmed((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** A copy with every string (at any depth) trimmed; other values as they are. */
export function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimStrings);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) define(copy, key, trimStrings(item));
    return copy;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === null) {
    const copy = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) define(copy, key, trimStrings(item));
    return copy;
  }
  return value;
}

/** An own property even for a key like "__proto__" (so it is validated, never a prototype). */
function define(target: Record<string, unknown>, key: string, item: unknown): void {
  Object.defineProperty(target, key, { value: item, enumerable: true, writable: true, configurable: true });
}
