import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

/** `GET /v1/me/export`: everything the club holds about the signed-in member. */
export const exportMyData = (api: TypedApi) => api.get('/v1/me/export');

/** The file name the API suggests (`clube-meus-dados-<data>.json`). */
export function exportFileName(now = new Date()): string {
  return `clube-meus-dados-${now.toISOString().slice(0, 10)}.json`;
}

/** Hands a JSON document to the browser as a file download. */
export function downloadJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click starts the download synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches the export and downloads it as `clube-meus-dados-<data>.json`. */
export function useExportMyData() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => {
      downloadJson(await exportMyData(api), exportFileName());
    },
  });
}
