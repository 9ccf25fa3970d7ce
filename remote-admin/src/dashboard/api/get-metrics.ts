import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface MetricsWindow {
  from: string;
  to: string;
}

export const getMetrics = (api: TypedApi, window: MetricsWindow, signal?: AbortSignal) => api.get('/v1/admin/metrics', { params: { query: window }, signal });

export const metricsQueryOptions = (api: TypedApi, window: MetricsWindow) =>
  queryOptions({ queryKey: ['admin', 'metrics', window], queryFn: ({ signal }) => getMetrics(api, window, signal) });

export function useMetrics(window: MetricsWindow) {
  return useQuery(metricsQueryOptions(useApi(), window));
}
