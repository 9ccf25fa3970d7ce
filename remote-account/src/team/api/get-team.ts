import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type Team = ApiResponse<'/v1/team/'>;
export type TeamMember = Team['members'][number];
export type TeamInvitation = Team['invitations'][number];

export const teamQueryKey = ['team'] as const;

/** `GET /v1/team`: the manager's laboratory account (seats, wallet), its people and its pending invitations. */
export const getTeam = (api: TypedApi, signal?: AbortSignal) => api.get('/v1/team/', { signal });

export const teamQueryOptions = (api: TypedApi) => queryOptions({ queryKey: teamQueryKey, queryFn: ({ signal }) => getTeam(api, signal) });

export function useTeam(enabled = true) {
  return useQuery({ ...teamQueryOptions(useApi()), enabled });
}
