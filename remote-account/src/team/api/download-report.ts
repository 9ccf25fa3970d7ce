import { datedFileName, saveBlob } from '@clube/kit/files/save-blob';
import { useApiClient } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';
import type { Period } from './get-training';

/**
 * Downloads the training record as CSV (`/team/training.csv`) or PDF (`/team/training.pdf`) with the
 * manager's token (a plain link would carry none), for the period on the page.
 */
export function useTrainingReport(format: 'csv' | 'pdf') {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (period: Period) => {
      const blob = await client.get<Blob>(`/team/training.${format}`, { params: { from: period.from || undefined, to: period.to || undefined }, responseType: 'blob' });
      saveBlob(blob, datedFileName('registro-de-treinamento', format));
    },
  });
}
