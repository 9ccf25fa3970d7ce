import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * TypeBox validation for every route. Query strings, params and headers arrive as text, so
 * they get defaults and type conversion ("2" → 2, "true" → true); the JSON body is checked as
 * sent (no coercion, unknown fields rejected by `additionalProperties: false`).
 *
 * Hot path: a part that already passes as it came (most params and queries: strings checked
 * as strings) is used as is; defaults are only written when the schema declares one, and
 * conversion only runs when the value does not pass without it.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const fail = (value: unknown) => ({ error: check.Errors(value) as unknown as FastifySchemaValidationError[] });
  if (httpPart === 'body') {
    // A request without a body is checked as an empty object, so "field is required" explains it.
    return (input: unknown) => {
      const value = input ?? {};
      return check.Check(value) ? { value } : fail(value);
    };
  }
  const withDefaults = hasDefault(schema);
  return (input: unknown) => {
    const value = withDefaults ? Value.Default(schema, copyObject(input)) : input;
    if (check.Check(value)) return { value };
    const converted = Value.Convert(schema, withDefaults ? value : copyObject(input));
    return check.Check(converted) ? { value: converted } : fail(converted);
  };
};

function hasDefault(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some(hasDefault);
  if ('default' in schema) return true;
  return Object.values(schema).some(hasDefault);
}

/** Query objects from Fastify have a null prototype; copy them before defaults or conversions are written in. */
function copyObject(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...(input as Record<string, unknown>) };
}
