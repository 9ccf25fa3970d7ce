import { Badge } from '@clube/kit/ui/badge';
import { formatDate } from '@clube/platform';
import { Link } from 'react-router-dom';
import { creditsWords } from '../shared/credits';
import { useMyUnlocks } from './api/get-my-unlocks';
import { MyListPage } from './my-list-page';

const TYPE_OPTIONS = [
  { value: '', label: 'Tudo' },
  { value: 'CONTENT', label: 'Conteúdos' },
  { value: 'VIDEO', label: 'Vídeos' },
];

/** `/meus-conteudos`: what the member unlocked with credits (date, credits spent), newest first. */
export function MyContentsPage() {
  return (
    <MyListPage
      title="Meus conteúdos"
      description="Os conteúdos e vídeos que você desbloqueou com créditos."
      list={useMyUnlocks()}
      show={{ filter: 'tipo', options: TYPE_OPTIONS }}
      loadingLabel="Carregando seus conteúdos…"
      empty={{
        title: 'Você ainda não desbloqueou nada',
        message: (
          <>
            Use seus créditos para desbloquear <Link to="/conteudos">conteúdos</Link> e <Link to="/videos">vídeos</Link>: eles ficam aqui para sempre.
          </>
        ),
      }}
      listLabel="Conteúdos desbloqueados"
      renderRow={(unlock) => {
        const item = unlock.itemType === 'VIDEO' ? unlock.video : unlock.content;
        const path = item && (unlock.itemType === 'VIDEO' ? `/videos/${item.slug}` : `/conteudos/${item.slug}`);
        return (
          <li key={unlock._id} className="account-list__item">
            <h2 className="account-list__title">{item && path ? <Link to={path}>{item.title}</Link> : 'Item não está mais publicado'}</h2>
            <div className="account-row">
              <Badge tone="info">{unlock.itemType === 'VIDEO' ? 'Vídeo' : 'Conteúdo'}</Badge>
              <span>Desbloqueado em {formatDate(unlock.createdAt)}</span>
              <span>{creditsWords(unlock.credits)}</span>
            </div>
          </li>
        );
      }}
    />
  );
}
