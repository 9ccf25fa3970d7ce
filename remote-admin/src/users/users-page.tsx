import { StatusBadge, Badge } from '@clube/kit/ui/badge';
import { ListFilters, SearchBox } from '@clube/kit/ui/list-filters';
import { PaginatedTable } from '@clube/kit/ui/query-table';
import { type SortState, type TableColumn } from '@clube/kit/ui/table';
import { PageLayout, formatDate, type ApiResponse } from '@clube/platform';
import { Link, useSearchParams } from 'react-router-dom';
import { CsvExportButton } from '../shared/csv-export';
import { usersQuery, useUsers } from './api/get-users';

type UserRow = ApiResponse<'/v1/users/'>['data'][number];

const ANY = { value: '', label: 'Todos' };
const ROLE_OPTIONS = [ANY, { value: 'ADMIN', label: 'Administradores' }, { value: 'USER', label: 'Membros' }];
const SUBSCRIBER_OPTIONS = [ANY, { value: 'true', label: 'Com assinatura ativa' }, { value: 'false', label: 'Sem assinatura ativa' }];
const CREDITS_OPTIONS = [ANY, { value: 'true', label: 'Já usaram créditos' }, { value: 'false', label: 'Nunca usaram créditos' }];

const COLUMNS: TableColumn<UserRow>[] = [
  { key: 'name', header: 'Nome', sortable: true, wrap: true, cell: (user) => <Link to={`/admin/usuarios/${user._id}`}>{user.name}</Link> },
  { key: 'email', header: 'E-mail', sortable: true, wrap: true, cell: (user) => user.email },
  { key: 'role', header: 'Papel', cell: (user) => (user.role === 'ADMIN' ? <Badge tone="info">Administrador</Badge> : 'Membro') },
  {
    key: 'subscription',
    header: 'Assinatura',
    cell: (user) => (user.hasActiveSubscription ? <StatusBadge status="ACTIVE" /> : <Badge>Sem assinatura</Badge>),
  },
  // Short header and words in the cell: the whole row fits the card at 1280 px.
  { key: 'credits', header: 'Créditos', align: 'end', cell: (user) => `${user.credits.balance} (${user.credits.used} usados)` },
  { key: 'createdAt', header: 'Cadastro', sortable: true, cell: (user) => formatDate(user.createdAt) },
];

/** `/admin/usuarios`: every seed filter in the URL (searchTerm, role, isSubscriber, hasUsedCredits, field, criteria, page, limit) and the CSV of the same list. */
export function UsersPage() {
  const users = useUsers();
  const { params, setFilter } = users;
  const [, setSearchParams] = useSearchParams();

  const sort: SortState = { key: params.filters.field ?? 'createdAt', direction: params.filters.criteria === 'asc' ? 'asc' : 'desc' };

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

  return (
    <PageLayout
      title="Usuários"
      description="Membros e administradores do Clube."
      actions={<CsvExportButton path="/admin/exports/users" fileName="usuarios" query={usersQuery(params.filters)} />}
    >
      <SearchBox region="Buscar usuários" label="Buscar por nome, e-mail ou CNPJ" value={params.filters.searchTerm ?? ''} onSearch={(text) => setFilter('searchTerm', text)} />
      <ListFilters
        list={users}
        filters={[
          { name: 'role', label: 'Papel', options: ROLE_OPTIONS },
          { name: 'isSubscriber', label: 'Assinatura', options: SUBSCRIBER_OPTIONS },
          { name: 'hasUsedCredits', label: 'Créditos', options: CREDITS_OPTIONS },
        ]}
        pageSize
      />
      <PaginatedTable
        caption="Usuários"
        columns={COLUMNS}
        list={users}
        rowKey={(user) => user._id}
        sort={sort}
        onSortChange={onSortChange}
        emptyMessage="Nenhum usuário com esses filtros. Mude a busca ou limpe os filtros para ver todos."
      />
    </PageLayout>
  );
}
