import { useApiClient } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';

/** The file name the API gives in `Content-Disposition`, else `fallback`. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads one of the admin's CSV exports with the signed-in admin's token (a plain link would
 * carry no token): `/admin/exports/users` or `/admin/exports/subscriptions` with the list's filters.
 */
export function useCsvExport(path: '/admin/exports/users' | '/admin/exports/subscriptions', fileName: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (query: Record<string, string | number | boolean | undefined>) => {
      const blob = await client.get<Blob>(path, { params: query, responseType: 'blob' });
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(blob, `${fileName}-${day}.csv`);
    },
  });
}
