import { PageLayout, useAuth } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { memo, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { VideoCard } from '../shared/cards';
import { formatDuration } from '../shared/format';
import { CatalogueItemPage } from '../shared/catalogue-item-page';
import { ItemMeta } from '../shared/access-badge';
import { createSignal, type Signal } from '../shared/signal';
import type { VideoDetail } from '../shared/types';
import { LockedPanel } from '../shared/locked-panel';
import { useRelatedVideos } from './api/get-related-videos';
import { useRenewFileLink } from './api/renew-file-link';
import { useFinishedNow } from './api/save-progress';
import { AssessmentPanel } from './assessment-panel';
import { ChaptersList } from './player/chapters-list';
import { EmbedPlayer, FilePlayer, type PlayerHandle } from './player/players';
import { TranscriptPanel } from './player/transcript-panel';
import '../shared/catalog.css';

/** `?t=42` (a search hit) opens the video at that second. */
function secondsFrom(value: string | null): number | null {
  if (!value || !/^\d+(\.\d+)?$/.test(value)) return null;
  return Number(value);
}

/** `/videos/{slug}`: the player, chapters, transcript, the way in when locked, related videos. */
export function VideoPage() {
  return (
    <CatalogueItemPage
      kind="videos"
      placeholder={
        <div className="catalog-player">
          <div className="clube-skeleton catalog-player__video" aria-hidden="true" />
          <Skeleton lines={6} label="Carregando o vídeo…" />
        </div>
      }
    >
      {(video) => <VideoView key={video._id} video={video} />}
    </CatalogueItemPage>
  );
}

function VideoView({ video }: { video: VideoDetail }) {
  const { status } = useAuth();
  const [searchParams] = useSearchParams();
  const player = useRef<PlayerHandle>(null);
  // The player's position, as a signal: its time updates (several a second, and a chapter click) render
  // the chapters and the transcript that follow it, not the whole page — player, description and
  // assessment included — on the click's way to its next paint.
  const [clock] = useState(() => createSignal(0));
  const [justUnlocked, setJustUnlocked] = useState(false);
  const related = useRelatedVideos(video.categoryId);
  const renewHlsUrl = useRenewFileLink(video.slug, 'hlsUrl');
  const renewUrl = useRenewFileLink(video.slug, 'url');
  const finishedNow = useFinishedNow(video._id);

  const t = secondsFrom(searchParams.get('t'));
  const resume = video.progress && !video.progress.finished ? video.progress.positionSeconds : 0;
  const startAt = t ?? resume;
  const source = video.locked ? undefined : video.source;
  // One function for the page's life: the transcript's lines (memoised) need not render again on each time update.
  const seek = useCallback((seconds: number) => player.current?.seek(seconds), []);
  const playerProps = {
    videoId: video._id,
    title: video.title,
    durationSeconds: video.durationSeconds,
    captionsUrl: video.captionsUrl,
    startAt,
    autoPlay: justUnlocked,
    reportProgress: status === 'authenticated',
    onTime: clock.set,
    handle: player,
  };

  return (
    <PageLayout
      title={video.title}
      description={
        <ItemMeta item={video} listPath="/videos">
          <span>{formatDuration(video.durationSeconds)}</span>
        </ItemMeta>
      }
    >
      <div className="catalog-player">
        <div>
          {!source ? (
            <LockedPanel item={video} itemType="VIDEO" verb="assistir" onUnlocked={() => setJustUnlocked(true)} />
          ) : source.kind === 'file' ? (
            <FilePlayer {...playerProps} url={source.url} hlsUrl={source.hlsUrl} renewHlsUrl={renewHlsUrl} renewUrl={renewUrl} posterUrl={source.posterUrl} />
          ) : (
            <EmbedPlayer {...playerProps} kind={source.kind} url={source.url} />
          )}
          {startAt > 0 && source && <p className="catalog-meta">{t !== null ? 'Abrindo no trecho encontrado.' : 'Continuando de onde você parou.'}</p>}
          <p style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{video.description}</p>
          {status === 'authenticated' && source && <AssessmentPanel videoId={video._id} finished={Boolean(video.progress?.finished) || finishedNow} />}
        </div>
        <Side clock={clock} video={video} playable={Boolean(source)} onSeek={seek} />
      </div>
      <RelatedVideos currentId={video._id} rows={related.data?.data} />
    </PageLayout>
  );
}

/** The chapters and the transcript, following the player's position (memoised: the page's other renders need not reach them). */
const Side = memo(function Side({ clock, video, playable, onSeek }: { clock: Signal<number>; video: VideoDetail; playable: boolean; onSeek: (seconds: number) => void }) {
  // The server's first view renders it too (at 0 s): without a server snapshot React would refuse to.
  const currentTime = useSyncExternalStore(clock.subscribe, clock.get, clock.get);
  return (
    <aside className="catalog-side" aria-label="Capítulos e transcrição">
      <ChaptersList chapters={video.chapters} currentTime={currentTime} onSeek={onSeek} disabled={!playable} />
      {playable && video.hasTranscript && <TranscriptPanel slug={video.slug} currentTime={currentTime} onSeek={onSeek} />}
    </aside>
  );
});

/** Memoised: the page's other renders (the session, an unlock) need not redo the related videos. */
const RelatedVideos = memo(function RelatedVideos({ currentId, rows }: { currentId: string; rows: VideoDetail[] | undefined }) {
  const others = (rows ?? []).filter((row) => row._id !== currentId).slice(0, 4);
  if (others.length === 0) return null;
  return (
    <section className="catalog-section" aria-labelledby="related-title">
      <h2 id="related-title" className="catalog-section__title">
        Vídeos relacionados
      </h2>
      <div className="catalog-grid">
        {others.map((row) => (
          <VideoCard key={row._id} video={row} />
        ))}
      </div>
    </section>
  );
});
