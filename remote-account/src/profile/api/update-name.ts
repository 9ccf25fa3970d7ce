import { useOwnProfileChange } from '@clube/platform/data';
import { useQueryClient } from '@tanstack/react-query';
import { myCertificatesQueryKey } from '../../shared/api/get-my-certificates';

/**
 * `PATCH /v1/users/{id}` with the new name, then the profile (`['me']`) is fetched again; the
 * certificates get new versions with the corrected name, so their list is refetched too.
 */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useOwnProfileChange((name: string) => ({ name }), { onSuccess: () => queryClient.invalidateQueries({ queryKey: myCertificatesQueryKey }) });
}
