import { renderRoute } from '@clube/dev-harness/test';
import type { AuthContextValue } from '@clube/platform';
import { screen } from '@testing-library/react';
import Routes from '../routes';
import { memberAuth, memberProfile, visitorAuth } from './support/auth';

// Each page is opened by the person its Guard lets in: guest pages by a visitor, the signed-in
// password change by an onboarded member, onboarding by a member who has not finished it.
const PAGES: Array<[path: string, title: string, who: string, auth: () => AuthContextValue]> = [
  ['/autenticacao/registro', 'Criar conta', 'a visitor', visitorAuth],
  ['/autenticacao/login', 'Entrar', 'a visitor', visitorAuth],
  ['/autenticacao/esqueci-senha', 'Esqueci minha senha', 'a visitor', visitorAuth],
  ['/autenticacao/atualizar-senha?oobCode=code-from-email', 'Atualizar senha', 'a visitor', visitorAuth],
  ['/autenticacao/atualizar-senha', 'Atualizar senha', 'a member', memberAuth],
  ['/onboarding', 'Dados do laboratório', 'a member who has not onboarded', () => memberAuth(memberProfile({ onboardingCompleted: false }))],
];

describe('auth remote routes', () => {
  it.each(PAGES)('When %s is opened, then the page "%s" is shown (to %s)', async (path, title, _who, auth) => {
    renderRoute(<Routes />, path, { auth: auth() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Clube`);
  });

  it('When a path inside the area does not exist, then the Portuguese 404 is shown', async () => {
    renderRoute(<Routes />, '/autenticacao/nada', { persona: 'visitante' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });

  it('When the session is still being checked, then a guest page waits instead of showing its form', async () => {
    renderRoute(<Routes />, '/autenticacao/login', { auth: { ...visitorAuth(), status: 'authenticating' } });
    expect(await screen.findByText('Verificando sua sessão…')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });
});
