import { AuthProvider, anonymousAuth, type AuthContextValue, type UserProfile } from '@clube/platform';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Header } from '../layout/header';

const at = '2026-01-10T12:00:00.000Z';
function profile(team: UserProfile['team']): UserProfile {
  return {
    _id: 'u1',
    providerId: 'uid-1',
    email: 'gestora@lab.com.br',
    name: 'Gestora do Lab',
    role: 'USER',
    subscription: null,
    hasActiveSubscription: true,
    onboardingCompleted: true,
    laboratory: null,
    credits: { balance: 0, used: 0 },
    team,
    createdAt: at,
    updatedAt: at,
  } as UserProfile;
}

function renderHeader(p: UserProfile) {
  const auth: AuthContextValue = { ...anonymousAuth, status: 'authenticated', profile: p, user: { uid: p.providerId, email: p.email, displayName: p.name, emailVerified: true } };
  render(
    <MemoryRouter>
      <AuthProvider value={auth}>
        <Header />
      </AuthProvider>
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Principal' }));
}

describe('header', () => {
  it('When a laboratory manager is signed in, then the menu links to "Equipe"', () => {
    const nav = renderHeader(profile({ accountId: 'a1', role: 'MANAGER', laboratoryName: 'Lab' }));
    expect(nav.getByRole('link', { name: 'Equipe' })).toHaveAttribute('href', '/equipe');
  });

  it('When a technician or a member without a team is signed in, then there is no "Equipe" link', () => {
    const nav = renderHeader(profile({ accountId: 'a1', role: 'TECHNICIAN', laboratoryName: 'Lab' }));
    expect(nav.queryByRole('link', { name: 'Equipe' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Assinatura' })).toBeInTheDocument();
  });
});
