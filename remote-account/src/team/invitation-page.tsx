import { messageOf } from '@clube/kit/forms/form';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { ApiError, Button, Card, EmptyState, ErrorState, LOGIN_PATH, ONBOARDING_PATH, PageLayout, formatDate, useAuth, withRedirect } from '@clube/platform';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import '../shared/account.css';
import './team.css';
import { useAcceptInvitation, useInvitation, type InvitationSummary } from './api/invitation-by-token';

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

/** "{Pessoa} convidou você para a equipe do {Laboratório} no Clube" (the inviter may have left: then without a name). */
const invitedWords = (inviterName: string | null, laboratoryName: string) =>
  `${inviterName ? `${inviterName} convidou você` : 'Você foi convidado'} para a equipe do ${laboratoryName} no Clube.`;

/** Add `?email=` to a sign-in or sign-up link: the form opens with the invited e-mail filled in. */
const withInvitedEmail = (path: string, email: string) => `${path}${path.includes('?') ? '&' : '?'}email=${encodeURIComponent(email)}`;

/**
 * A guest (the invited person may not have an account yet): who invited them to what, and
 * "Criar conta" / "Já tenho conta" with the invited e-mail filled in; both come back here, and a
 * new technician accepts before onboarding (which then asks only their name).
 */
function GuestInvitation({ invitation }: { invitation: InvitationSummary }) {
  const { pathname } = useLocation();
  const { laboratoryName, email, inviterName } = invitation;
  return (
    <Card title={`Equipe do ${laboratoryName}`} className="team-invitation">
      <p>{invitedWords(inviterName, laboratoryName)}</p>
      <p className="account-muted">
        O convite é para <strong>{email}</strong>. O acesso vem do plano do laboratório: você não paga nada nem informa CNPJ.
      </p>
      <div className="account-row">
        <Link className="clube-button clube-button--primary" to={withInvitedEmail(withRedirect('/autenticacao/registro', pathname), email)}>
          Criar conta
        </Link>
        <Link className="clube-button clube-button--secondary" to={withInvitedEmail(withRedirect(LOGIN_PATH, pathname), email)}>
          Já tenho conta
        </Link>
      </div>
    </Card>
  );
}

/**
 * `/equipe/convite/{token}` (public, and before onboarding): the laboratory, who invited and the
 * invited e-mail; a guest creates an account or signs in and comes back here; a member accepts,
 * and each refusal is shown in the API's words.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { profile, status: authStatus } = useAuth();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);

  if (accept.isSuccess) {
    // Someone who has just created their account still gives their name (only that: the laboratory is the manager's), then goes on.
    const next = profile?.onboardingCompleted === false ? withRedirect(ONBOARDING_PATH, '/videos') : '/videos';
    return layout(
      <Card title="Convite aceito">
        <p role="status">Você agora faz parte da equipe de {accept.data.laboratoryName}. Seu acesso ao Clube já está liberado.</p>
        <div className="account-row">
          <Link className="clube-button clube-button--primary" to={next}>
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

  if (authStatus === 'authenticating') return layout(<Skeleton lines={4} label="Carregando o convite…" />);
  const { laboratoryName, email, expiresAt, status, inviterName } = invitation.data;
  const sameEmail = (profile?.email ?? '').toLowerCase() === email.toLowerCase();
  const expired = status === 'PENDING' && new Date(expiresAt).getTime() < Date.now();
  const refusal = accept.error instanceof ApiError ? accept.error : null;
  const closed = STATUS_WORDS[status] ?? (expired ? 'Este convite expirou. Peça um novo convite ao gestor do laboratório.' : null);

  if (!closed && (authStatus !== 'authenticated' || !profile)) return layout(<GuestInvitation invitation={invitation.data} />);

  return layout(
    <Card title={`Equipe do ${laboratoryName}`} className="team-invitation">
      <p>{invitedWords(inviterName, laboratoryName)}</p>
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
