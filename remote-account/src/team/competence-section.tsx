import { messageOf } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { Button, ErrorState } from '@clube/platform';
import { useCompetenceFile, useCompetenceMatrix, type MatrixPerson } from './api/competence';

const percentText = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('pt-BR')} %`);
/** "dossie-carla-técnica": the person's name in the file name (browsers keep accents in a download's name). */
const fileBase = (name: string) => `dossie-${name.trim().toLocaleLowerCase('pt-BR').replace(/\s+/g, '-')}`;

/**
 * The laboratory's competence (issue 31, ISO/IEC 17025 §6.2) on `/equipe`: per person with a function,
 * how many requirements are in order, and their dossier (CSV, PDF) for an auditor; the matrix as CSV and PDF.
 */
export function CompetenceSection({ accountId }: { accountId: string }) {
  const matrix = useCompetenceMatrix(accountId);
  const download = useCompetenceFile();
  const base = `/competence/accounts/${accountId}`;
  const columns: TableColumn<MatrixPerson>[] = [
    { key: 'name', header: 'Pessoa', wrap: true, cell: (p) => p.name },
    {
      key: 'inOrder',
      header: 'Requisitos em dia',
      cell: (p) => (
        <>
          {p.inOrder} de {p.required} <Badge tone={p.inOrder === p.required ? 'success' : 'warning'}>{percentText(p.percentInOrder)}</Badge>
        </>
      ),
    },
    {
      key: 'dossier',
      header: 'Dossiê',
      cell: (p) => (
        <div className="account-row">
          {(['csv', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              disabled={download.isPending}
              aria-label={`Dossiê de ${p.name} em ${format.toUpperCase()}`}
              onClick={() => download.mutate({ path: `${base}/people/${p.userId}/dossier.${format}`, name: fileBase(p.name), format })}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="team-competence" className="team-section">
      <h2 id="team-competence">Competências (ISO/IEC 17025)</h2>
      {matrix.isPending && <Skeleton lines={3} label="Carregando as competências…" />}
      {matrix.isError && <ErrorState title="Não foi possível carregar as competências" message={messageOf(matrix.error)} onRetry={() => void matrix.refetch()} />}
      {matrix.isSuccess && (
        <>
          <p>
            {matrix.data.percentInOrder === null ? (
              'Nenhum requisito atribuído ainda no laboratório.'
            ) : (
              <>
                Requisitos em dia no laboratório: <strong>{percentText(matrix.data.percentInOrder)}</strong>.
              </>
            )}
          </p>
          <div className="account-row">
            {(['csv', 'pdf'] as const).map((format) => (
              <Button key={format} variant="secondary" disabled={download.isPending} onClick={() => download.mutate({ path: `${base}/matrix.${format}`, name: 'matriz-de-competencia', format })}>
                Matriz em {format.toUpperCase()}
              </Button>
            ))}
          </div>
          {download.isError && <p role="alert">{messageOf(download.error)}</p>}
          <Table
            caption="Competências por pessoa"
            columns={columns}
            rows={matrix.data.people}
            rowKey={(p) => p.userId}
            emptyMessage="Ninguém tem função ainda: as funções e o que cada uma exige vêm do gestor do laboratório."
          />
        </>
      )}
    </section>
  );
}
