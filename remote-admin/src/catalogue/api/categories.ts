import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const categoriesQueryKey = ['categories'] as const;

/** `GET /v1/categories`: every category in display order (a handful: one page of 100, as the reorder needs them all). */
export const getAllCategories = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/categories/', { params: { query: { limit: 100 } }, signal });

export const allCategoriesQueryOptions = (api: TypedApi) => queryOptions({ queryKey: [...categoriesQueryKey, 'all'], queryFn: ({ signal }) => getAllCategories(api, signal) });

export function useAllCategories() {
  return useQuery(allCategoriesQueryOptions(useApi()));
}

function useCategoryMutation<T>(run: (api: TypedApi, input: T) => Promise<unknown>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => run(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

export const useCreateCategory = () => useCategoryMutation((api, name: string) => api.post('/v1/categories/', { body: { name } }));

export const useRenameCategory = () =>
  useCategoryMutation((api, { id, name }: { id: string; name: string }) => api.patch('/v1/categories/{id}', { params: { path: { id } }, body: { name } }));

/** The API refuses (409, in Portuguese) while contents or videos still use the category. */
export const useDeleteCategory = () => useCategoryMutation((api, id: string) => api.delete('/v1/categories/{id}', { params: { path: { id } } }));

export const useReorderCategories = () => useCategoryMutation((api, ids: string[]) => api.patch('/v1/categories/order', { body: { ids } }));
