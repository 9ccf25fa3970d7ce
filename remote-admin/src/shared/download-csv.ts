import { datedFileName, saveBlob } from '@clube/kit/files/save-blob';
import { useApiClient } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';

/**
 * Downloads one of the admin's CSV exports with the signed-in admin's token (a plain link would
 * carry no token): `/admin/exports/users` or `/admin/exports/subscriptions` with the list's filters.
 */
export function useCsvExport(path: '/admin/exports/users' | '/admin/exports/subscriptions', fileName: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (query: Record<string, string | number | boolean | undefined>) => {
      const blob = await client.get<Blob>(path, { params: query, responseType: 'blob' });
      saveBlob(blob, datedFileName(fileName, 'csv'));
    },
  });
}
