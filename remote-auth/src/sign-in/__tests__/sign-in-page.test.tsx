import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { LocationProbe, memberAuth, memberProfile, mockActions, SigningInAuth, visitorAuth } from '../../__tests__/support/auth';

describe('sign-in page', () => {
  it('When the form is sent with a malformed e-mail and no password, then Portuguese messages block it and the typed e-mail stays', async () => {
    const auth = visitorAuth();
    renderRoute(<Routes />, '/autenticacao/login', { auth });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@laboratorio'); // the page is its own chunk: the first test waits for it
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Informe sua senha.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@laboratorio');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(auth.actions.signIn).not.toHaveBeenCalled();
  });

  it('When the credentials are wrong, then the Portuguese message of the action is shown and nothing typed is lost', async () => {
    const auth = visitorAuth();
    auth.actions.signIn.mockRejectedValue(new Error('E-mail ou senha incorretos.'));
    renderRoute(<Routes />, '/autenticacao/login', { auth });
    await userEvent.type(screen.getByLabelText('E-mail'), '  ana@laboratorio.com.br ');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
    expect(auth.actions.signIn).toHaveBeenCalledWith('ana@laboratorio.com.br', 'errada1');
    expect(screen.getByLabelText('Senha')).toHaveValue('errada1');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('When signing in is under way, then the button shows it is busy and cannot be pressed twice', async () => {
    const auth = visitorAuth();
    auth.actions.signIn.mockReturnValue(new Promise(() => undefined));
    renderRoute(<Routes />, '/autenticacao/login', { auth });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@laboratorio.com.br');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-busy', 'true');
    expect(auth.actions.signIn).toHaveBeenCalledTimes(1);
  });

  it('When sign-in succeeds, then the guest Guard takes the member to the page in ?redirect=', async () => {
    const actions = mockActions();
    renderRoute(
      <SigningInAuth actions={actions} signedInAs={memberProfile()}>
        <Routes />
        <LocationProbe />
      </SigningInAuth>,
      '/autenticacao/login?redirect=%2Fassinatura',
    );
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@laboratorio.com.br');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/assinatura'));
    expect(screen.getByTestId('location').textContent).toBe('/assinatura');
  });

  it('When the page was opened with ?redirect=, then the link to create an account keeps it, and the reset link is there', async () => {
    renderRoute(<Routes />, '/autenticacao/login?redirect=%2Fplanos', { auth: visitorAuth() });
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/autenticacao/registro?redirect=%2Fplanos');
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/autenticacao/esqueci-senha');
  });

  it('When ?redirect= points to another site, then the link to create an account drops it', async () => {
    renderRoute(<Routes />, '/autenticacao/login?redirect=%2F%2Fevil.example', { auth: visitorAuth() });
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/autenticacao/registro');
  });

  it('When a signed-in, onboarded member opens the login page, then they are sent on to ?redirect= instead', async () => {
    renderRoute(
      <>
        <Routes />
        <LocationProbe />
      </>,
      '/autenticacao/login?redirect=%2Fvideos',
      { auth: memberAuth() },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/videos'));
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
  });

  it('When a signed-in member who has not onboarded opens the login page, then they go to onboarding first', async () => {
    renderRoute(
      <>
        <Routes />
        <LocationProbe />
      </>,
      '/autenticacao/login?redirect=%2Fvideos',
      { auth: memberAuth(memberProfile({ onboardingCompleted: false })) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dados do laboratório' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/onboarding?redirect=%2Fvideos');
  });
});
