import { EmptyState, PageLayout } from '@clube/platform';
import { Pagination } from '@clube/kit/ui/pagination';
import { CatalogFilters } from '../shared/catalog-filters';
import { ContentCard } from '../shared/cards';
import { CardsSkeleton, QueryError } from '../shared/query-state';
import { useContents } from './api/get-contents';

/** `/conteudos`: the content library, filtered by category and text, paginated (all in the URL). */
export function ContentsPage() {
  const contents = useContents();
  const { params } = contents;
  const filtered = Boolean(params.search || params.filters.categoryId);
  return (
    <PageLayout title="Conteúdos" description="Protocolos, guias e artigos para o dia a dia do laboratório.">
      <CatalogFilters
        categoryId={params.filters.categoryId}
        search={params.search}
        onCategory={(value) => contents.setFilter('categoryId', value)}
        onSearch={contents.setSearch}
        searchLabel="Buscar conteúdos"
      />
      {contents.isPending ? (
        <CardsSkeleton count={8} label="Carregando conteúdos…" />
      ) : contents.isError ? (
        <QueryError error={contents.error} onRetry={() => void contents.refetch()} title="Não foi possível carregar os conteúdos" />
      ) : contents.rows.length === 0 ? (
        <EmptyState title={filtered ? 'Nenhum conteúdo encontrado' : 'Ainda não há conteúdos'}>
          {filtered ? 'Tente outra palavra ou escolha "Todas as categorias".' : 'Volte em breve: novos conteúdos são publicados toda semana.'}
        </EmptyState>
      ) : (
        <>
          {/* The cards' titles are h3: the list gets its h2, so headings descend in order (Lighthouse/axe heading-order). */}
          <h2 className="clube-visually-hidden">Lista de conteúdos</h2>
          <div className="catalog-grid" aria-busy={contents.isPlaceholderData || undefined}>
            {contents.rows.map((content, position) => (
              <ContentCard key={content._id} content={content} eager={position < 2} />
            ))}
          </div>
          <Pagination page={params.page} limit={params.limit} total={contents.total} onPageChange={contents.setPage} busy={contents.isPlaceholderData} />
        </>
      )}
    </PageLayout>
  );
}
