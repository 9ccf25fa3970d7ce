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
