import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';
import { ACCOUNT_ID, LAB } from './support';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

const TOKEN = 'tok_abc123';
const future = () => new Date(Date.now() + 5 * 86_400_000).toISOString();
let server: MockApi;
let invitation: { laboratoryName: string; inviterName: string | null; email: string; expiresAt: string; status: 'PENDING' | 'ACCEPTED' | 'REVOKED' };
let acceptReply: ReturnType<typeof apiError> | null;

beforeAll(async () => {
  await import('../invitation-page');
  server = startMockApi(
    mockApi('get', '/v1/team/invitations/by-token/{token}', ({ params }) => (params.token === TOKEN ? invitation : apiError(404, 'Convite não encontrado.', 'INVITATION_NOT_FOUND'))),
    mockApi('post', '/v1/team/invitations/by-token/{token}/accept', () => acceptReply ?? { accountId: ACCOUNT_ID, laboratoryName: LAB }),
  );
});
beforeEach(() => {
  invitation = { laboratoryName: LAB, inviterName: 'Marta Gestora', email: 'membro@clube.local', expiresAt: future(), status: 'PENDING' };
  acceptReply = null;
  server.requests.length = 0;
});
afterAll(() => server.close());

function openInvitation(token = TOKEN, email = 'membro@clube.local') {
  const auth = testAuth(profileOf('membro', { email }));
  renderRoute(
    <>
      <Routes />
      <Location />
    </>,
    `/equipe/convite/${token}`,
    { auth },
  );
  return auth;
}

describe('/equipe/convite/{token}', () => {
  it('When the invited person accepts, then the page says they are on the team, links to the catalogue and fetches the profile again', async () => {
    const auth = openInvitation();
    expect(await screen.findByRole('heading', { name: `Equipe do ${LAB}` }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('membro@clube.local')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sair e entrar/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByText(`Você agora faz parte da equipe de ${LAB}. Seu acesso ao Clube já está liberado.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver os vídeos' })).toHaveAttribute('href', '/videos');
    expect(auth.refreshProfile).toHaveBeenCalled();
    expect(server.requests.find((r) => r.method === 'POST')?.url).toBe(`/v1/team/invitations/by-token/${TOKEN}/accept`);
  });

  it('When someone who has just created their account accepts, then "Ver os vídeos" first asks their name (onboarding), then goes on to the videos', async () => {
    const auth = testAuth(profileOf('membro', { email: 'membro@clube.local', onboardingCompleted: false, laboratory: null }));
    renderRoute(<Routes />, `/equipe/convite/${TOKEN}`, { auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar convite' }, { timeout: 5000 }));
    expect(await screen.findByRole('link', { name: 'Ver os vídeos' })).toHaveAttribute('href', `/onboarding?redirect=${encodeURIComponent('/videos')}`);
  });

  it('When someone signed in with another e-mail accepts, then the refusal is shown in Portuguese and signing out to come back with the invited e-mail is offered', async () => {
    acceptReply = apiError(403, 'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.', 'INVITATION_EMAIL_MISMATCH');
    const auth = openInvitation(TOKEN, 'outra@lab.com.br');
    expect(await screen.findByText(/Você entrou como/, {}, { timeout: 5000 })).toHaveTextContent('Você entrou como outra@lab.com.br, mas o convite é para membro@clube.local.');
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.');
    await userEvent.click(screen.getByRole('button', { name: 'Sair e entrar com o e-mail convidado' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    // The page navigates once the sign-out has settled, a step after logout() is called.
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent(`/autenticacao/login?redirect=${encodeURIComponent(`/equipe/convite/${TOKEN}`)}`));
  });

  it.each([
    [410, 'INVITATION_EXPIRED', 'Este convite expirou. Peça um novo convite ao gestor do laboratório.'],
    [409, 'INVITATION_USED', 'Este convite já foi usado ou cancelado.'],
    [409, 'SEATS_FULL', 'Todos os assentos do laboratório já estão ocupados.'],
    [409, 'ALREADY_ON_TEAM', 'Você já faz parte de uma equipe.'],
  ])('When the API refuses with %i %s, then its message is shown and nothing else changes', async (status, code, message) => {
    acceptReply = apiError(status, message, code);
    const auth = openInvitation();
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(auth.refreshProfile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Aceitar convite' })).toBeInTheDocument();
  });

  it('When the invitation was already used, or has expired, then the page says so without an accept button', async () => {
    invitation = { ...invitation, status: 'ACCEPTED' };
    openInvitation();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Este convite já foi usado ou cancelado.');
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).toBeNull();
  });

  it('When the token is unknown, then "Convite não encontrado" says what to do', async () => {
    openInvitation('tok_inventado');
    expect(await screen.findByRole('heading', { name: 'Convite não encontrado' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/peça um novo convite ao gestor do laboratório/)).toBeInTheDocument();
  });

  it('When a guest opens the link, then the page says who invited them to which laboratory and offers "Criar conta" and "Já tenho conta" with the invited e-mail, both coming back here', async () => {
    renderRoute(<Routes />, `/equipe/convite/${TOKEN}`, { persona: 'visitante' });
    expect(await screen.findByText(`Marta Gestora convidou você para a equipe do ${LAB} no Clube.`, {}, { timeout: 5000 })).toBeInTheDocument();
    const back = encodeURIComponent(`/equipe/convite/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', `/autenticacao/registro?redirect=${back}&email=membro%40clube.local`);
    expect(screen.getByRole('link', { name: 'Já tenho conta' })).toHaveAttribute('href', `/autenticacao/login?redirect=${back}&email=membro%40clube.local`);
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).toBeNull();
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });
});
