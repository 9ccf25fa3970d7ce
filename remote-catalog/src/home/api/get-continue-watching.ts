import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth, type TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/me/progress?status=IN_PROGRESS`: videos started and not finished, last watched first. */
export const getContinueWatching = (api: TypedApi, signal?: AbortSignal) =>
  api.get('/v1/me/progress', { params: { query: { status: 'IN_PROGRESS', limit: 8 } }, signal });

export const continueWatchingQueryOptions = (api: TypedApi) =>
  queryOptions({ queryKey: ['progress', 'IN_PROGRESS'], queryFn: ({ signal }) => getContinueWatching(api, signal) });

/** Only asked for a signed-in member. */
export function useContinueWatching() {
  const { status } = useAuth();
  return useQuery({ ...continueWatchingQueryOptions(useApi()), enabled: status === 'authenticated' });
}
