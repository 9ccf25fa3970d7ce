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
    // A request without a body is checked as an empty object, so "field is required" explains it.
    const value =
      httpPart === 'body' ? (input ?? {}) : Value.Convert(schema, Value.Default(schema, structuredCloneSafe(input)));
    if (check.Check(value)) return { value };
    return { error: check.Errors(value) as unknown as FastifySchemaValidationError[] };
  };
};

/** Query objects from Fastify have a null prototype; copy them before defaults are written in. */
function structuredCloneSafe(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...(input as Record<string, unknown>) };
}
