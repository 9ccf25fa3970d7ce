import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';
import { PageLayout } from './page-layout';

export interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed area: what went wrong, in Portuguese, and a way to try again. */
export function ErrorState({ title = 'Algo deu errado', message, onRetry, retryLabel = 'Tentar novamente' }: ErrorStateProps) {
  return (
    <div className="clube-state" role="alert">
      <h2 className="clube-state__title">{title}</h2>
      <p className="clube-state__message">{message}</p>
      {onRetry && <Button onClick={onRetry}>{retryLabel}</Button>}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="clube-state">
      <h2 className="clube-state__title">{title}</h2>
      {children && <div className="clube-state__message">{children}</div>}
    </div>
  );
}

/** A page that only says why there is nothing here, with the way back to the start. */
function DeadEndPage({ title, message }: { title: string; message: string }) {
  return (
    <PageLayout title={title}>
      <div className="clube-state">
        <p className="clube-state__message">{message}</p>
        <Link className="clube-button clube-button--primary" to="/">
          Voltar para o início
        </Link>
      </div>
    </PageLayout>
  );
}

/** The 404 page, shared by the shell and every remote's catch-all route. */
export const NotFoundPage = () => <DeadEndPage title="Página não encontrada" message="O endereço que você abriu não existe ou foi movido." />;

/** Shown to a signed-in member who opens an admin page. */
export const ForbiddenPage = () => <DeadEndPage title="Sem permissão" message="Você não tem permissão para acessar esta página." />;
