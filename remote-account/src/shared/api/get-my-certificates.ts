import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/me/certificates`: the current version of each of the member's certificates of completion. */
export const getMyCertificates = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/me/certificates', { signal });

/** A name correction issues new versions: `useUpdateName` invalidates this key. */
export const myCertificatesQueryKey = ['me', 'certificates'] as const;

export const myCertificatesQueryOptions = (api: TypedApi) =>
  queryOptions({ queryKey: myCertificatesQueryKey, queryFn: ({ signal }) => getMyCertificates(api, signal) });

export function useMyCertificates() {
  return useQuery(myCertificatesQueryOptions(useApi()));
}

/** The certificate's PDF, straight from the API (a public route: a plain link downloads it). */
export function certificatePdfUrl(apiUrl: string, code: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/v1/certificates/${encodeURIComponent(code)}/pdf`;
}
