import { EmptyState, PageLayout } from '@clube/platform';
import { Pagination } from '@clube/kit/ui/pagination';
import { CatalogFilters } from '../shared/catalog-filters';
import { VideoCard } from '../shared/cards';
import { CardsSkeleton, QueryError } from '../shared/query-state';
import { useVideos } from './api/get-videos';

/** `/videos`: the video grid, filtered by category and text, paginated (all in the URL). */
export function VideosPage() {
  const videos = useVideos();
  const { params } = videos;
  const filtered = Boolean(params.search || params.filters.categoryId);
  return (
    <PageLayout title="Vídeos" description="Aprenda com especialistas, por categoria.">
      <CatalogFilters
        categoryId={params.filters.categoryId}
        search={params.search}
        onCategory={(value) => videos.setFilter('categoryId', value)}
        onSearch={videos.setSearch}
        searchLabel="Buscar vídeos"
      />
      {videos.isPending ? (
        <CardsSkeleton count={8} label="Carregando vídeos…" />
      ) : videos.isError ? (
        <QueryError error={videos.error} onRetry={() => void videos.refetch()} title="Não foi possível carregar os vídeos" />
      ) : videos.rows.length === 0 ? (
        <EmptyState title={filtered ? 'Nenhum vídeo encontrado' : 'Ainda não há vídeos'}>
          {filtered ? 'Tente outra palavra ou escolha "Todas as categorias".' : 'Volte em breve: novos vídeos são publicados toda semana.'}
        </EmptyState>
      ) : (
        <>
          {/* The cards' titles are h3: the list gets its h2, so headings descend in order (Lighthouse/axe heading-order). */}
          <h2 className="clube-visually-hidden">Lista de vídeos</h2>
          <div className="catalog-grid" aria-busy={videos.isPlaceholderData || undefined}>
            {videos.rows.map((video, position) => (
              <VideoCard key={video._id} video={video} eager={position < 2} />
            ))}
          </div>
          <Pagination page={params.page} limit={params.limit} total={videos.total} onPageChange={videos.setPage} busy={videos.isPlaceholderData} />
        </>
      )}
    </PageLayout>
  );
}
