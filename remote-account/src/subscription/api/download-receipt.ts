import { saveBlob } from '@clube/kit/files/save-blob';
import { useApiClient } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';

/**
 * Downloads a paid invoice's receipt ("Recibo", `…/invoices/{invoiceId}/receipt.pdf`) with the
 * member's token (a plain link would carry none).
 */
export function useReceiptDownload(subscriptionId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (invoice: { _id: string; dueDate: string }) => {
      const blob = await client.get<Blob>(`/subscriptions/${subscriptionId}/invoices/${invoice._id}/receipt.pdf`, { responseType: 'blob' });
      saveBlob(blob, `recibo-${invoice.dueDate.slice(0, 10)}.pdf`);
    },
  });
}
