import { messageOf } from '@clube/kit/forms/form';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { ApiError, Button, Card, EmptyState, ErrorState, LOGIN_PATH, PageLayout, formatDate, useAuth, withRedirect } from '@clube/platform';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import '../shared/account.css';
import './team.css';
import { useAcceptInvitation, useInvitation } from './api/invitation-by-token';

function layout(children: ReactNode) {
  return (
    <PageLayout title="Convite para a equipe" description="Aceite para ter acesso ao Clube pelo laboratório.">
      <div className="account-stack">{children}</div>
    </PageLayout>
  );
}

/** Sign out and come back here to sign in (or sign up) with the invited e-mail. */
function SwitchAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        await logout();
        navigate(withRedirect(LOGIN_PATH, pathname), { replace: true });
      }}
    >
      Sair e entrar com o e-mail convidado
    </Button>
  );
}

const STATUS_WORDS: Record<string, string> = {
  ACCEPTED: 'Este convite já foi usado ou cancelado.',
  REVOKED: 'Este convite já foi usado ou cancelado.',
};

/**
 * `/equipe/convite/{token}` (signed-in; a guest is sent to sign in or sign up and comes back here):
 * the laboratory and the invited e-mail, "Aceitar convite", and each refusal in the API's words.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { profile } = useAuth();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);

  if (accept.isSuccess) {
    return layout(
      <Card title="Convite aceito">
        <p role="status">Você agora faz parte da equipe de {accept.data.laboratoryName}. Seu acesso ao Clube já está liberado.</p>
        <div className="account-row">
          <Link className="clube-button clube-button--primary" to="/videos">
            Ver os vídeos
          </Link>
          <Link to="/conteudos">Ver os conteúdos</Link>
        </div>
      </Card>,
    );
  }
  if (invitation.isPending) return layout(<Skeleton lines={4} label="Carregando o convite…" />);
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.statusCode === 404) {
      return layout(
        <EmptyState title="Convite não encontrado">
          <p>{invitation.error.message} Confira se o link foi copiado inteiro ou peça um novo convite ao gestor do laboratório.</p>
          <Link to="/videos">Ver os vídeos</Link>
        </EmptyState>,
      );
    }
    return layout(<ErrorState message={messageOf(invitation.error)} onRetry={() => void invitation.refetch()} />);
  }

  const { laboratoryName, email, expiresAt, status } = invitation.data;
  const sameEmail = (profile?.email ?? '').toLowerCase() === email.toLowerCase();
  const expired = status === 'PENDING' && new Date(expiresAt).getTime() < Date.now();
  const refusal = accept.error instanceof ApiError ? accept.error : null;
  const closed = STATUS_WORDS[status] ?? (expired ? 'Este convite expirou. Peça um novo convite ao gestor do laboratório.' : null);

  return layout(
    <Card title={`Equipe do ${laboratoryName}`} className="team-invitation">
      <dl className="account-dl">
        <dt>Laboratório</dt>
        <dd>{laboratoryName}</dd>
        <dt>Convite para</dt>
        <dd>{email}</dd>
        <dt>Vale até</dt>
        <dd>{formatDate(expiresAt)}</dd>
      </dl>
      {closed ? (
        <p role="alert">{closed}</p>
      ) : (
        <>
          {!sameEmail && (
            <p className="account-muted">
              Você entrou como <strong>{profile?.email}</strong>, mas o convite é para <strong>{email}</strong>.
            </p>
          )}
          {accept.isError && (
            <p className="clube-form__alert" role="alert">
              {messageOf(accept.error)}
            </p>
          )}
          <div className="account-row">
            <Button loading={accept.isPending} onClick={() => accept.mutate()}>
              Aceitar convite
            </Button>
            {(!sameEmail || refusal?.code === 'INVITATION_EMAIL_MISMATCH') && <SwitchAccount />}
          </div>
        </>
      )}
    </Card>,
  );
}
