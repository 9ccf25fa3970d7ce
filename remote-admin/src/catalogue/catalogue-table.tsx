import { Badge } from '@clube/kit/ui/badge';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { Button, Input, PageLayout, formatDate, toast } from '@clube/platform';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAllCategories } from '../categories/api/categories';
import { ACCESS_LABELS, accessText } from './access';
import type { CatalogueFilter } from './list-filters';
import { isScheduled, publicationLabel } from './publication';

/** What the contents and videos lists have in common. */
export interface CatalogueRow {
  _id: string;
  title: string;
  category: { name: string } | null;
  access: 'FREE' | 'SUBSCRIBERS' | 'CREDITS';
  creditCost: number;
  status: 'DRAFT' | 'PUBLISHED';
  publishedAt: string | null;
  updatedAt: string;
}

function PublicationBadge({ row }: { row: CatalogueRow }) {
  const label = publicationLabel(row);
  if (row.status === 'DRAFT') return <Badge>{label}</Badge>;
  return <Badge tone={isScheduled(row) ? 'info' : 'success'}>{label}</Badge>;
}

const STATUS_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: 'DRAFT', label: 'Rascunhos' },
  { value: 'PUBLISHED', label: 'Publicados e agendados' },
];
const ACCESS_OPTIONS = [{ value: '', label: 'Todos' }, ...Object.entries(ACCESS_LABELS).map(([value, label]) => ({ value, label }))];

/** What a list page needs from `usePaginatedQuery` and the delete mutation. */
export interface CatalogueTableProps<Row extends CatalogueRow> {
  /** "conteúdo" / "vídeo", in sentences. */
  noun: string;
  title: string;
  description: string;
  basePath: string;
  newLabel: string;
  list: {
    params: { page: number; limit: number; search: string; filters: Partial<Record<CatalogueFilter, string>> };
    rows: readonly Row[];
    total: number;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    data: unknown;
    error: Error | null;
    refetch: () => unknown;
    setPage: (page: number) => void;
    setSearch: (search: string) => void;
    setFilter: (name: CatalogueFilter, value: string) => void;
  };
  remove: (id: string) => Promise<unknown>;
  emptyMessage: string;
}

/**
 * `/admin/conteudo` and `/admin/videos`: search, category, status and access in the URL, each
 * row's publication ("Agendado para …" for a future date) and edit / delete (after confirming).
 */
export function CatalogueTable<Row extends CatalogueRow>({ noun, title, description, basePath, newLabel, list, remove, emptyMessage }: CatalogueTableProps<Row>) {
  const { params, setFilter, setPage, setSearch } = list;
  const categories = useAllCategories();
  const [term, setTerm] = useState(params.search);
  const [deleting, setDeleting] = useState<Row | null>(null);

  // Back/forward or a link changes the URL: the box follows it.
  useEffect(() => setTerm(params.search), [params.search]);

  const categoryOptions = [{ value: '', label: 'Todas' }, ...(categories.data?.data ?? []).map((category) => ({ value: category._id, label: category.name }))];

  async function confirmDelete() {
    if (!deleting) return;
    await remove(deleting._id); // a refusal stays in the dialog
    toast({ variant: 'success', title: `${noun[0]?.toUpperCase()}${noun.slice(1)} excluído`, description: deleting.title });
  }

  const columns: TableColumn<Row>[] = [
    {
      key: 'title',
      header: 'Título',
      wrap: true,
      cell: (row) => <Link to={`${basePath}/editar/${row._id}`}>{row.title}</Link>,
    },
    { key: 'category', header: 'Categoria', cell: (row) => row.category?.name ?? 'Sem categoria' },
    { key: 'access', header: 'Acesso', cell: (row) => accessText(row) },
    { key: 'status', header: 'Situação', cell: (row) => <PublicationBadge row={row} /> },
    { key: 'updatedAt', header: 'Atualizado em', cell: (row) => formatDate(row.updatedAt) },
    {
      key: 'actions',
      header: 'Ações',
      cell: (row) => (
        <div className="admin-row-actions">
          <Link className="clube-button clube-button--ghost" to={`${basePath}/editar/${row._id}`} aria-label={`Editar ${row.title}`}>
            Editar
          </Link>
          <Button variant="ghost" onClick={() => setDeleting(row)} aria-label={`Excluir ${row.title}`}>
            Excluir
          </Button>
        </div>
      ),
    },
  ];

  const status = list.isPending ? 'loading' : list.isError && !list.data ? 'error' : 'ready';

  return (
    <PageLayout
      title={title}
      description={description}
      actions={
        <Link className="clube-button clube-button--primary" to={`${basePath}/novo`}>
          {newLabel}
        </Link>
      }
    >
      <div className="admin-toolbar" role="search" aria-label={`Buscar ${title.toLowerCase()}`}>
        <Input
          label="Buscar pelo título ou resumo"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setSearch(term);
          }}
          maxLength={100}
        />
        <div className="admin-toolbar__actions">
          <Button variant="secondary" onClick={() => setSearch(term)}>
            Buscar
          </Button>
        </div>
      </div>
      <div className="admin-toolbar">
        <Select label="Categoria" options={categoryOptions} value={params.filters.categoryId ?? ''} onChange={(event) => setFilter('categoryId', event.target.value)} />
        <Select label="Situação" options={STATUS_OPTIONS} value={params.filters.status ?? ''} onChange={(event) => setFilter('status', event.target.value)} />
        <Select label="Acesso" options={ACCESS_OPTIONS} value={params.filters.access ?? ''} onChange={(event) => setFilter('access', event.target.value)} />
      </div>
      <Table
        caption={title}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row._id}
        status={status}
        errorMessage={list.error?.message}
        onRetry={() => void list.refetch()}
        emptyMessage={emptyMessage}
      />
      <Pagination page={params.page} limit={params.limit} total={list.total} onPageChange={setPage} busy={list.isPlaceholderData} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Excluir ${noun}?`}
        message={deleting ? `“${deleting.title}” sai do catálogo agora e não pode ser recuperado. Quem já desbloqueou mantém o registro no histórico.` : ''}
        confirmLabel={`Excluir ${noun}`}
        tone="danger"
        onConfirm={confirmDelete}
      />
    </PageLayout>
  );
}
