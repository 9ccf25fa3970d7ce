import { datedFileName, saveBlob } from '@clube/kit/files/save-blob';
import { Button, toast, useApiClient } from '@clube/platform';
import { useMutation } from '@tanstack/react-query';

type ExportPath = '/admin/exports/users' | '/admin/exports/subscriptions';
type ExportQuery = Record<string, string | number | boolean | undefined>;

/**
 * Downloads one of the admin's CSV exports with the signed-in admin's token (a plain link would
 * carry no token), as `<fileName>-<data>.csv`.
 */
function useCsvExport(path: ExportPath, fileName: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (query: ExportQuery) => {
      const blob = await client.get<Blob>(path, { params: query, responseType: 'blob' });
      saveBlob(blob, datedFileName(fileName, 'csv'));
    },
  });
}

/** "Exportar CSV" of a list: the same filters as on screen (`query`), then a toast saying it is ready or why not. */
export function CsvExportButton({ path, fileName, query }: { path: ExportPath; fileName: string; query: ExportQuery }) {
  const exportCsv = useCsvExport(path, fileName);

  async function onExport() {
    try {
      await exportCsv.mutateAsync(query);
      toast({ variant: 'success', title: 'Exportação pronta', description: 'O arquivo CSV com a lista filtrada foi baixado.' });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível exportar', description: error instanceof Error ? error.message : undefined });
    }
  }

  return (
    <Button variant="secondary" onClick={onExport} loading={exportCsv.isPending}>
      Exportar CSV
    </Button>
  );
}
