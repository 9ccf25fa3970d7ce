import type { ApiResponse, LegalAcceptance, TypedApi } from '@clube/platform';
import { queryOptions } from '@tanstack/react-query';

type Legal = ApiResponse<'/v1/legal/'>;

/** `GET /v1/legal` (public): the versions of the terms of use and the privacy policy in force now. */
export const legalQueryOptions = (api: TypedApi) =>
  queryOptions({ queryKey: ['legal'], queryFn: ({ signal }) => api.get('/v1/legal/', { signal }), staleTime: 5 * 60_000 });

/** What the person accepts by ticking the box: the versions the links open now. */
export function acceptanceOf(legal: Legal): LegalAcceptance {
  const version = (kind: Legal['documents'][number]['kind']) => legal.documents.find((document) => document.kind === kind)?.version ?? '';
  return { termsVersion: version('TERMS'), privacyVersion: version('PRIVACY') };
}
