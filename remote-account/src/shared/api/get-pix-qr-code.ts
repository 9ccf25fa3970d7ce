import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET /v1/subscriptions/{id}/pixQRCode`: the oldest open invoice's PIX (a fresh code once the last one expired). */
export const getPixQrCode = (api: TypedApi, id: string, signal?: AbortSignal) => api.get('/v1/subscriptions/{id}/pixQRCode', { params: { path: { id } }, signal });

export const pixQueryKey = (id: string) => ['subscriptions', id, 'pix'] as const;

/** Never refetched by itself: a new code is asked for only when this one expires. */
export const pixQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: pixQueryKey(id), queryFn: ({ signal }) => getPixQrCode(api, id, signal), staleTime: Infinity, refetchOnMount: false });

export function usePixQrCode(id: string) {
  return useQuery(pixQueryOptions(useApi(), id));
}
