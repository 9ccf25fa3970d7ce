import { withDefaults } from './query';
import type { PageMetaType } from './schemas';

/** The `meta` of a list answer (`paginated(...)`): the page asked for and how many there are. */
export function pageMeta(page: number, limit: number, total: number): PageMetaType {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

/**
 * The answer of a list route: the page its query asks for (PageQuery defaults page and limit),
 * loaded, mapped to what the schema declares, with its `meta`.
 */
export async function listPage<T, R>(
  query: { page?: number | undefined; limit?: number | undefined },
  load: (page: number, limit: number) => Promise<{ data: T[]; total: number }>,
  map: (items: T[]) => R[] | Promise<R[]>,
): Promise<{ data: R[]; meta: PageMetaType }> {
  const { page, limit } = withDefaults(query, 'page', 'limit');
  const { data, total } = await load(page, limit);
  return { data: await map(data), meta: pageMeta(page, limit, total) };
}
