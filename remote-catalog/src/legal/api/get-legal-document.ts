import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

export type LegalSlug = ApiResponse<'/v1/legal/{slug}'>['slug'];

/** `GET /v1/legal/{slug}` (public): the terms of use or the privacy policy, with version, date and the company's data in the text. */
export const getLegalDocument = (api: TypedApi, slug: LegalSlug, signal?: AbortSignal) => api.get('/v1/legal/{slug}', { params: { path: { slug } }, signal });

export const legalDocumentQueryOptions = (api: TypedApi, slug: LegalSlug) =>
  queryOptions({ queryKey: ['legal', slug], queryFn: ({ signal }) => getLegalDocument(api, slug, signal), staleTime: Infinity });

export function useLegalDocument(slug: LegalSlug) {
  return useQuery(legalDocumentQueryOptions(useApi(), slug));
}
