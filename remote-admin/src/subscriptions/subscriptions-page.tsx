import { StatusBadge } from '@clube/kit/ui/badge';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { ListFilters, SearchBox } from '@clube/kit/ui/list-filters';
import { formatMoney } from '@clube/kit/ui/money';
import { PaginatedTable } from '@clube/kit/ui/query-table';
import { type TableColumn } from '@clube/kit/ui/table';
import { Button, PageLayout, formatDate, toast, type ApiResponse } from '@clube/platform';
import { SUBSCRIPTION_STATUSES, planWithInterval, subscriptionStatusLabel, subscriptionStatusPlural } from '@clube/platform/subscription-words';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAllPlans } from '../shared/api/get-plans';
import { CsvExportButton } from '../shared/csv-export';
import { subscriptionsQuery, useSubscriptions } from './api/get-subscriptions';
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

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** `/admin/assinaturas`: every subscription, filtered by plan, member and status (all in the URL), the status change and the CSV of the same list. */
export function SubscriptionsAdminPage() {
  const subscriptions = useSubscriptions();
  const { params, setFilter } = subscriptions;
  const plans = useAllPlans();
  const update = useUpdateSubscriptionStatus();
  const [pending, setPending] = useState<Pending | null>(null);
  const [userIdError, setUserIdError] = useState<string | undefined>();

  const planOptions = [ANY, ...(plans.data?.data ?? []).map((plan) => ({ value: plan._id, label: planWithInterval(plan) }))];

  function onUserFilter(userId: string) {
    const value = userId.trim();
    if (value && !OBJECT_ID.test(value)) {
      setUserIdError('Informe o código do membro (24 caracteres, como aparece no endereço da página dele).');
      return;
    }
    setUserIdError(undefined);
    setFilter('userId', value);
  }

  async function confirm() {
    if (!pending) return;
    await update.mutateAsync({ id: pending.row._id, status: pending.status }); // a refusal stays in the dialog
    toast({ variant: 'success', title: 'Situação alterada', description: `A assinatura agora está: ${subscriptionStatusLabel(pending.status).toLowerCase()}.` });
  }

  const columns: TableColumn<SubscriptionRow>[] = [
    { key: 'plan', header: 'Plano', wrap: true, cell: (s) => (s.plan ? planWithInterval(s.plan) : 'Plano removido') },
    { key: 'price', header: 'Valor', align: 'end', cell: (s) => (s.plan ? formatMoney(s.plan.priceCents) : '—') },
    { key: 'user', header: 'Membro', cell: (s) => <Link to={`/admin/usuarios/${s.userId}`}>Ver membro</Link> },
    { key: 'status', header: 'Situação', cell: (s) => <StatusBadge status={s.status} /> },
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
            <Button key={status} variant={status === 'CANCELED' ? 'danger' : 'secondary'} onClick={() => setPending({ row: s, status })} aria-label={`${ACTION_LABELS[status]}: ${s.plan?.name ?? 'assinatura'} de ${formatDate(s.createdAt)}`}>
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
      <SearchBox region="Filtrar por membro" label="Código do membro" type="text" maxLength={24} buttonLabel="Filtrar" value={params.filters.userId ?? ''} error={userIdError} onSearch={onUserFilter} />
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
      />
    </PageLayout>
  );
}
