import { formatClock } from '../../shared/format';
import type { VideoDetail } from '../../shared/types';

/** The video's chapters: a click (or Enter) jumps the player there; the one playing is marked. */
export function ChaptersList({ chapters, currentTime, onSeek, disabled }: { chapters: VideoDetail['chapters']; currentTime: number; onSeek: (seconds: number) => void; disabled: boolean }) {
  if (chapters.length === 0) return null;
  const current = chapters.reduce<number>((found, chapter, index) => (chapter.startSeconds <= currentTime ? index : found), -1);
  return (
    <section aria-labelledby="chapters-title">
      <h2 id="chapters-title" className="catalog-section__title">
        Capítulos
      </h2>
      <ol className="catalog-list">
        {chapters.map((chapter, index) => (
          <li key={chapter.startSeconds}>
            <button type="button" className="catalog-seek" onClick={() => onSeek(chapter.startSeconds)} disabled={disabled} aria-current={!disabled && index === current ? 'true' : undefined}>
              <span className="catalog-seek__time">{formatClock(chapter.startSeconds)}</span>
              <span>{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
