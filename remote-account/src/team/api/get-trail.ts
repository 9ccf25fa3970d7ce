import type { ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery } from '@tanstack/react-query';

export type Trail = ApiResponse<'/v1/me/trail/'>;
export type TrailLine = Trail['data'][number];

/** `GET /v1/me/trail`: what the member's functions require and where they stand ("Minha trilha"). */
export function useTrail() {
  const api = useApi();
  return useQuery({ queryKey: ['me', 'trail'], queryFn: ({ signal }) => api.get('/v1/me/trail/', { signal }) });
}
