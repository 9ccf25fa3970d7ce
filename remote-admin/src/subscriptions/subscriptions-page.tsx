import { StatusBadge } from '@clube/kit/ui/badge';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { ListFilters, SearchBox } from '@clube/kit/ui/list-filters';
import { formatMoney } from '@clube/kit/ui/money';
import { PaginatedTable } from '@clube/kit/ui/query-table';
import { Textarea } from '@clube/kit/ui/textarea';
import { type TableColumn } from '@clube/kit/ui/table';
import { Button, PageLayout, formatDate, toast, type ApiResponse } from '@clube/platform';
import { SUBSCRIPTION_STATUSES, planWithInterval, subscriptionStatusLabel, subscriptionStatusPlural } from '@clube/platform/subscription-words';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAllPlans } from '../shared/api/get-plans';
import { CsvExportButton } from '../shared/csv-export';
import { MEMBER_SEARCH_MAX, subscriptionsQuery, useSubscriptions } from './api/get-subscriptions';
import { useUpdateSubscriptionStatus, type AdminStatus } from './api/update-subscription-status';

type SubscriptionRow = ApiResponse<'/v1/subscriptions/paginated'>['data'][number];

const ANY = { value: '', label: 'Todas' };
const STATUS_OPTIONS = [ANY, ...SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: subscriptionStatusPlural(status) }))];

const ACTION_LABELS: Record<AdminStatus, string> = { ACTIVE: 'Ativar', PAUSED: 'Pausar', CANCELED: 'Cancelar assinatura' };
/** The buttons' visible words, short so the table fits at 1280 px (each accessible name starts with them and says the rest). */
const BUTTON_LABELS: Record<AdminStatus, string> = { ACTIVE: 'Ativar', PAUSED: 'Pausar', CANCELED: 'Cancelar' };
const ACTION_MESSAGES: Record<AdminStatus, string> = {
  ACTIVE: 'A assinatura passa a dar acesso ao Clube agora, e as faturas em aberto são dispensadas.',
  PAUSED: 'O membro perde o acesso ao conteúdo exclusivo até a assinatura ser reativada.',
  CANCELED: 'A assinatura é encerrada agora: o membro perde o acesso e as faturas em aberto são canceladas.',
};

interface Pending {
  row: SubscriptionRow;
  status: AdminStatus;
}

/** The status in words; a pause an admin decided says who and why (not "por falta de pagamento"). */
function StatusCell({ row }: { row: SubscriptionRow }) {
  const decision = row.adminDecision;
  if (row.status === 'PAUSED' && decision?.status === 'PAUSED') {
    return (
      <>
        <StatusBadge status={row.status} label={`Pausada por ${decision.byName}`} />
        <br />
        <small>
          em {formatDate(decision.at)}
          {decision.reason ? `: ${decision.reason}` : ''}
        </small>
      </>
    );
  }
  return <StatusBadge status={row.status} />;
}

/** What each cycle charges the subscription (price × seats), with the seats spelled out for a laboratory (issue 25). */
function CycleAmount({ subscription }: { subscription: SubscriptionRow }) {
  const { plan, seats, cycleAmountCents } = subscription;
  if (!plan || cycleAmountCents === null) return <>—</>;
  if (seats <= 1) return <>{formatMoney(cycleAmountCents)}</>;
  return (
    <>
      {formatMoney(cycleAmountCents)}
      <br />
      <small>
        {seats} assentos × {formatMoney(plan.priceCents)}
      </small>
    </>
  );
}

/** `/admin/assinaturas`: every subscription, filtered by plan, member and status (all in the URL), the status change and the CSV of the same list. */
export function SubscriptionsAdminPage() {
  const subscriptions = useSubscriptions();
  const { params, setFilter } = subscriptions;
  const plans = useAllPlans();
  const update = useUpdateSubscriptionStatus();
  const [pending, setPending] = useState<Pending | null>(null);
  // Why the admin decides (the member reads it on /assinatura); asked for a pause or a cancellation.
  const [reason, setReason] = useState('');

  const planOptions = [ANY, ...(plans.data?.data ?? []).map((plan) => ({ value: plan._id, label: planWithInterval(plan) }))];

  function onMemberFilter(text: string) {
    setFilter('member', text.trim());
  }

  function ask(row: SubscriptionRow, status: AdminStatus) {
    setReason('');
    setPending({ row, status });
  }

  async function confirm() {
    if (!pending) return;
    await update.mutateAsync({ id: pending.row._id, status: pending.status, reason: reason.trim() || undefined }); // a refusal stays in the dialog
    toast({ variant: 'success', title: 'Situação alterada', description: `A assinatura agora está: ${subscriptionStatusLabel(pending.status).toLowerCase()}.` });
  }

  const columns: TableColumn<SubscriptionRow>[] = [
    { key: 'plan', header: 'Plano', wrap: true, cell: (s) => (s.plan ? planWithInterval(s.plan) : 'Plano removido') },
    { key: 'price', header: 'Valor', align: 'end', cell: (s) => <CycleAmount subscription={s} /> },
    {
      key: 'user',
      header: 'Membro',
      wrap: true,
      cell: (s) =>
        s.member ? (
          <>
            <Link to={`/admin/usuarios/${s.userId}`}>{s.member.name}</Link>
            <br />
            <small>{s.member.email}</small>
          </>
        ) : (
          'Conta excluída'
        ),
    },
    { key: 'status', header: 'Situação', cell: (s) => <StatusCell row={s} /> },
    {
      key: 'period',
      header: 'Vigência',
      cell: (s) =>
        s.currentPeriodStart && s.endDate ? (
          <>
            {formatDate(s.currentPeriodStart)} a<br />
            {formatDate(s.endDate)}
          </>
        ) : (
          '—'
        ),
    },
    { key: 'createdAt', header: 'Criada em', cell: (s) => formatDate(s.createdAt) },
    {
      key: 'actions',
      header: 'Ações',
      cell: (s) => (
        <div className="admin-row-actions">
          {/* The API says which changes its lifecycle allows for this row (allowedStatusChanges). */}
          {s.allowedStatusChanges.map((status) => (
            <Button key={status} variant={status === 'CANCELED' ? 'danger' : 'secondary'} onClick={() => ask(s, status)} aria-label={`${ACTION_LABELS[status]}: ${s.plan?.name ?? 'assinatura'} de ${formatDate(s.createdAt)}`}>
              {BUTTON_LABELS[status]}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  return (
    <PageLayout
      title="Assinaturas"
      description="Assinaturas dos membros, por plano e situação."
      actions={<CsvExportButton path="/admin/exports/subscriptions" fileName="assinaturas" query={subscriptionsQuery(params.filters)} />}
    >
      <ListFilters
        list={subscriptions}
        filters={[
          { name: 'planId', label: 'Plano', options: planOptions },
          { name: 'status', label: 'Situação', options: STATUS_OPTIONS },
        ]}
        pageSize
      />
      <SearchBox region="Filtrar por membro" label="Nome ou e-mail do membro" type="search" maxLength={MEMBER_SEARCH_MAX} buttonLabel="Filtrar" value={params.filters.member ?? ''} onSearch={onMemberFilter} />
      <PaginatedTable
        caption="Assinaturas"
        columns={columns}
        list={subscriptions}
        rowKey={(s) => s._id}
        emptyMessage="Nenhuma assinatura com esses filtros. Mude o plano, a situação ou o membro para ver outras."
      />
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? `${ACTION_LABELS[pending.status]}?` : ''}
        message={pending ? ACTION_MESSAGES[pending.status] : ''}
        confirmLabel={pending ? `Confirmar: ${ACTION_LABELS[pending.status].toLowerCase()}` : ''}
        tone={pending?.status === 'CANCELED' ? 'danger' : 'primary'}
        onConfirm={confirm}
      >
        {pending && pending.status !== 'ACTIVE' && (
          <Textarea label="Motivo (opcional)" hint="O membro lê o motivo na página da assinatura." maxLength={300} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </ConfirmDialog>
    </PageLayout>
  );
}
