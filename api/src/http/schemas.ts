import { Type, type Static, type TSchema } from 'typebox';

export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String({ description: 'Código estável para o cliente decidir o que fazer' }),
    message: Type.String({ description: 'Mensagem em português, pronta para exibir' }),
  },
  { description: 'Erro' },
);

export type ErrorResponse = Static<typeof ErrorSchema>;

/** Error statuses every route may answer, whatever its own ones. */
const ALWAYS = [400, 413, 415, 429, 500] as const;

/**
 * Response schemas for the error statuses of a route, so every status it can send is
 * declared (and documented); the common ones are always included.
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorSchema> {
  const all = new Set<number>([...ALWAYS, ...statuses]);
  return Object.fromEntries([...all].map((status) => [status, ErrorSchema]));
}

export const ObjectIdString = Type.String({
  pattern: '^[0-9a-fA-F]{24}$',
  description: 'ObjectId (24 caracteres hexadecimais)',
});

export const DateTime = Type.String({ format: 'date-time' });

/**
 * Text a person reads back (names, a laboratory's name and address: on certificates, team
 * lists, CSV files): no control characters (NUL, line breaks, tabs), no lone surrogates, no
 * bidi embeddings, overrides or isolates, and at least one letter or digit (two U+200B are not a
 * name). Bodies are NFC-normalised before they are checked (validation.ts).
 */
const NO_CONTROL = '[^\\p{Cc}\\p{Cs}\\u202A-\\u202E\\u2066-\\u2069]*';
export const PRINTABLE_TEXT_PATTERN = `^(?=[\\s\\S]*[\\p{L}\\p{N}])${NO_CONTROL}$`;
/** The same, or empty (an optional field such as an address complement). */
export const PRINTABLE_OR_EMPTY_PATTERN = `^$|${PRINTABLE_TEXT_PATTERN}`;
export const PRINTABLE_TEXT_PATTERNS: readonly string[] = [PRINTABLE_TEXT_PATTERN, PRINTABLE_OR_EMPTY_PATTERN];

/** A person's or laboratory's text, trimmed, 1 to `maxLength` characters, printable. */
export const PrintableText = (maxLength: number, options: { minLength?: number; description?: string } = {}) =>
  Type.String({ minLength: options.minLength ?? 1, maxLength, pattern: PRINTABLE_TEXT_PATTERN, ...(options.description ? { description: options.description } : {}) });

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IdParams = Type.Object({ id: ObjectIdString }, { additionalProperties: false });

/** Routes without query parameters still declare it, so stray parameters are a 400. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: 'Página (a partir de 1)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Itens por página (até 100)' })),
};

export const PageMeta = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

export type PageMetaType = Static<typeof PageMeta>;

export function paginated<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: PageMeta });
}
