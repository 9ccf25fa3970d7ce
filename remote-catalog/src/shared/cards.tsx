import { Link } from 'react-router-dom';
import { AccessBadge } from './access-badge';
import { formatClock } from './format';
import { ProgressBar } from './progress-bar';
import type { ContentCard as Content, VideoCard as Video } from './types';
import './catalog.css';

/** A video in a grid or a row: thumbnail, title, duration, category, access badge and progress. */
/** `eager`: the first cards of a page, on the first screen (often the page's largest image): not lazy-loaded. */
export function VideoCard({ video, percent, href, eager = false }: { video: Pick<Video, 'slug' | 'title' | 'durationSeconds' | 'thumbnailUrl' | 'category' | 'access' | 'creditCost' | 'unlocked' | 'progress'>; percent?: number; href?: string; eager?: boolean }) {
  const progress = percent ?? (video.progress && !video.progress.finished ? video.progress.percent : video.progress?.finished ? 100 : undefined);
  return (
    <article className="catalog-card">
      <Link className="catalog-card__link" to={href ?? `/videos/${video.slug}`}>
        <div className="catalog-card__media">
          {video.thumbnailUrl ? <img src={video.thumbnailUrl} alt="" loading={eager ? "eager" : "lazy"} width={320} height={180} /> : <span className="catalog-card__placeholder" aria-hidden="true">▶</span>}
          <span className="catalog-card__duration">
            <span className="clube-visually-hidden">Duração </span>
            {formatClock(video.durationSeconds)}
          </span>
        </div>
        <h3 className="catalog-card__title">{video.title}</h3>
      </Link>
      <div className="catalog-card__meta">
        <AccessBadge access={video.access} creditCost={video.creditCost} unlocked={video.unlocked} />
        {video.category && <span className="catalog-card__category">{video.category.name}</span>}
      </div>
      {progress !== undefined && <ProgressBar percent={progress} label={`Progresso em ${video.title}`} />}
    </article>
  );
}

/** A content (article, protocol…) in a grid or a row. */
export function ContentCard({ content, eager = false }: { content: Pick<Content, 'slug' | 'title' | 'summary' | 'coverUrl' | 'category' | 'access' | 'creditCost' | 'unlocked'>; eager?: boolean }) {
  return (
    <article className="catalog-card">
      <Link className="catalog-card__link" to={`/conteudos/${content.slug}`}>
        <div className="catalog-card__media">
          {content.coverUrl ? <img src={content.coverUrl} alt="" loading={eager ? "eager" : "lazy"} width={320} height={180} /> : <span className="catalog-card__placeholder" aria-hidden="true">📄</span>}
        </div>
        <h3 className="catalog-card__title">{content.title}</h3>
      </Link>
      <p className="catalog-card__summary">{content.summary}</p>
      <div className="catalog-card__meta">
        <AccessBadge access={content.access} creditCost={content.creditCost} unlocked={content.unlocked} />
        {content.category && <span className="catalog-card__category">{content.category.name}</span>}
      </div>
    </article>
  );
}
