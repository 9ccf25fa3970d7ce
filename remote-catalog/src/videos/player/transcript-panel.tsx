import { Input } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { useEffect, useMemo, useRef, useState } from 'react';
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
  const folded = fold(query.trim());
  const shown = useMemo(() => (folded ? cues.filter((cue) => fold(cue.text).includes(folded)) : cues), [cues, folded]);
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
            <ol ref={list} className="catalog-list catalog-list--scroll" aria-label="Falas do vídeo">
              {shown.map((cue) => (
                <li key={`${cue.startSeconds}-${cue.endSeconds}`}>
                  <button type="button" className="catalog-seek" onClick={() => onSeek(cue.startSeconds)} aria-current={cue.startSeconds === activeStart ? 'true' : undefined}>
                    <span className="catalog-seek__time">{formatClock(cue.startSeconds)}</span>
                    <span>{cue.text}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
