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
      // Checked before anything walks the body: trimming and the schema both recurse into it.
      if (tooDeep(input, MAX_BODY_DEPTH)) return { error: [tooDeepError] };
      const value = trimStrings(input ?? {});
      return validate(value) ? { value } : { error: validate.errors ?? [] };
    };
  }
  const integers = integerKeys(schema);
  return (raw: unknown) => {
    // Ajv turns "1e1", "0x10" and "1.0" into whole numbers; a count in a URL is written in digits.
    const notDigits = integers.length > 0 ? integers.find((key) => isNotDigits((raw as Record<string, unknown> | null)?.[key])) : undefined;
    if (notDigits !== undefined) return { error: [notIntegerError(notDigits)] };
    // Trimmed like bodies, but only copied when some text has spaces around it (rare; hot path).
    // Valid as sent: `true` keeps Fastify's own object (Ajv's coercion and defaults changed it in
    // place), with no `{ value }` made per request; a trimmed copy is handed back as `value`.
    if (!hasUntrimmed(raw)) return validate(raw) || { error: validate.errors ?? [] };
    const value = trimStrings(raw);
    return validate(value) ? { value } : { error: validate.errors ?? [] };
  };
};

/**
 * How deep a JSON body may nest (objects and arrays). The deepest body a route takes is the
 * laboratory's address (3 levels); an array nested 8,000 levels (16 KB) used to overflow the
 * stack in the recursive trimming below and answer 500.
 */
export const MAX_BODY_DEPTH = 16;

const tooDeepError = {
  keyword: 'maxDepth',
  instancePath: '',
  schemaPath: '#',
  params: { limit: MAX_BODY_DEPTH },
  message: `must not nest more than ${MAX_BODY_DEPTH} levels`,
} as FastifySchemaValidationError;

/** True when objects or arrays nest deeper than `limit`; walks iteratively (no stack to overflow). */
function tooDeep(input: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[input, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return true;
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      if (item !== null && typeof item === 'object') pending.push([item, depth + 1]);
    }
  }
  return false;
}

/** The top-level properties a query, params or headers schema declares as integers. */
function integerKeys(schema: TSchema): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.keys(properties).filter((key) => properties[key]!.type === 'integer');
}

const DIGITS = /^\s*-?\d+\s*$/;

function isNotDigits(value: unknown): boolean {
  return typeof value === 'string' && !DIGITS.test(value);
}

function notIntegerError(key: string): FastifySchemaValidationError {
  return { keyword: 'type', instancePath: `/${key}`, schemaPath: `#/properties/${key}/type`, params: { type: 'integer' }, message: 'must be integer' };
}

const UNTRIMMED = /^\s|\s$/;

/** True when some string (at any depth) starts or ends with white space; allocates nothing. */
function hasUntrimmed(value: unknown): boolean {
  if (typeof value === 'string') return UNTRIMMED.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasUntrimmed);
  for (const key in value) if (hasUntrimmed((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * A copy with every string (at any depth) trimmed and in Unicode NFC ("é" as one code point
 * whether typed composed or decomposed); other values as they are.
 */
export function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.trim().normalize('NFC');
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
