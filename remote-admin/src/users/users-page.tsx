import { StatusBadge, Badge } from '@clube/kit/ui/badge';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { Table, type SortState, type TableColumn } from '@clube/kit/ui/table';
import { Button, Input, PageLayout, formatDate, toast, type ApiResponse } from '@clube/platform';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCsvExport } from '../shared/download-csv';
import { usersQuery, useUsers } from './api/get-users';

type UserRow = ApiResponse<'/v1/users/'>['data'][number];

const ANY = { value: '', label: 'Todos' };
const ROLE_OPTIONS = [ANY, { value: 'ADMIN', label: 'Administradores' }, { value: 'USER', label: 'Membros' }];
const SUBSCRIBER_OPTIONS = [ANY, { value: 'true', label: 'Com assinatura ativa' }, { value: 'false', label: 'Sem assinatura ativa' }];
const CREDITS_OPTIONS = [ANY, { value: 'true', label: 'Já usaram créditos' }, { value: 'false', label: 'Nunca usaram créditos' }];
const LIMIT_OPTIONS = [10, 20, 50, 100].map((n) => ({ value: String(n), label: `${n} por página` }));

const COLUMNS: TableColumn<UserRow>[] = [
  { key: 'name', header: 'Nome', sortable: true, wrap: true, cell: (user) => <Link to={`/admin/usuarios/${user._id}`}>{user.name}</Link> },
  { key: 'email', header: 'E-mail', sortable: true, cell: (user) => user.email },
  { key: 'role', header: 'Papel', cell: (user) => (user.role === 'ADMIN' ? <Badge tone="info">Administrador</Badge> : 'Membro') },
  {
    key: 'subscription',
    header: 'Assinatura',
    cell: (user) => (user.hasActiveSubscription ? <StatusBadge status="ACTIVE" /> : <Badge>Sem assinatura</Badge>),
  },
  { key: 'credits', header: 'Créditos (saldo / usados)', align: 'end', cell: (user) => `${user.credits.balance} / ${user.credits.used}` },
  { key: 'createdAt', header: 'Cadastro', sortable: true, cell: (user) => formatDate(user.createdAt) },
];

/** `/admin/usuarios`: every seed filter in the URL (searchTerm, role, isSubscriber, hasUsedCredits, field, criteria, page, limit) and the CSV of the same list. */
export function UsersPage() {
  const users = useUsers();
  const { params, setFilter, setPage, setLimit } = users;
  const [, setSearchParams] = useSearchParams();
  const [term, setTerm] = useState(params.filters.searchTerm ?? '');
  const exportCsv = useCsvExport('/admin/exports/users', 'usuarios');

  // Back/forward or a link changes the URL: the box follows it.
  useEffect(() => setTerm(params.filters.searchTerm ?? ''), [params.filters.searchTerm]);

  const sort: SortState = { key: params.filters.field ?? 'createdAt', direction: params.filters.criteria === 'asc' ? 'asc' : 'desc' };

  // Not a <form>: the router's navigation runs in a transition, which React would pair with a form action.
  function onSearch() {
    setFilter('searchTerm', term);
  }

  function onSortChange(next: SortState) {
    // Field and direction change together, in one history entry, back to page 1.
    setSearchParams((previous) => {
      const url = new URLSearchParams(previous);
      url.set('field', next.key);
      url.set('criteria', next.direction);
      url.delete('page');
      return url;
    });
  }

  async function onExport() {
    try {
      await exportCsv.mutateAsync(usersQuery(params.filters));
      toast({ variant: 'success', title: 'Exportação pronta', description: 'O arquivo CSV com a lista filtrada foi baixado.' });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível exportar', description: error instanceof Error ? error.message : undefined });
    }
  }

  const status = users.isPending ? 'loading' : users.isError && !users.data ? 'error' : 'ready';

  return (
    <PageLayout
      title="Usuários"
      description="Membros e administradores do Clube."
      actions={
        <Button variant="secondary" onClick={onExport} loading={exportCsv.isPending}>
          Exportar CSV
        </Button>
      }
    >
      <div className="admin-toolbar" role="search" aria-label="Buscar usuários">
        <Input
          label="Buscar por nome ou e-mail"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch();
          }}
          maxLength={100}
        />
        <div className="admin-toolbar__actions">
          <Button variant="secondary" onClick={onSearch}>
            Buscar
          </Button>
        </div>
      </div>
      <div className="admin-toolbar">
        <Select label="Papel" options={ROLE_OPTIONS} value={params.filters.role ?? ''} onChange={(event) => setFilter('role', event.target.value === 'ALL' ? '' : event.target.value)} />
        <Select label="Assinatura" options={SUBSCRIBER_OPTIONS} value={params.filters.isSubscriber ?? ''} onChange={(event) => setFilter('isSubscriber', event.target.value)} />
        <Select label="Créditos" options={CREDITS_OPTIONS} value={params.filters.hasUsedCredits ?? ''} onChange={(event) => setFilter('hasUsedCredits', event.target.value)} />
        <Select label="Itens por página" options={LIMIT_OPTIONS} value={String(params.limit)} onChange={(event) => setLimit(Number(event.target.value))} />
      </div>
      <Table
        caption="Usuários"
        columns={COLUMNS}
        rows={users.rows}
        rowKey={(user) => user._id}
        sort={sort}
        onSortChange={onSortChange}
        status={status}
        errorMessage={users.error?.message}
        onRetry={() => void users.refetch()}
        emptyMessage="Nenhum usuário com esses filtros. Mude a busca ou limpe os filtros para ver todos."
      />
      <Pagination page={params.page} limit={params.limit} total={users.total} onPageChange={setPage} busy={users.isPlaceholderData} />
    </PageLayout>
  );
}
