import { Input } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { formatClock } from '../../shared/format';
import { QueryError } from '../../shared/query-state';
import { createSignal } from '../../shared/signal';
import { useTranscript } from '../api/get-transcript';

/** Lower case without accents, as the API's search folds text: "Calibração" → "calibracao". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * Which line is being said (its start), as a store each line reads for itself: when it moves (every
 * few seconds of playback, a chapter click), only the two lines concerned render again — not the list,
 * which on an hour's transcript is 1,200 lines to go over on the click's way to its next paint.
 */
export interface ActiveLine {
  get: () => number | undefined;
  /** During the panel's render: lines rendered in the same pass (a list just shown) read it at once. */
  stage: (start: number | undefined) => void;
  /** After the panel's commit, before the paint: lines already on screen catch up. */
  publish: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createActiveLine(): ActiveLine {
  let staged: number | undefined;
  const published = createSignal<number | undefined>(undefined);
  return {
    get: () => staged,
    stage(start) {
      staged = start;
    },
    publish: () => published.set(staged),
    subscribe: published.subscribe,
  };
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
  const [activeLine] = useState(createActiveLine);
  activeLine.stage(activeStart);
  // Before the paint: the line is marked in the same frame the player's time reached it.
  useLayoutEffect(() => activeLine.publish(), [activeLine, activeStart]);

  // The list follows the line after the next paint: the click (or the time update) paints the marked
  // line and the player's new position first; measuring the list in the same task forced a second
  // style and layout pass into it.
  useEffect(() => {
    if (activeStart === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const container = list.current;
        const item = container?.querySelector<HTMLElement>(`[data-start="${activeStart}"]`);
        if (!container || !item) return;
        // Where the line sits in the list's scrolled content (the list contains its layout and paint, so
        // it may be its lines' offsetParent or not: measured from the boxes, the answer is the same).
        const top = item.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
        if (top < container.scrollTop || top > container.scrollTop + container.clientHeight - item.clientHeight) container.scrollTop = Math.max(0, top - container.clientHeight / 3);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
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
            <CueList cues={shown} activeLine={activeLine} onSeek={onSeek} listRef={list} />
          )}
        </>
      )}
    </section>
  );
}

type Cue = NonNullable<ReturnType<typeof useTranscript>['data']>['cues'][number];

/**
 * The lines, rendered again only when the lines shown change — not on each of the player's time
 * updates (several a second) nor when the line being said moves (each line follows `activeLine`).
 */
const CueList = memo(function CueList({ cues, activeLine, onSeek, listRef }: { cues: Cue[]; activeLine: ActiveLine; onSeek: (seconds: number) => void; listRef: RefObject<HTMLOListElement | null> }) {
  return (
    <ol ref={listRef} className="catalog-list catalog-list--scroll" aria-label="Falas do vídeo">
      {cues.map((cue) => (
        <CueLine key={`${cue.startSeconds}-${cue.endSeconds}`} cue={cue} activeLine={activeLine} onSeek={onSeek} />
      ))}
    </ol>
  );
});

/** One line; when the line being said moves (a chapter click, playback), only the two lines concerned render again. */
const CueLine = memo(function CueLine({ cue, activeLine, onSeek }: { cue: Cue; activeLine: ActiveLine; onSeek: (seconds: number) => void }) {
  const isActive = () => activeLine.get() === cue.startSeconds;
  const active = useSyncExternalStore(activeLine.subscribe, isActive, isActive);
  return (
    <li data-start={cue.startSeconds}>
      <button type="button" className="catalog-seek" onClick={() => onSeek(cue.startSeconds)} aria-current={active ? 'true' : undefined}>
        <span className="catalog-seek__time">{formatClock(cue.startSeconds)}</span>
        <span>{cue.text}</span>
      </button>
    </li>
  );
});
