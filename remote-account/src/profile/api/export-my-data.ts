import { datedFileName, saveBlob } from '@clube/kit/files/save-blob';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation } from '@tanstack/react-query';

/** `GET /v1/me/export`: everything the club holds about the signed-in member. */
export const exportMyData = (api: TypedApi) => api.get('/v1/me/export');

/** Fetches the export and hands it to the browser as `clube-meus-dados-<data>.json` (the name the API suggests). */
export function useExportMyData() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => {
      const json = JSON.stringify(await exportMyData(api), null, 2);
      saveBlob(new Blob([json], { type: 'application/json' }), datedFileName('clube-meus-dados', 'json'));
    },
  });
}
