/**
 * The query with the properties its schema gives a `default` filled in. The validator
 * (http/validation.ts) writes every declared default before the handler runs, so the defaults
 * live only in the schemas (e.g. PageQuery: page 1, limit 10); this only tells TypeScript so, and
 * fails loudly if a key named here has no default in the route's schema.
 */
export function withDefaults<T extends object, K extends keyof T>(query: T, ...keys: K[]): T & { [P in K]-?: Exclude<T[P], undefined> } {
  for (const key of keys) {
    if (query[key] === undefined) throw new Error(`A query não trouxe "${String(key)}": declare um default para ele no schema da rota.`);
  }
  return query as T & { [P in K]-?: Exclude<T[P], undefined> };
}
