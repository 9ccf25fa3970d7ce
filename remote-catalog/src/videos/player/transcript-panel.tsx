import { Input } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { formatClock } from '../../shared/format';
import { QueryError } from '../../shared/query-state';
import { useTranscript } from '../api/get-transcript';

/** Lower case without accents, as the API's search folds text: "Calibração" → "calibracao". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The transcript, line by line: the line being said is marked and kept in view (inside the panel,
 * the page does not jump), a click jumps the player there, and the search box finds words said in
 * the video.
 */
export function TranscriptPanel({ slug, currentTime, onSeek }: { slug: string; currentTime: number; onSeek: (seconds: number) => void }) {
  const transcript = useTranscript(slug, true);
  const [query, setQuery] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const cues = useMemo(() => transcript.data?.cues ?? [], [transcript.data]);
  // Each line folded once per transcript, not again on every key press.
  const foldedCues = useMemo(() => cues.map((cue) => fold(cue.text)), [cues]);
  // The box shows each key at once; the list filters at a lower priority that the next key interrupts.
  const folded = fold(useDeferredValue(query).trim());
  const shown = useMemo(() => (folded ? cues.filter((_, index) => foldedCues[index]?.includes(folded)) : cues), [cues, foldedCues, folded]);
  const active = cues.findIndex((cue) => cue.startSeconds <= currentTime && currentTime < cue.endSeconds);
  const activeStart = active >= 0 ? cues[active]?.startSeconds : undefined;

  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !item) return;
    const top = item.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top > container.scrollTop + container.clientHeight - item.clientHeight) container.scrollTop = Math.max(0, top - container.clientHeight / 3);
  }, [activeStart]);

  return (
    <section aria-labelledby="transcript-title">
      <h2 id="transcript-title" className="catalog-section__title">
        Transcrição
      </h2>
      {transcript.isPending ? (
        <Skeleton lines={4} label="Carregando a transcrição…" />
      ) : transcript.isError ? (
        <QueryError error={transcript.error} onRetry={() => void transcript.refetch()} title="Não foi possível carregar a transcrição" />
      ) : (
        <>
          <Input label="Buscar no vídeo" type="search" value={query} onChange={(event) => setQuery(event.target.value)} hint={folded ? `${shown.length} ${shown.length === 1 ? 'trecho encontrado' : 'trechos encontrados'}` : undefined} />
          {shown.length === 0 ? (
            <p>{folded ? 'Nada encontrado no que é dito neste vídeo. Tente outra palavra.' : 'A transcrição está vazia.'}</p>
          ) : (
            <CueList cues={shown} activeStart={activeStart} onSeek={onSeek} listRef={list} />
          )}
        </>
      )}
    </section>
  );
}

type Cue = NonNullable<ReturnType<typeof useTranscript>['data']>['cues'][number];

/**
 * The lines, rendered again only when the lines shown or the line being said change — not on each of
 * the player's time updates (several a second), which would redo a long transcript while a person types or clicks.
 */
const CueList = memo(function CueList({ cues, activeStart, onSeek, listRef }: { cues: Cue[]; activeStart: number | undefined; onSeek: (seconds: number) => void; listRef: RefObject<HTMLOListElement | null> }) {
  return (
    <ol ref={listRef} className="catalog-list catalog-list--scroll" aria-label="Falas do vídeo">
      {cues.map((cue) => (
        <CueLine key={`${cue.startSeconds}-${cue.endSeconds}`} cue={cue} active={cue.startSeconds === activeStart} onSeek={onSeek} />
      ))}
    </ol>
  );
});

/** One line; when the line being said moves (a chapter click, playback), only the two lines concerned render again. */
const CueLine = memo(function CueLine({ cue, active, onSeek }: { cue: Cue; active: boolean; onSeek: (seconds: number) => void }) {
  return (
    <li>
      <button type="button" className="catalog-seek" onClick={() => onSeek(cue.startSeconds)} aria-current={active ? 'true' : undefined}>
        <span className="catalog-seek__time">{formatClock(cue.startSeconds)}</span>
        <span>{cue.text}</span>
      </button>
    </li>
  );
});
