import { Badge } from '@clube/kit/ui/badge';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { ListFilters, SearchBox } from '@clube/kit/ui/list-filters';
import { PaginatedTable } from '@clube/kit/ui/query-table';
import { type TableColumn } from '@clube/kit/ui/table';
import { Button, PageLayout, formatDate, toast, type CatalogueKind } from '@clube/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAllCategories } from './api/categories';
import { useCatalogueItems } from './api/get-catalogue-items';
import { useDeleteCatalogueItem } from './api/save-catalogue-item';
import { ACCESS_LABELS, accessText } from './access';
import { CATALOGUE_KINDS, capitalised } from './catalogue-kinds';
import { isScheduled, publicationLabel } from './publication';

/** What the contents and videos lists have in common. */
interface CatalogueRow {
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

/**
 * `/admin/conteudo` and `/admin/videos`: search, category, status and access in the URL, each
 * row's publication ("Agendado para …" for a future date) and edit / delete (after confirming).
 */
export function CatalogueListPage<K extends CatalogueKind>({ kind }: { kind: K }) {
  const list = useCatalogueItems(kind);
  const remove = useDeleteCatalogueItem(kind);
  const { one, title, description, basePath } = CATALOGUE_KINDS[kind];
  const { params, setSearch } = list;
  const categories = useAllCategories();
  const [deleting, setDeleting] = useState<CatalogueRow | null>(null);

  const categoryOptions = [{ value: '', label: 'Todas' }, ...(categories.data?.data ?? []).map((category) => ({ value: category._id, label: category.name }))];

  async function confirmDelete() {
    if (!deleting) return;
    await remove.mutateAsync(deleting._id); // a refusal stays in the dialog
    toast({ variant: 'success', title: `${capitalised(one)} excluído`, description: deleting.title });
  }

  const columns: TableColumn<CatalogueRow>[] = [
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

  return (
    <PageLayout
      title={title}
      description={description}
      actions={
        <Link className="clube-button clube-button--primary" to={`${basePath}/novo`}>
          Novo {one}
        </Link>
      }
    >
      <SearchBox region={`Buscar ${title.toLowerCase()}`} label="Buscar pelo título ou resumo" value={params.search} onSearch={setSearch} />
      <ListFilters
        list={list}
        filters={[
          { name: 'categoryId', label: 'Categoria', options: categoryOptions },
          { name: 'status', label: 'Situação', options: STATUS_OPTIONS },
          { name: 'access', label: 'Acesso', options: ACCESS_OPTIONS },
        ]}
      />
      <PaginatedTable
        caption={title}
        columns={columns}
        list={list}
        rowKey={(row) => row._id}
        emptyMessage={`Nenhum ${one} com esses filtros. Mude a busca ou os filtros, ou crie um em “Novo ${one}”.`}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Excluir ${one}?`}
        message={deleting ? `“${deleting.title}” sai do catálogo agora e não pode ser recuperado. Quem já desbloqueou mantém o registro no histórico.` : ''}
        confirmLabel={`Excluir ${one}`}
        tone="danger"
        onConfirm={confirmDelete}
      />
    </PageLayout>
  );
}
