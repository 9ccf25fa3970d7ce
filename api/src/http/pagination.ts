import type { PageMetaType } from './schemas';

/** The `meta` of a list answer (`paginated(...)`): the page asked for and how many there are. */
export function pageMeta(page: number, limit: number, total: number): PageMetaType {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
