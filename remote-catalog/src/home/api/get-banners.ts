import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/banners`: the banners inside their time window, in the admins' order. */
export const getBanners = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/banners/', { params: { query: { limit: 10 } }, signal });

export const bannersQueryOptions = (api: TypedApi) => queryOptions({ queryKey: ['banners'], queryFn: ({ signal }) => getBanners(api, signal) });

export function useBanners() {
  return useQuery(bannersQueryOptions(useApi()));
}
