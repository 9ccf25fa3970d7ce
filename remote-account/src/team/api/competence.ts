import { datedFileName, saveBlob } from '@clube/kit/files/save-blob';
import { useApiClient, type ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useMutation, useQuery } from '@tanstack/react-query';

export type CompetenceMatrix = ApiResponse<'/v1/competence/accounts/{accountId}/matrix'>;
export type MatrixPerson = CompetenceMatrix['people'][number];

/** `GET /v1/competence/accounts/{id}/matrix`: people × requirements of their functions, the share in order. */
export function useCompetenceMatrix(accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['team', 'competence-matrix', accountId],
    queryFn: ({ signal }) => api.get('/v1/competence/accounts/{accountId}/matrix', { params: { path: { accountId } }, signal }),
  });
}

/**
 * Downloads with the manager's token (a plain link would carry none): the matrix as CSV, or one
 * person's dossier as CSV or PDF (the PDF prints the SHA-256 of the CSV and where to check it).
 */
export function useCompetenceFile() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async ({ path, name, format }: { path: string; name: string; format: 'csv' | 'pdf' }) => {
      const blob = await client.get<Blob>(path, { responseType: 'blob' });
      saveBlob(blob, datedFileName(name, format));
    },
  });
}
