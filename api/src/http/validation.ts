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
    // Text is trimmed before it is checked (and stored): "   " is empty, "  a  " is one character.
    return (input: unknown) => {
      const value = trimStrings(input ?? {});
      return check.Check(value) ? { value } : fail(value);
    };
  }
  const withDefaults = hasDefault(schema);
  const topLevel = topLevelDefaults(schema);
  const fillDefaults = (input: unknown) => {
    if (!topLevel || input === null || typeof input !== 'object' || Array.isArray(input)) return Value.Default(schema, copyObject(input));
    const value = { ...(input as Record<string, unknown>) };
    for (const [key, fallback] of topLevel) if (value[key] === undefined) value[key] = fallback;
    return value;
  };
  const scalars = scalarProperties(schema);
  return (raw: unknown) => {
    // Trimmed like bodies, but only copied when some text has spaces around it (rare; hot path).
    const input = hasUntrimmed(raw) ? trimStrings(raw) : raw;
    const value = withDefaults ? fillDefaults(input) : input;
    if (check.Check(value)) return { value };
    // Query strings are text: "2" → 2 and "true" → true by hand when that is all it takes
    // (what Value.Convert would produce, without walking the schema); anything else goes to it.
    const quick = scalars && quickConvert(value, scalars);
    if (quick && check.Check(quick)) return { value: quick };
    const converted = Value.Convert(schema, withDefaults ? value : copyObject(input));
    return check.Check(converted) ? { value: converted } : fail(converted);
  };
};

/**
 * For an object schema whose only defaults sit on its own properties (every query string here),
 * the [key, default] pairs: filling them is what Value.Default does, without walking the schema
 * per request. undefined when defaults sit deeper (Value.Default handles those).
 */
function topLevelDefaults(schema: TSchema): [string, string | number | boolean][] | undefined {
  const properties = (schema as { type?: unknown; properties?: Record<string, Record<string, unknown>> }).properties;
  if ((schema as { type?: unknown }).type !== 'object' || !properties || 'default' in schema) return undefined;
  const defaults: [string, string | number | boolean][] = [];
  for (const [key, property] of Object.entries(properties)) {
    const { default: fallback, ...rest } = property;
    if (hasDefault(rest)) return undefined;
    if (fallback === undefined) continue;
    if (fallback === null || typeof fallback === 'object') return undefined;
    defaults.push([key, fallback as string | number | boolean]);
  }
  return defaults;
}

type ScalarKind = 'number' | 'boolean';

/** Properties of an object schema typed number/integer/boolean (the ones a query string must convert). */
function scalarProperties(schema: TSchema): Map<string, ScalarKind> | undefined {
  const properties = (schema as { type?: unknown; properties?: Record<string, { type?: unknown }> }).properties;
  if ((schema as { type?: unknown }).type !== 'object' || !properties) return undefined;
  const kinds = new Map<string, ScalarKind>();
  for (const [key, property] of Object.entries(properties)) {
    if (property.type === 'integer' || property.type === 'number') kinds.set(key, 'number');
    else if (property.type === 'boolean') kinds.set(key, 'boolean');
  }
  return kinds;
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** A copy with canonical "123" / "true" / "false" texts turned into values, or undefined when anything else needs converting. */
function quickConvert(value: unknown, kinds: Map<string, ScalarKind>): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, kind] of kinds) {
    const text = copy[key];
    if (typeof text !== 'string') continue;
    if (kind === 'number' && PLAIN_NUMBER.test(text)) copy[key] = Number(text);
    else if (kind === 'boolean' && (text === 'true' || text === 'false')) copy[key] = text === 'true';
    else return undefined;
  }
  return copy;
}

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
