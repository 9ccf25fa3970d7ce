import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * TypeBox validation for every route. Query strings, params and headers arrive as text, so
 * they get defaults and type conversion ("2" → 2, "true" → true); the JSON body is checked as
 * sent (no coercion, unknown fields rejected by `additionalProperties: false`).
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (input: unknown) => {
    // Text is trimmed before it is checked (and stored): "   " is empty, "  a  " is one character.
    // A request without a body is checked as an empty object, so "field is required" explains it.
    const value =
      httpPart === 'body'
        ? trimStrings(input ?? {})
        : Value.Convert(schema, Value.Default(schema, trimStrings(structuredCloneSafe(input))));
    if (check.Check(value)) return { value };
    return { error: check.Errors(value) as unknown as FastifySchemaValidationError[] };
  };
};

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

/** Query objects from Fastify have a null prototype; copy them before defaults are written in. */
function structuredCloneSafe(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...(input as Record<string, unknown>) };
}
