import { messageOf } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { ErrorState, formatRelative, useConfig, type ApiResponse } from '@clube/platform';
import { Link } from 'react-router-dom';
import { certificatePdfUrl, useMyCertificates } from '../shared/api/get-my-certificates';
import { useMyProgress } from './api/get-my-progress';
import { MyListPage } from './my-list-page';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'IN_PROGRESS', label: 'Em andamento' },
  { value: 'FINISHED', label: 'Concluídos' },
];

/**
 * `/meus-conteudos/videos`: the videos the member started or finished, with progress and "Continuar";
 * a finished one offers its certificate of completion (PDF) and the public page that verifies it.
 */
export function MyVideosPage() {
  const certificates = useMyCertificates();
  const { apiUrl } = useConfig();
  const certificateOf = new Map((certificates.data?.data ?? []).map((certificate) => [certificate.videoId, certificate]));
  return (
    <MyListPage
      title="Meus vídeos"
      description="Os vídeos que você começou ou concluiu."
      list={useMyProgress()}
      show={{ filter: 'status', options: STATUS_OPTIONS }}
      loadingLabel="Carregando seus vídeos…"
      empty={{
        title: 'Nenhum vídeo por aqui ainda',
        message: (
          <>
            Comece por um <Link to="/videos">vídeo do catálogo</Link>: seu progresso aparece aqui e você continua de onde parou.
          </>
        ),
      }}
      listLabel="Meus vídeos"
      notice={certificates.isError && <ErrorState title="Não foi possível carregar seus certificados" message={messageOf(certificates.error)} onRetry={() => void certificates.refetch()} />}
      renderRow={(row) => {
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
            {row.finished && <CertificateLinks certificate={certificateOf.get(row.videoId)} title={row.video?.title ?? 'vídeo'} apiUrl={apiUrl} state={certificates.status} />}
          </li>
        );
      }}
    />
  );
}

type Certificate = ApiResponse<'/v1/me/certificates'>['data'][number];

/** A finished video's certificate: the PDF and the public page; a word while it loads or when it is still to be issued. */
function CertificateLinks({ certificate, title, apiUrl, state }: { certificate: Certificate | undefined; title: string; apiUrl: string; state: 'pending' | 'error' | 'success' }) {
  if (state !== 'success') return null;
  if (!certificate) {
    return <p className="account-muted account-certificate">O certificado deste vídeo é emitido na próxima vez que você der o play nele.</p>;
  }
  return (
    <div className="account-row account-certificate">
      <a className="clube-button clube-button--primary" href={certificatePdfUrl(apiUrl, certificate.code)} download={`certificado-${certificate.code}.pdf`} aria-label={`Certificado (PDF): ${title}`}>
        Certificado (PDF)
      </a>
      <Link to={`/certificados/${certificate.code}`} aria-label={`Ver a página pública do certificado: ${title}`}>
        Ver a página pública do certificado
      </Link>
      <span className="account-muted">Código {certificate.code}</span>
    </div>
  );
}
