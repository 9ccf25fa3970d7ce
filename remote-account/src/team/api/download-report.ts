import { useApiClient } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';
import type { Period } from './get-training';

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
 * Downloads the training record as CSV (`/team/training.csv`) or PDF (`/team/training.pdf`) with the
 * manager's token (a plain link would carry none), for the period on the page.
 */
export function useTrainingReport(format: 'csv' | 'pdf') {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (period: Period) => {
      const blob = await client.get<Blob>(`/team/training.${format}`, { params: { from: period.from || undefined, to: period.to || undefined }, responseType: 'blob' });
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(blob, `registro-de-treinamento-${day}.${format}`);
    },
  });
}
