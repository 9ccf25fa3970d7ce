import { renderRoute } from '@clube/dev-harness/test';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { visitorAuth } from '../../__tests__/support/auth';

describe('forgot-password page', () => {
  it('When the e-mail is malformed, then a Portuguese message blocks sending and the e-mail stays', async () => {
    const auth = visitorAuth();
    renderRoute(<Routes />, '/autenticacao/esqueci-senha', { auth });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@'); // the page is its own chunk: the first test waits for it
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }));

    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@');
    expect(auth.actions.sendPasswordReset).not.toHaveBeenCalled();
  });

  it('When the link is sent, then the page confirms without telling whether the account exists, and a toast says the e-mail went', async () => {
    const auth = visitorAuth();
    renderRoute(<Routes />, '/autenticacao/esqueci-senha', { auth });
    await userEvent.type(screen.getByLabelText('E-mail'), ' ana@laboratorio.com.br ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByText(/Se existir uma conta com esse e-mail, enviamos um link/)).toHaveTextContent('ana@laboratorio.com.br');
    expect(auth.actions.sendPasswordReset).toHaveBeenCalledWith('ana@laboratorio.com.br');
    expect(screen.getByText('E-mail enviado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/autenticacao/login');
  });

  it('When sending fails, then the Portuguese message of the action is shown and the e-mail can be sent again', async () => {
    const auth = visitorAuth();
    auth.actions.sendPasswordReset.mockRejectedValueOnce(new Error('Muitas tentativas. Aguarde alguns minutos e tente de novo.'));
    renderRoute(<Routes />, '/autenticacao/esqueci-senha', { auth });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@laboratorio.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas. Aguarde alguns minutos e tente de novo.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@laboratorio.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText(/Se existir uma conta com esse e-mail/)).toBeInTheDocument();
    expect(auth.actions.sendPasswordReset).toHaveBeenCalledTimes(2);
  });
});
