import { EmptyState, PageLayout, type CatalogueKind, type CatalogueList } from '@clube/platform';
import { Pagination } from '@clube/kit/ui/pagination';
import { Fragment, type ReactNode } from 'react';
import { useCatalogueList } from './api/get-catalogue-list';
import { CatalogFilters } from './catalog-filters';
import { CATALOGUE_WORDS } from './catalogue-words';
import { CardsSkeleton, QueryError } from './query-state';

export interface CatalogueListPageProps<K extends CatalogueKind> {
  kind: K;
  /** One card of the grid; `eager` for the first ones, on the first screen (often the page's largest image). */
  renderCard: (item: CatalogueList<K>['data'][number], eager: boolean) => ReactNode;
}

/** `/conteudos` and `/videos`: the grid, filtered by category and text, paginated (all in the URL). */
export function CatalogueListPage<K extends CatalogueKind>({ kind, renderCard }: CatalogueListPageProps<K>) {
  const list = useCatalogueList(kind);
  const { params } = list;
  const { title, description, one, many } = CATALOGUE_WORDS[kind];
  const filtered = Boolean(params.search || params.filters.categoryId);
  return (
    <PageLayout title={title} description={description}>
      <CatalogFilters
        categoryId={params.filters.categoryId}
        search={params.search}
        onCategory={(value) => list.setFilter('categoryId', value)}
        onSearch={list.setSearch}
        searchLabel={`Buscar ${many}`}
      />
      {list.isPending ? (
        <CardsSkeleton count={8} label={`Carregando ${many}…`} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title={`Não foi possível carregar os ${many}`} />
      ) : list.rows.length === 0 ? (
        <EmptyState title={filtered ? `Nenhum ${one} encontrado` : `Ainda não há ${many}`}>
          {filtered ? 'Tente outra palavra ou escolha "Todas as categorias".' : `Volte em breve: novos ${many} são publicados toda semana.`}
        </EmptyState>
      ) : (
        <>
          {/* The cards' titles are h3: the list gets its h2, so headings descend in order (Lighthouse/axe heading-order). */}
          <h2 className="clube-visually-hidden">Lista de {many}</h2>
          <div className="catalog-grid" aria-busy={list.isPlaceholderData || undefined}>
            {list.rows.map((item, position) => (
              <Fragment key={item._id}>{renderCard(item, position < 2)}</Fragment>
            ))}
          </div>
          <Pagination page={params.page} limit={params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
        </>
      )}
    </PageLayout>
  );
}
