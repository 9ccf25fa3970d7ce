import { Button, EmptyState, Input, PageLayout, type ApiResponse } from '@clube/platform';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccessBadge } from '../shared/access-badge';
import { formatClock } from '../shared/format';
import { CardsSkeleton, QueryError } from '../shared/query-state';
import { useCatalogueSearch } from './api/search-catalogue';
import '../shared/catalog.css';

type Result = ApiResponse<'/v1/search/'>['data'][number];

const TYPES = [
  { value: 'VIDEO', label: 'Só vídeos' },
  { value: 'CONTENT', label: 'Só conteúdos' },
];

/** `/busca?q=`: one search over contents, videos and what is said in them; a transcript hit opens the video at that second. */
export function SearchPage() {
  const search = useCatalogueSearch();
  const q = search.params.filters.q ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    search.setFilter('q', text.trim() || undefined);
  }

  return (
    <PageLayout title="Busca" description="Encontre vídeos, conteúdos e até o que é dito dentro dos vídeos.">
      <form className="catalog-filters" role="search" onSubmit={submit}>
        <div className="catalog-filters__search">
          <Input label="O que você procura?" type="search" value={text} onChange={(event) => setText(event.target.value)} />
          <Button type="submit">Buscar</Button>
        </div>
        <Select label="Tipo" value={search.params.filters.type ?? ''} placeholder="Vídeos e conteúdos" options={TYPES} onChange={(event) => search.setFilter('type', event.target.value || undefined)} />
      </form>
      {!q ? (
        <EmptyState title="Digite o que você procura">Por exemplo: “calibração”, “biossegurança” ou uma palavra dita em um vídeo.</EmptyState>
      ) : search.isPending ? (
        <CardsSkeleton count={3} label="Buscando…" />
      ) : search.isError ? (
        <QueryError error={search.error} onRetry={() => void search.refetch()} title="Não foi possível buscar" />
      ) : search.rows.length === 0 ? (
        <EmptyState title={`Nada encontrado para “${q}”`}>Confira a ortografia, use menos palavras ou veja todos os <Link to="/videos">vídeos</Link> e <Link to="/conteudos">conteúdos</Link>.</EmptyState>
      ) : (
        <>
          <p aria-live="polite">
            {search.total} {search.total === 1 ? 'resultado' : 'resultados'} para “{q}”
          </p>
          <ol className="catalog-results" aria-busy={search.isPlaceholderData || undefined}>
            {search.rows.map((result) => (
              <SearchResult key={`${result.type}-${result.video?._id ?? result.content?._id}`} result={result} />
            ))}
          </ol>
          <Pagination page={search.params.page} limit={search.params.limit} total={search.total} onPageChange={search.setPage} busy={search.isPlaceholderData} />
        </>
      )}
    </PageLayout>
  );
}

function SearchResult({ result }: { result: Result }) {
  const item = result.video ?? result.content;
  if (!item) return null;
  const hit = result.video && result.transcriptHit;
  const href = result.video ? `/videos/${result.video.slug}${hit ? `?t=${Math.floor(hit.startSeconds)}` : ''}` : `/conteudos/${item.slug}`;
  return (
    <li className="catalog-result">
      <h2>
        <Link to={href}>{item.title}</Link>
      </h2>
      <div className="catalog-meta">
        <span>{result.type === 'VIDEO' ? 'Vídeo' : 'Conteúdo'}</span>
        <AccessBadge access={item.access} creditCost={item.creditCost} unlocked={item.unlocked} />
        {item.category && <span>{item.category.name}</span>}
      </div>
      {hit ? (
        <p>
          Dito no vídeo em <Link to={href}>{formatClock(hit.startSeconds)}</Link>
          {hit.text ? `: “${hit.text}”` : ''}
        </p>
      ) : (
        <p>{result.video ? result.video.description : result.content?.summary}</p>
      )}
    </li>
  );
}
