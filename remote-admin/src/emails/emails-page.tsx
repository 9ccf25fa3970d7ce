import { Badge } from '@clube/kit/ui/badge';
import { ListFilters } from '@clube/kit/ui/list-filters';
import { PaginatedTable } from '@clube/kit/ui/query-table';
import { type TableColumn } from '@clube/kit/ui/table';
import { Button, PageLayout, formatDate, toast, type ApiResponse } from '@clube/platform';
import { useEmails, useResendEmail } from './api/get-emails';

type Email = ApiResponse<'/v1/admin/emails/'>['data'][number];

const STATE_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: 'PENDING', label: 'Na fila' },
  { value: 'DONE', label: 'Enviadas' },
  { value: 'DEAD', label: 'Falharam' },
];
const STATE_LABELS = {
  PENDING: { label: 'Na fila', tone: 'warning' },
  RUNNING: { label: 'Enviando', tone: 'info' },
  DONE: { label: 'Enviada', tone: 'success' },
  DEAD: { label: 'Falhou', tone: 'danger' },
} as const;

/** `/admin/emails`: recent messages (to, subject, state, attempts, last error), with "Reenviar" for those that failed for good. */
export function EmailsPage() {
  const emails = useEmails();
  const resend = useResendEmail();

  async function again(email: Email) {
    try {
      await resend.mutateAsync(email._id);
      toast({ variant: 'success', title: 'E-mail de volta na fila', description: `${email.subject ?? email.template} → ${email.to}` });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível reenviar', description: error instanceof Error ? error.message : undefined });
    }
  }

  const columns: TableColumn<Email>[] = [
    { key: 'to', header: 'Para', wrap: true, cell: (e) => e.to },
    { key: 'subject', header: 'Assunto', wrap: true, cell: (e) => e.subject ?? e.template },
    {
      key: 'state',
      header: 'Situação',
      cell: (e) => {
        const state = e.skipped ? { label: 'Não enviada (preferência)', tone: 'neutral' as const } : STATE_LABELS[e.state];
        return <Badge tone={state.tone}>{state.label}</Badge>;
      },
    },
    { key: 'attempts', header: 'Tentativas', align: 'end', cell: (e) => e.attempts },
    { key: 'lastError', header: 'Último erro', wrap: true, cell: (e) => e.lastError ?? '—' },
    { key: 'createdAt', header: 'Criada em', cell: (e) => formatDate(e.createdAt) },
    {
      key: 'actions',
      header: 'Ações',
      cell: (e) =>
        e.state === 'DEAD' ? (
          <Button variant="secondary" disabled={resend.isPending} onClick={() => void again(e)} aria-label={`Reenviar: ${e.subject ?? e.template} para ${e.to}`}>
            Reenviar
          </Button>
        ) : null,
    },
  ];

  return (
    <PageLayout title="E-mails" description="Mensagens enviadas pelo Clube, mais novas primeiro. As que falharam de vez podem ser reenviadas.">
      <ListFilters list={emails} filters={[{ name: 'state', label: 'Situação', options: STATE_OPTIONS }]} pageSize />
      <PaginatedTable caption="E-mails" columns={columns} list={emails} rowKey={(e) => e._id} emptyMessage="Nenhum e-mail nesta situação." />
    </PageLayout>
  );
}
