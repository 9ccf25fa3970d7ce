import { StatusBadge } from '@clube/kit/ui/badge';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { formatMoney } from '@clube/kit/ui/money';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { Button, Input, PageLayout, formatDate, toast, type ApiResponse } from '@clube/platform';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAllPlans } from '../plans/api/get-plans';
import { useCsvExport } from '../shared/download-csv';
import { subscriptionsQuery, useSubscriptions } from './api/get-subscriptions';
import { useUpdateSubscriptionStatus, type AdminStatus } from './api/update-subscription-status';

type SubscriptionRow = ApiResponse<'/v1/subscriptions/paginated'>['data'][number];

const ANY = { value: '', label: 'Todas' };
const STATUS_OPTIONS = [
  ANY,
  { value: 'PENDING', label: 'Aguardando pagamento' },
  { value: 'ACTIVE', label: 'Ativas' },
  { value: 'PAUSED', label: 'Pausadas' },
  { value: 'CANCELED', label: 'Canceladas' },
];
const LIMIT_OPTIONS = [10, 20, 50, 100].map((n) => ({ value: String(n), label: `${n} por página` }));
const INTERVALS = { MONTHLY: 'mensal', QUARTERLY: 'trimestral', YEARLY: 'anual' } as const;

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
  const { params, setFilter, setPage, setLimit } = subscriptions;
  const plans = useAllPlans();
  const update = useUpdateSubscriptionStatus();
  const exportCsv = useCsvExport('/admin/exports/subscriptions', 'assinaturas');
  const [pending, setPending] = useState<Pending | null>(null);
  const [userId, setUserId] = useState(params.filters.userId ?? '');
  const [userIdError, setUserIdError] = useState<string | undefined>();

  useEffect(() => setUserId(params.filters.userId ?? ''), [params.filters.userId]);

  const planOptions = [ANY, ...(plans.data?.data ?? []).map((plan) => ({ value: plan._id, label: `${plan.name} (${INTERVALS[plan.interval]})` }))];

  function onUserFilter() {
    const value = userId.trim();
    if (value && !OBJECT_ID.test(value)) {
      setUserIdError('Informe o código do membro (24 caracteres, como aparece no endereço da página dele).');
      return;
    }
    setUserIdError(undefined);
    setFilter('userId', value);
  }

  async function onExport() {
    try {
      await exportCsv.mutateAsync(subscriptionsQuery(params.filters));
      toast({ variant: 'success', title: 'Exportação pronta', description: 'O arquivo CSV com a lista filtrada foi baixado.' });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível exportar', description: error instanceof Error ? error.message : undefined });
    }
  }

  async function confirm() {
    if (!pending) return;
    await update.mutateAsync({ id: pending.row._id, status: pending.status }); // a refusal stays in the dialog
    toast({ variant: 'success', title: 'Situação alterada', description: `A assinatura agora está: ${STATUS_OPTIONS.find((o) => o.value === pending.status)?.label.toLowerCase() ?? pending.status}.` });
  }

  const columns: TableColumn<SubscriptionRow>[] = [
    { key: 'plan', header: 'Plano', wrap: true, cell: (s) => (s.plan ? `${s.plan.name} (${INTERVALS[s.plan.interval]})` : 'Plano removido') },
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

  const status = subscriptions.isPending ? 'loading' : subscriptions.isError && !subscriptions.data ? 'error' : 'ready';

  return (
    <PageLayout
      title="Assinaturas"
      description="Assinaturas dos membros, por plano e situação."
      actions={
        <Button variant="secondary" onClick={onExport} loading={exportCsv.isPending}>
          Exportar CSV
        </Button>
      }
    >
      <div className="admin-toolbar">
        <Select label="Plano" options={planOptions} value={params.filters.planId ?? ''} onChange={(event) => setFilter('planId', event.target.value)} />
        <Select label="Situação" options={STATUS_OPTIONS} value={params.filters.status ?? ''} onChange={(event) => setFilter('status', event.target.value)} />
        <Select label="Itens por página" options={LIMIT_OPTIONS} value={String(params.limit)} onChange={(event) => setLimit(Number(event.target.value))} />
      </div>
      <div className="admin-toolbar" role="search" aria-label="Filtrar por membro">
        <Input
          label="Código do membro"
          value={userId}
          error={userIdError}
          onChange={(event) => setUserId(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onUserFilter();
          }}
          maxLength={24}
        />
        <div className="admin-toolbar__actions">
          <Button variant="secondary" onClick={onUserFilter}>
            Filtrar
          </Button>
        </div>
      </div>
      <Table
        caption="Assinaturas"
        columns={columns}
        rows={subscriptions.rows}
        rowKey={(s) => s._id}
        status={status}
        errorMessage={subscriptions.error?.message}
        onRetry={() => void subscriptions.refetch()}
        emptyMessage="Nenhuma assinatura com esses filtros. Mude o plano, a situação ou o membro para ver outras."
      />
      <Pagination page={params.page} limit={params.limit} total={subscriptions.total} onPageChange={setPage} busy={subscriptions.isPlaceholderData} />
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
