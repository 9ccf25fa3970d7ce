import { ApiClientProvider, AuthProvider, anonymousAuth, type ApiClient, type AuthContextValue, type UserProfile } from '@clube/platform';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TeamNotice } from '../layout/team-notice';

/** Issue 25, item 9: a technician whose laboratory's team ended is told on the next visit, on any page, until they dismiss it. */
const at = '2026-03-10T12:00:00.000Z';
const MESSAGE =
  'A conta de equipe do Laboratório Vida foi encerrada porque a pessoa que a gerenciava excluiu a conta. Seu acesso pela equipe terminou; seu progresso, seus certificados e o que você desbloqueou continuam seus.';

function renderNotice(teamNotice: unknown) {
  const profile = {
    _id: 'u1',
    providerId: 'uid-1',
    email: 'tecnico@lab.com.br',
    name: 'Técnico',
    role: 'USER',
    subscription: null,
    hasActiveSubscription: false,
    onboardingCompleted: true,
    laboratory: null,
    credits: { balance: 0, used: 0 },
    team: null,
    teamNotice,
    createdAt: at,
    updatedAt: at,
  } as unknown as UserProfile;
  const refreshProfile = jest.fn(async () => undefined);
  const auth: AuthContextValue = { ...anonymousAuth, status: 'authenticated', profile, refreshProfile, user: { uid: 'uid-1', email: profile.email, displayName: 'Técnico', emailVerified: true } };
  const client = { request: jest.fn(async () => undefined), delete: jest.fn(async () => undefined) } as unknown as ApiClient;
  render(
    <ApiClientProvider client={client}>
      <AuthProvider value={auth}>
        <TeamNotice />
      </AuthProvider>
    </ApiClientProvider>,
  );
  return { client, refreshProfile };
}

describe('team notice', () => {
  it('When the profile carries a notice that the team ended, then it is shown, and "Entendi" clears it at the API and reads the profile again', async () => {
    const { client, refreshProfile } = renderNotice({ laboratoryName: 'Laboratório Vida', message: MESSAGE, at });
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(refreshProfile).toHaveBeenCalled());
    const calls = [...(client.request as jest.Mock).mock.calls, ...(client.delete as jest.Mock).mock.calls].map((call) => JSON.stringify(call));
    expect(calls.join('\n')).toContain('/team/notice');
  });

  it('When there is no notice, then nothing is shown', () => {
    renderNotice(null);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
