import { AuthProvider, anonymousAuth, type AuthContextValue, type UserProfile } from '@clube/platform';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
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

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

function renderHeader(p: UserProfile) {
  const auth: AuthContextValue = { ...anonymousAuth, status: 'authenticated', profile: p, user: { uid: p.providerId, email: p.email, displayName: p.name, emailVerified: true } };
  render(
    <MemoryRouter>
      <AuthProvider value={auth}>
        <Header />
        <Location />
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

  it('When someone types in the header search and presses Enter, then /busca opens with the words as ?q=', async () => {
    const nav = renderHeader(profile(null));
    expect(nav.getByRole('link', { name: 'Conteúdos' })).toHaveAttribute('href', '/conteudos');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar vídeos e conteúdos' }), '  coleta venosa {Enter}');
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/busca?q=coleta%20venosa'));
  });

  it('When "Menu" is pressed, then it says it is open; Escape or choosing a destination (even the page already open) closes it', async () => {
    renderHeader(profile(null));
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('link', { name: 'Início' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
