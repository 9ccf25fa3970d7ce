import { messageOf } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { EmptyState, ErrorState, formatRelative, PageLayout } from '@clube/platform';
import { Link } from 'react-router-dom';
import '../shared/account.css';
import { useMyProgress } from './api/get-my-progress';
import { MyContentsNav } from './my-contents-nav';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'IN_PROGRESS', label: 'Em andamento' },
  { value: 'FINISHED', label: 'Concluídos' },
];

/** `/meus-conteudos/videos`: the videos the member started or finished, with progress and "Continuar". */
export function MyVideosPage() {
  const list = useMyProgress();

  let body;
  if (list.isPending) body = <Skeleton lines={4} label="Carregando seus vídeos…" />;
  else if (list.isError) body = <ErrorState message={messageOf(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.rows.length === 0) {
    body = (
      <EmptyState title="Nenhum vídeo por aqui ainda">
        <p>
          Comece por um <Link to="/videos">vídeo do catálogo</Link>: seu progresso aparece aqui e você continua de onde parou.
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="account-list" aria-label="Meus vídeos" aria-busy={list.isPlaceholderData}>
          {list.rows.map((row) => {
            const percent = Math.round(row.percent);
            return (
              <li key={row.video?._id ?? row.lastWatchedAt} className="account-list__item">
                <h2 className="account-list__title">{row.video ? row.video.title : 'Vídeo não está mais publicado'}</h2>
                <progress className="account-progress" max={100} value={percent} aria-label={`Progresso: ${percent}%`} />
                <div className="account-row">
                  {row.finished ? <Badge tone="success">Concluído</Badge> : <span>{percent}% assistido</span>}
                  <span>Assistido {formatRelative(row.lastWatchedAt)}</span>
                  {row.video && (
                    <Link className="clube-button clube-button--secondary" to={`/videos/${row.video.slug}`} aria-label={`${row.finished ? 'Assistir de novo' : 'Continuar'}: ${row.video.title}`}>
                      {row.finished ? 'Assistir de novo' : 'Continuar'}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <Pagination page={list.params.page} limit={list.params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
      </>
    );
  }

  return (
    <PageLayout title="Meus vídeos" description="Os vídeos que você começou ou concluiu.">
      <div className="account-stack">
        <MyContentsNav />
        <Select label="Mostrar" options={STATUS_OPTIONS} value={list.params.filters.status ?? ''} onChange={(event) => list.setFilter('status', event.target.value || undefined)} />
        {body}
      </div>
    </PageLayout>
  );
}
