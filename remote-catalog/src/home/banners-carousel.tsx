import type { ApiResponse } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import '../shared/catalog.css';

type Banner = ApiResponse<'/v1/banners/'>['data'][number];

function BannerSlide({ banner, first }: { banner: Banner; first: boolean }) {
  const inner = (
    <>
      {/* The first banner is the home page's largest paint: fetched before anything else. */}
      <img src={banner.imageUrl} alt={banner.title} width={1600} height={500} fetchPriority={first ? 'high' : 'auto'} />
    </>
  );
  if (!banner.linkUrl) return <div className="catalog-banner">{inner}</div>;
  if (banner.linkUrl.startsWith('/'))
    return (
      <Link className="catalog-banner" to={banner.linkUrl}>
        {inner}
      </Link>
    );
  return (
    <a className="catalog-banner" href={banner.linkUrl} target="_blank" rel="noopener noreferrer">
      {inner}
    </a>
  );
}

/**
 * The carousel's place while its banners load. A status, as every placeholder of the page: the
 * shell keeps the server's first view (the real banners) on screen until the page shows no
 * placeholder the view did not (shell/src/layout/first-view.tsx); an unannounced box here let it
 * hand over to this shorter box, and the sections below moved down when the banners came.
 */
export function BannersSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton label="Carregando destaques…" lines={0} />
      <div className="clube-skeleton catalog-banners__skeleton" aria-hidden="true" />
    </div>
  );
}

/** The live banners in the admins' order, one at a time; the person moves between them (no auto-rotation to chase). */
export function BannersCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const current = banners[Math.min(index, banners.length - 1)] as Banner;
  const go = (next: number) => setIndex((next + banners.length) % banners.length);
  return (
    <section className="catalog-banners" aria-roledescription="carrossel" aria-label="Destaques">
      <div aria-live="polite" aria-roledescription="slide" aria-label={`${index + 1} de ${banners.length}`} role="group">
        <BannerSlide banner={current} first={index === 0} />
      </div>
      {banners.length > 1 && (
        <div className="catalog-banners__controls">
          <button type="button" className="clube-button clube-button--ghost" onClick={() => go(index - 1)}>
            ‹ <span className="clube-visually-hidden">Destaque anterior</span>
          </button>
          {banners.map((banner, position) => (
            <button
              key={banner._id}
              type="button"
              className="catalog-banners__dot"
              aria-label={`Destaque ${position + 1}: ${banner.title}`}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
          <button type="button" className="clube-button clube-button--ghost" onClick={() => go(index + 1)}>
            › <span className="clube-visually-hidden">Próximo destaque</span>
          </button>
        </div>
      )}
    </section>
  );
}
