import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { LocationProbe, memberAuth, visitorAuth } from '../../__tests__/support/auth';

describe('update-password page', () => {
  describe('with the oobCode from the e-mail link', () => {
    it('When the confirmation differs, then a Portuguese message blocks saving and both passwords stay', async () => {
      const auth = visitorAuth();
      renderRoute(<Routes />, '/autenticacao/atualizar-senha?mode=resetPassword&oobCode=code-123', { auth });
      await userEvent.type(await screen.findByLabelText('Nova senha'), 'nova-senha'); // the page is its own chunk: the first test waits for it
      await userEvent.type(screen.getByLabelText('Confirme a senha'), 'nova-senhx');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

      expect(screen.getByLabelText('Confirme a senha')).toHaveAccessibleDescription('As senhas não são iguais.');
      expect(screen.getByLabelText('Nova senha')).toHaveValue('nova-senha');
      expect(auth.actions.confirmPasswordReset).not.toHaveBeenCalled();
    });

    it('When a visitor saves a valid new password, then confirmPasswordReset gets the code and the page offers the login', async () => {
      const auth = visitorAuth();
      renderRoute(<Routes />, '/autenticacao/atualizar-senha?mode=resetPassword&oobCode=code-123', { auth });
      expect(screen.queryByLabelText('Senha atual')).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Nova senha'), 'nova-senha');
      await userEvent.type(screen.getByLabelText('Confirme a senha'), 'nova-senha');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

      expect(await screen.findByText('Sua senha foi atualizada. Agora é só entrar com a nova senha.')).toBeInTheDocument();
      expect(auth.actions.confirmPasswordReset).toHaveBeenCalledWith('code-123', 'nova-senha');
      expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/autenticacao/login');
    });

    it('When the link has expired, then the Portuguese message of the action is shown with a way to ask for a new link', async () => {
      const auth = visitorAuth();
      auth.actions.confirmPasswordReset.mockRejectedValue(new Error('Este link expirou ou já foi usado. Peça um novo.'));
      renderRoute(<Routes />, '/autenticacao/atualizar-senha?oobCode=old-code', { auth });
      await userEvent.type(screen.getByLabelText('Nova senha'), 'nova-senha');
      await userEvent.type(screen.getByLabelText('Confirme a senha'), 'nova-senha');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Este link expirou ou já foi usado. Peça um novo.');
      expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/autenticacao/esqueci-senha');
      expect(screen.getByLabelText('Nova senha')).toHaveValue('nova-senha');
    });
  });

  describe('without an oobCode', () => {
    it('When a signed-in member changes the password, then changePassword gets the current and the new one and a toast confirms', async () => {
      const auth = memberAuth();
      renderRoute(<Routes />, '/autenticacao/atualizar-senha', { auth });
      await userEvent.type(screen.getByLabelText('Senha atual'), 'antiga1');
      await userEvent.type(screen.getByLabelText('Nova senha'), 'nova-senha');
      await userEvent.type(screen.getByLabelText('Confirme a senha'), 'nova-senha');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

      expect(await screen.findByText('Senha atualizada')).toBeInTheDocument();
      expect(auth.actions.changePassword).toHaveBeenCalledWith('antiga1', 'nova-senha');
      expect(auth.actions.confirmPasswordReset).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Senha atual')).toHaveValue('');
    });

    it('When the current password is wrong, then the Portuguese message is shown and the typed passwords stay', async () => {
      const auth = memberAuth();
      auth.actions.changePassword.mockRejectedValue(new Error('A senha atual está incorreta.'));
      renderRoute(<Routes />, '/autenticacao/atualizar-senha', { auth });
      await userEvent.type(screen.getByLabelText('Senha atual'), 'errada1');
      await userEvent.type(screen.getByLabelText('Nova senha'), 'nova-senha');
      await userEvent.type(screen.getByLabelText('Confirme a senha'), 'nova-senha');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('A senha atual está incorreta.');
      expect(screen.getByLabelText('Senha atual')).toHaveValue('errada1');
      expect(screen.getByLabelText('Nova senha')).toHaveValue('nova-senha');
    });

    it('When the new password is missing or equals the current one, then Portuguese messages block saving', async () => {
      const auth = memberAuth();
      renderRoute(<Routes />, '/autenticacao/atualizar-senha', { auth });
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
      expect(screen.getByLabelText('Senha atual')).toHaveAccessibleDescription('Informe sua senha atual.');
      expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription('Crie uma senha.');

      await userEvent.type(screen.getByLabelText('Senha atual'), 'mesma-senha');
      await userEvent.type(screen.getByLabelText('Nova senha'), 'mesma-senha');
      await userEvent.type(screen.getByLabelText('Confirme a senha'), 'mesma-senha');
      await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
      expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription('A nova senha precisa ser diferente da atual.');
      expect(auth.actions.changePassword).not.toHaveBeenCalled();
    });

    it('When a visitor opens it, then they are sent to the login page, which brings them back afterwards', async () => {
      renderRoute(
        <>
          <Routes />
          <LocationProbe />
        </>,
        '/autenticacao/atualizar-senha',
        { auth: visitorAuth() },
      );
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/autenticacao/login?redirect=%2Fautenticacao%2Fatualizar-senha'));
      expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    });
  });
});
