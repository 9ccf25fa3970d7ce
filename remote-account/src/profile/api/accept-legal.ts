import type { ApiResponse } from '@clube/platform';
import { useApi, useOwnProfileChange } from '@clube/platform/data';
import { useQuery } from '@tanstack/react-query';

export type Legal = ApiResponse<'/v1/legal/'>;

/** `GET /v1/legal` (public): the versions of the terms of use and the privacy policy in force now; asked only when `enabled`. */
export function useLegal(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: ['legal'], queryFn: ({ signal }) => api.get('/v1/legal/', { signal }), staleTime: 5 * 60_000, enabled });
}

/** `PATCH /v1/users/{id}` `{ acceptLegal }`: records the consent to the versions in force (with the date), then the profile is fetched again. */
export function useAcceptLegal() {
  return useOwnProfileChange((legal: Legal) => {
    const version = (kind: Legal['documents'][number]['kind']) => legal.documents.find((document) => document.kind === kind)?.version ?? '';
    return { acceptLegal: { termsVersion: version('TERMS'), privacyVersion: version('PRIVACY') } };
  });
}
