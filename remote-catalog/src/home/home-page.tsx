import { PageLayout, useAuth } from '@clube/platform';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { useCategories } from '../shared/api/get-categories';
import { ContentCard, VideoCard } from '../shared/cards';
import { useNearViewport } from '../shared/near-viewport';
import { CardsSkeleton, QueryError } from '../shared/query-state';
import type { Category } from '../shared/types';
import { useBanners } from './api/get-banners';
import { useContinueWatching } from './api/get-continue-watching';
import { useCategoryVideos, useLatest } from './api/get-latest';
import { BannersCarousel, BannersSkeleton } from './banners-carousel';
import '../shared/catalog.css';

/** `/`: banners, "Continuar assistindo", "Novidades", a row per category and, for non-subscribers, the plans teaser. */
export function HomePage() {
  const { status, profile } = useAuth();
  const banners = useBanners();
  const categories = useCategories();
  const subscriber = Boolean(profile?.hasActiveSubscription);

  return (
    <PageLayout title="Bem-vindo ao Clube" description="Vídeos e conteúdos para equipes de laboratório.">
      {banners.isError ? null : banners.isPending ? <BannersSkeleton /> : <BannersCarousel banners={banners.data.data} />}
      {status === 'authenticated' && <ContinueWatching />}
      {!subscriber && status !== 'authenticating' && <PlansTeaser />}
      <Latest />
      {categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} title="Não foi possível carregar as categorias" />
      ) : (
        categories.data?.data.map((category, index) => <CategoryRow key={category._id} category={category} eager={index === 0} />)
      )}
    </PageLayout>
  );
}

function Section({ id, title, action, children, sectionRef }: { id: string; title: string; action?: ReactNode; children: ReactNode; sectionRef?: Ref<HTMLElement> }) {
  return (
    <section ref={sectionRef} className="catalog-section" aria-labelledby={id}>
      <div className="catalog-section__header">
        <h2 id={id} className="catalog-section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function ContinueWatching() {
  const progress = useContinueWatching();
  if (progress.isPending) return <CardsSkeleton count={4} label="Carregando seus vídeos…" />;
  if (progress.isError) return <QueryError error={progress.error} onRetry={() => void progress.refetch()} title="Não foi possível carregar “Continuar assistindo”" />;
  const rows = progress.data.data.filter((row) => row.video);
  if (rows.length === 0) return null;
  return (
    <Section id="continue-title" title="Continuar assistindo">
      <div className="catalog-grid">
        {rows.map((row) => row.video && <VideoCard key={row.video._id} video={row.video} percent={row.percent} />)}
      </div>
    </Section>
  );
}

function PlansTeaser() {
  return (
    <section className="catalog-section catalog-teaser" aria-labelledby="teaser-title">
      <div>
        <h2 id="teaser-title">Assine e tenha acesso a tudo</h2>
        <p>Vídeos para assinantes, créditos todo ciclo para conteúdos especiais e pagamento por PIX.</p>
      </div>
      <Link className="clube-button clube-button--primary" to="/planos">
        Ver planos
      </Link>
    </section>
  );
}

function Latest() {
  const videos = useLatest('videos');
  const contents = useLatest('contents');
  const failed = videos.isError ? videos : contents.isError ? contents : null;
  const latestVideos = videos.data?.data ?? [];
  const latestContents = contents.data?.data ?? [];
  return (
    <Section id="latest-title" title="Novidades" action={<Link to="/videos">Ver todos os vídeos</Link>}>
      {failed ? (
        <QueryError error={failed.error} onRetry={() => void Promise.all([videos.refetch(), contents.refetch()])} title="Não foi possível carregar as novidades" />
      ) : videos.isPending || contents.isPending ? (
        <CardsSkeleton count={4} label="Carregando novidades…" />
      ) : latestVideos.length + latestContents.length === 0 ? (
        <p>Ainda não há nada publicado. Volte em breve!</p>
      ) : (
        <div className="catalog-grid catalog-grid--row-on-small">
          {latestVideos.map((video) => (
            <VideoCard key={video._id} video={video} />
          ))}
          {latestContents.map((content) => (
            <ContentCard key={content._id} content={content} />
          ))}
        </div>
      )}
    </Section>
  );
}

/**
 * A category's row: below the first screen, so its videos are asked for when the visitor scrolls
 * near it. Except the first (`eager`): the server's first view paints it loaded (its read is
 * embedded in the page, src/page-data.json `derived`), and the page, kept hidden behind that view
 * until it shows the same (shell/src/layout/first-view.tsx), cannot be seen near the screen.
 */
function CategoryRow({ category, eager }: { category: Category; eager: boolean }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const videos = useCategoryVideos(category._id, { enabled: near || eager });
  if (videos.isSuccess && videos.data.data.length === 0) return null;
  const id = `category-${category._id}`;
  return (
    <Section sectionRef={ref} id={id} title={category.name} action={<Link to={`/videos?categoryId=${category._id}`}>Ver todos de {category.name}</Link>}>
      {videos.isPending ? (
        <CardsSkeleton count={3} label={`Carregando ${category.name}…`} still={videos.fetchStatus !== 'fetching'} />
      ) : videos.isError ? (
        <QueryError error={videos.error} onRetry={() => void videos.refetch()} title={`Não foi possível carregar ${category.name}`} />
      ) : (
        <ul className="catalog-row" aria-label={category.name}>
          {videos.data.data.map((video) => (
            <li key={video._id} style={{ display: 'flex' }}>
              <VideoCard video={video} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
