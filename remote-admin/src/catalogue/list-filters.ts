import type { ListParams } from '@clube/platform';

/** The catalogue lists' filters, kept in the URL under the API's own names (`?search=…&categoryId=…&status=DRAFT&access=CREDITS`). */
export const CATALOGUE_FILTERS = ['categoryId', 'status', 'access'] as const;
export type CatalogueFilter = (typeof CATALOGUE_FILTERS)[number];

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const STATUSES = ['DRAFT', 'PUBLISHED'] as const;
const ACCESS = ['FREE', 'SUBSCRIBERS', 'CREDITS'] as const;

export interface CatalogueQuery {
  search?: string;
  categoryId?: string;
  status?: (typeof STATUSES)[number];
  access?: (typeof ACCESS)[number];
}

/** The URL's search and filters as the API's query; an empty or malformed value is left out rather than sent to be refused. */
export function catalogueQuery({ search, filters }: Pick<ListParams<CatalogueFilter>, 'search' | 'filters'>): CatalogueQuery {
  const query: CatalogueQuery = {};
  const term = search.trim().slice(0, 100);
  if (term) query.search = term;
  if (filters.categoryId && OBJECT_ID.test(filters.categoryId)) query.categoryId = filters.categoryId;
  const status = STATUSES.find((value) => value === filters.status);
  if (status) query.status = status;
  const access = ACCESS.find((value) => value === filters.access);
  if (access) query.access = access;
  return query;
}
