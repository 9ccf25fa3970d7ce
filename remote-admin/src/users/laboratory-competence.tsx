import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { ErrorState, type ApiResponse } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery } from '@tanstack/react-query';

type Matrix = ApiResponse<'/v1/competence/accounts/{accountId}/matrix'>;
type MatrixPerson = Matrix['people'][number];

/** The requirement statuses of the competence API, as the laboratory's pages say them. */
const STATUS_LABELS: Record<MatrixPerson['cells'][number]['status'], string> = {
  VALID: 'Em dia',
  EXPIRING: 'Vence em breve',
  EXPIRED: 'Vencida',
  REVISION_DUE: 'Nova revisão a fazer',
  PENDING: 'A fazer',
};

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`);

const COLUMNS: TableColumn<MatrixPerson>[] = [
  { key: 'name', header: 'Pessoa', wrap: true, cell: (person) => person.name },
  { key: 'inOrder', header: 'Requisitos em dia', cell: (person) => `${person.inOrder} de ${person.required}` },
  { key: 'percent', header: '% em dia', align: 'end', cell: (person) => percent(person.percentInOrder) },
  {
    key: 'missing',
    header: 'O que falta',
    wrap: true,
    cell: (person) => {
      const missing = person.cells.filter((cell) => cell.status !== 'VALID' && cell.status !== 'EXPIRING');
      return missing.length ? missing.map((cell) => `${cell.title} (${STATUS_LABELS[cell.status]})`).join('; ') : 'Nada';
    },
  },
];

/**
 * "Competências do laboratório" (issue 31) on `/admin/usuarios/{id}`: the laboratory matrix as the
 * API gives it to an admin — read only. Authorizations are signed only by the laboratory's manager
 * (the API refuses an admin: ADMIN_CANNOT_SIGN), so this page offers no signing control.
 */
export function LaboratoryCompetence({ accountId }: { accountId: string }) {
  const api = useApi();
  const matrix = useQuery({
    queryKey: ['admin', 'competence', 'matrix', accountId],
    queryFn: ({ signal }) => api.get('/v1/competence/accounts/{accountId}/matrix', { params: { path: { accountId } }, signal }),
  });
  let body;
  if (matrix.isPending) body = <Skeleton lines={3} label="Carregando as competências do laboratório…" />;
  else if (matrix.isError) body = <ErrorState message={matrix.error.message} onRetry={() => void matrix.refetch()} />;
  else if (matrix.data.people.length === 0) body = <p>Ninguém do laboratório tem uma função com requisitos ainda.</p>;
  else {
    body = (
      <>
        <p>Requisitos em dia no laboratório: {percent(matrix.data.percentInOrder)}.</p>
        <Table caption="Competências por pessoa" columns={COLUMNS} rows={matrix.data.people} rowKey={(person) => person.userId} />
      </>
    );
  }
  return (
    <section className="admin-section" aria-labelledby="user-competence">
      <h3 id="user-competence">Competências do laboratório</h3>
      <p className="admin-note">Só o gestor do laboratório define funções e assina autorizações; o admin consulta.</p>
      {body}
    </section>
  );
}
