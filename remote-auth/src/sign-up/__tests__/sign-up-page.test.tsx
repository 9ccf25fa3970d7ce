import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { visitorAuth } from '../../__tests__/support/auth';

const LEGAL = {
  company: { name: 'Clube Educação Ltda.', cnpj: '12.345.678/0001-95', address: 'Rua Exemplo, 100 — São Paulo, SP', email: 'contato@clube.local', phone: null },
  documents: [
    { kind: 'TERMS' as const, slug: 'termos-de-uso' as const, title: 'Termos de uso', version: '2026-11', publishedAt: '2026-11-23' },
    { kind: 'PRIVACY' as const, slug: 'politica-de-privacidade' as const, title: 'Política de privacidade', version: '2026-11b', publishedAt: '2026-11-23' },
  ],
};
const api = startMockApi(mockApi('get', '/v1/legal/', () => LEGAL));
afterAll(() => api.close());

const accept = () => userEvent.click(screen.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }));

async function fill(values: { name: string; email: string; password: string; confirmation: string }) {
  await userEvent.type(screen.getByLabelText('Nome completo'), values.name);
  await userEvent.type(screen.getByLabelText('E-mail'), values.email);
  await userEvent.type(screen.getByLabelText('Senha'), values.password);
  await userEvent.type(screen.getByLabelText('Confirme a senha'), values.confirmation);
}

describe('sign-up page', () => {
  it('When every field is wrong, then each shows its Portuguese message, nothing is sent and the typed values stay', async () => {
    const auth = visitorAuth();
    renderRoute(<Routes />, '/autenticacao/registro', { auth });
    await screen.findByLabelText('Nome completo'); // the page is its own chunk: the first test waits for it
    await fill({ name: ' A ', email: 'ana.com', password: '12345', confirmation: '54321' });
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(screen.getByLabelText('Nome completo')).toHaveAccessibleDescription('Informe seu nome completo (pelo menos 2 letras).');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('A senha precisa ter pelo menos 6 caracteres.');
    expect(screen.getByLabelText('Confirme a senha')).toHaveAccessibleDescription('As senhas não são iguais.');
    expect(auth.actions.signUp).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nome completo')).toHaveValue(' A ');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('12345');
    expect(screen.getByLabelText('Nome completo')).toHaveFocus();
  });

  it('When the form is valid, then signUp receives the trimmed name and e-mail and the password exactly as typed', async () => {
    const auth = visitorAuth();
    renderRoute(<Routes />, '/autenticacao/registro', { auth });
    await fill({ name: '  Ana Souza  ', email: ' ana@laboratorio.com.br ', password: ' senha 123', confirmation: ' senha 123' });
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' })).toHaveAccessibleDescription(
      expect.stringContaining('Para criar a conta, aceite os termos de uso e a política de privacidade.'),
    );
    expect(auth.actions.signUp).not.toHaveBeenCalled();

    await accept();
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(auth.actions.signUp).toHaveBeenCalledWith('Ana Souza', 'ana@laboratorio.com.br', ' senha 123', { termsVersion: '2026-11', privacyVersion: '2026-11b' }));
  });

  it('When the e-mail already has an account, then the Portuguese message is shown and the form keeps its values', async () => {
    const auth = visitorAuth();
    auth.actions.signUp.mockRejectedValue(new Error('Já existe uma conta com esse e-mail.'));
    renderRoute(<Routes />, '/autenticacao/registro', { auth });
    await fill({ name: 'Ana Souza', email: 'ana@laboratorio.com.br', password: 'segredo1', confirmation: 'segredo1' });
    await accept();
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma conta com esse e-mail.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@laboratorio.com.br');
    expect(screen.getByLabelText('Confirme a senha')).toHaveValue('segredo1');
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
  });

  it('When the page was opened with ?redirect=, then the link to sign in keeps it', () => {
    renderRoute(<Routes />, '/autenticacao/registro?redirect=%2Fcheckout%2Fassinar%3FplanId%3D42', { auth: visitorAuth() });
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/autenticacao/login?redirect=%2Fcheckout%2Fassinar%3FplanId%3D42');
  });

  it('When an invitation sends the guest here with ?email=, then the e-mail is filled in, the page says it is for the team, and "Entrar" keeps both', () => {
    renderRoute(<Routes />, '/autenticacao/registro?redirect=%2Fequipe%2Fconvite%2Ftok_1&email=carla%40lab.com.br', { auth: visitorAuth() });
    expect(screen.getByLabelText('E-mail')).toHaveValue('carla@lab.com.br');
    expect(screen.getByText('Crie sua conta com o e-mail convidado para entrar na equipe do laboratório.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/autenticacao/login?redirect=%2Fequipe%2Fconvite%2Ftok_1&email=carla%40lab.com.br');
    expect(screen.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/termos-de-uso');
  });
});
