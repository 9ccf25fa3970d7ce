import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryKey } from './get-users';

export type Role = 'ADMIN' | 'USER';

export const updateUserRole = (api: TypedApi, id: string, role: Role) => api.patch('/v1/users/{id}', { params: { path: { id } }, body: { role } });

/** Promotes or demotes; the API refuses to demote the last admin (409 LAST_ADMIN, in Portuguese). */
export function useUpdateUserRole(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => updateUserRole(api, id, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
