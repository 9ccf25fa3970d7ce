import { messageOf } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { EmptyState, ErrorState, formatDate, PageLayout } from '@clube/platform';
import { Link } from 'react-router-dom';
import '../shared/account.css';
import { useMyUnlocks } from './api/get-my-unlocks';
import { MyContentsNav } from './my-contents-nav';

const TYPE_OPTIONS = [
  { value: '', label: 'Tudo' },
  { value: 'CONTENT', label: 'Conteúdos' },
  { value: 'VIDEO', label: 'Vídeos' },
];

function creditsLabel(credits: number) {
  return credits === 1 ? '1 crédito' : `${credits} créditos`;
}

/** `/meus-conteudos`: what the member unlocked with credits (date, credits spent), newest first. */
export function MyContentsPage() {
  const list = useMyUnlocks();

  let body;
  if (list.isPending) body = <Skeleton lines={4} label="Carregando seus conteúdos…" />;
  else if (list.isError) body = <ErrorState message={messageOf(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.rows.length === 0) {
    body = (
      <EmptyState title="Você ainda não desbloqueou nada">
        <p>
          Use seus créditos para desbloquear <Link to="/conteudos">conteúdos</Link> e <Link to="/videos">vídeos</Link>: eles ficam aqui para sempre.
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="account-list" aria-label="Conteúdos desbloqueados" aria-busy={list.isPlaceholderData}>
          {list.rows.map((unlock) => {
            const item = unlock.itemType === 'VIDEO' ? unlock.video : unlock.content;
            const path = item && (unlock.itemType === 'VIDEO' ? `/videos/${item.slug}` : `/conteudos/${item.slug}`);
            return (
              <li key={unlock._id} className="account-list__item">
                <h2 className="account-list__title">{item && path ? <Link to={path}>{item.title}</Link> : 'Item não está mais publicado'}</h2>
                <div className="account-row">
                  <Badge tone="info">{unlock.itemType === 'VIDEO' ? 'Vídeo' : 'Conteúdo'}</Badge>
                  <span>Desbloqueado em {formatDate(unlock.createdAt)}</span>
                  <span>{creditsLabel(unlock.credits)}</span>
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
    <PageLayout title="Meus conteúdos" description="Os conteúdos e vídeos que você desbloqueou com créditos.">
      <div className="account-stack">
        <MyContentsNav />
        <Select label="Mostrar" options={TYPE_OPTIONS} value={list.params.filters.tipo ?? ''} onChange={(event) => list.setFilter('tipo', event.target.value || undefined)} />
        {body}
      </div>
    </PageLayout>
  );
}
