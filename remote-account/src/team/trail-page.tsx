import { messageOf } from '@clube/kit/forms/form';
import { Badge, type BadgeTone } from '@clube/kit/ui/badge';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { EmptyState, ErrorState, PageLayout, formatDate } from '@clube/platform';
import { Link } from 'react-router-dom';
import { useTrail, type TrailLine } from './api/get-trail';
import '../shared/account.css';

const STATUS: Record<TrailLine['status'], { label: string; tone: BadgeTone }> = {
  VALID: { label: 'Em dia', tone: 'success' },
  EXPIRING: { label: 'Vence em breve', tone: 'warning' },
  EXPIRED: { label: 'Vencida', tone: 'danger' },
  REVISION_DUE: { label: 'Nova revisão a fazer', tone: 'warning' },
  PENDING: { label: 'A fazer', tone: 'info' },
};

const itemPath = (line: TrailLine) => `/${line.itemType === 'VIDEO' ? 'videos' : 'conteudos'}/${line.itemId}`;

/** What a line says beside its status: when it was done, until when it counts, or by when it is due. */
function dates(line: TrailLine): string {
  const parts: string[] = [];
  if (line.completedAt) parts.push(`Concluído em ${formatDate(line.completedAt)}${line.completedRevision !== null ? ` (rev. ${line.completedRevision})` : ''}`);
  if (line.scorePercent !== null) parts.push(`nota ${line.scorePercent} %`);
  if (line.validUntil) parts.push(`${line.status === 'EXPIRED' ? 'venceu' : 'vale até'} ${formatDate(line.validUntil)}`);
  if (line.dueAt && line.status !== 'EXPIRED') parts.push(`${line.overdue ? 'prazo vencido em' : 'prazo'} ${formatDate(line.dueAt)}`);
  return parts.join(' · ');
}

/**
 * `/equipe/trilha` ("Minha trilha", issue 31): what each of the member's functions in the laboratory
 * requires, what is done, what expires soon, what is expired and what a new document revision asks again.
 */
export function TrailPage() {
  const trail = useTrail();
  const lines = trail.data?.data ?? [];
  const functions = [...new Set(lines.map((line) => line.functionName))];
  return (
    <PageLayout title="Minha trilha" description="O que as suas funções no laboratório exigem: feito, a vencer, vencido e a refazer.">
      {trail.isPending && <Skeleton lines={5} label="Carregando sua trilha…" />}
      {trail.isError && <ErrorState title="Não foi possível carregar sua trilha" message={messageOf(trail.error)} onRetry={() => void trail.refetch()} />}
      {trail.isSuccess && lines.length === 0 && (
        <EmptyState title="Nenhuma função atribuída">
          Quando o gestor do laboratório atribuir uma função a você, o que ela exige aparece aqui. Veja a <Link to="/equipe">sua equipe</Link>.
        </EmptyState>
      )}
      {functions.map((name) => (
        <section key={name} className="catalog-section" aria-label={name}>
          <h2>{name}</h2>
          <ul className="account-list">
            {lines
              .filter((line) => line.functionName === name)
              .map((line) => (
                <li key={`${line.itemType}:${line.itemId}`} className="account-list__item">
                  <h3 className="account-list__title">
                    <Link to={itemPath(line)}>{line.title}</Link>
                  </h3>
                  <div className="account-row">
                    <Badge tone={STATUS[line.status].tone}>{STATUS[line.status].label}</Badge>
                    {line.document && <span>{line.document}</span>}
                    <span>{dates(line)}</span>
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </PageLayout>
  );
}
