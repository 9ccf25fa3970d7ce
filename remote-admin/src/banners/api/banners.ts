import type { ApiBody, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const bannersQueryKey = ['banners'] as const;
export type BannerBody = ApiBody<'/v1/banners/', 'post'>;
export type BannerChanges = ApiBody<'/v1/banners/{id}', 'patch'>;

/** `GET /v1/banners/all`: every banner, in display order (a handful: one page of 100). */
export const getAllBanners = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/banners/all', { params: { query: { limit: 100 } }, signal });

export const allBannersQueryOptions = (api: TypedApi) => queryOptions({ queryKey: [...bannersQueryKey, 'all'], queryFn: ({ signal }) => getAllBanners(api, signal) });

export function useAllBanners() {
  return useQuery(allBannersQueryOptions(useApi()));
}

export const bannerQueryOptions = (api: TypedApi, id: string) =>
  queryOptions({ queryKey: [...bannersQueryKey, id], queryFn: ({ signal }) => api.get('/v1/banners/{id}', { params: { path: { id } }, signal }) });

export function useBanner(id: string) {
  return useQuery(bannerQueryOptions(useApi(), id));
}

export function useCreateBanner() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BannerBody) => api.post('/v1/banners/', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}

export function useUpdateBanner() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BannerChanges }) => api.patch('/v1/banners/{id}', { params: { path: { id } }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}

export function useReorderBanners() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.patch('/v1/banners/order', { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
