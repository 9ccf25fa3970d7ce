import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import type { ApiResponse } from '@clube/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';

const profile = profileOf('membro');
const EXPORT = { exportedAt: '2026-01-12T10:00:00.000Z', profile: { name: profile.name, email: profile.email } } as unknown as ApiResponse<'/v1/me/export'>;

let server: MockApi;
let deleteReply: ReturnType<typeof apiError> | null = null;

beforeAll(async () => {
  await import('../profile-page'); // the lazy chunk, loaded once before the timed queries
  server = startMockApi(
    mockApi('patch', '/v1/users/{id}', ({ body }) => ({ ...profile, ...body })),
    mockApi('get', '/v1/me/export', () => EXPORT),
    mockApi('get', '/v1/legal/', () => ({
      company: { name: 'Clube Lab Ltda.', cnpj: '12.345.678/0001-95', address: 'Rua Exemplo, 100', email: 'contato@clube.local', phone: null },
      documents: [
        { kind: 'TERMS' as const, slug: 'termos-de-uso' as const, title: 'Termos de uso', version: '2', publishedAt: '2026-11-23' },
        { kind: 'PRIVACY' as const, slug: 'politica-de-privacidade' as const, title: 'Política de privacidade', version: '3', publishedAt: '2026-11-23' },
      ],
    })),
    mockApi('delete', '/v1/me/', () => deleteReply ?? (undefined as never)),
  );
});
afterEach(() => {
  server.requests.length = 0;
  deleteReply = null;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function openProfile(options?: { emailVerified?: boolean }) {
  const auth = testAuth(profile, options);
  renderRoute(<Routes />, '/usuario', { auth });
  return auth;
}

describe('profile page', () => {
  it('When the member accepted the terms at sign-up, then the versions and the date are shown; when they changed since, the current ones can be accepted', async () => {
    const older = { ...profile, consent: { termsVersion: '1', privacyVersion: '1', acceptedAt: '2026-01-05T12:00:00.000Z', current: false } };
    const auth = testAuth(older);
    renderRoute(<Routes />, '/usuario', { auth });
    const card = (await screen.findByRole('heading', { name: 'Termos e privacidade' }, { timeout: 5000 })).closest('section') ?? document.body;
    expect(card).toHaveTextContent('Você aceitou os Termos de uso (versão 1) e a Política de privacidade (versão 1) em 05/01/2026.');
    expect(card).toHaveTextContent('Os documentos mudaram depois do seu aceite.');
    await userEvent.click(await screen.findByRole('button', { name: 'Li e aceito as versões atuais' }));
    await waitFor(() => expect(auth.refreshProfile).toHaveBeenCalled());
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ acceptLegal: { termsVersion: '2', privacyVersion: '3' } }]);
  });

  it('When the member changes the name, then the exact PATCH is sent, the profile is reloaded and a toast confirms', async () => {
    const auth = openProfile();
    const name = await screen.findByLabelText('Nome');
    expect(name).toHaveValue(profile.name);
    await userEvent.clear(name);
    await userEvent.type(name, '  Bruno Carvalho  ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nome' }));

    expect(await screen.findByText('Nome atualizado.')).toBeInTheDocument();
    expect(auth.refreshProfile).toHaveBeenCalledTimes(1);
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', url: `/v1/users/${profile._id}`, body: { name: 'Bruno Carvalho' } }]);
  });

  it('When the name is emptied, then a Portuguese message blocks saving', async () => {
    openProfile();
    await userEvent.clear(await screen.findByLabelText('Nome'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Informe seu nome completo.');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('When the e-mail is not verified, then the page says so; a verified one shows its badge; the password link leads to the change page', async () => {
    openProfile({ emailVerified: false });
    expect(await screen.findByText('E-mail não verificado')).toBeInTheDocument();
    expect(screen.getByText(profile.email)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alterar minha senha' })).toHaveAttribute('href', '/autenticacao/atualizar-senha');
  });

  it('When the e-mail is not verified and the member asks again, then a new confirmation e-mail is sent once and the page says so; a failure is shown in Portuguese', async () => {
    const auth = openProfile({ emailVerified: false });
    auth.actions.sendEmailVerification.mockRejectedValueOnce(new Error('Muitas tentativas. Aguarde alguns minutos e tente novamente.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    expect(await screen.findByText('Muitas tentativas. Aguarde alguns minutos e tente novamente.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    expect(await screen.findByText(/Enviamos um novo e-mail de confirmação/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar e-mail de confirmação' })).toBeDisabled();
    expect(auth.actions.sendEmailVerification).toHaveBeenCalledTimes(2);
  });

  it('When the e-mail is verified, then nothing offers to send a confirmation', async () => {
    openProfile({ emailVerified: true });
    expect(await screen.findByText('E-mail verificado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar e-mail de confirmação' })).not.toBeInTheDocument();
  });

  it('When "Baixar meus dados" is clicked, then the export is fetched and handed to the browser as a JSON file', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:clube-export';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: Array<{ href: string; download: string }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    openProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toMatch(/^clube-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(EXPORT);
    expect(server.requests).toEqual([{ method: 'GET', url: '/v1/me/export', body: undefined }]);
  });

  it('When deleting, then the button stays disabled until EXCLUIR is typed, the DELETE carries it and the member is signed out', async () => {
    const auth = openProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir minha conta' });
    const confirm = within(dialog).getByRole('button', { name: 'Excluir definitivamente' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Digite EXCLUIR'), 'excluir');
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Digite EXCLUIR'));
    await userEvent.type(within(dialog).getByLabelText('Digite EXCLUIR'), 'EXCLUIR');
    await userEvent.click(confirm);

    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(server.requests).toEqual([{ method: 'DELETE', url: '/v1/me', body: { confirmation: 'EXCLUIR' } }]);
  });

  it('When the API refuses the deletion, then its message is shown and the member stays signed in', async () => {
    deleteReply = apiError(409, 'Você é o último administrador: promova outra pessoa antes de excluir sua conta.', 'LAST_ADMIN');
    const auth = openProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir minha conta' });
    await userEvent.type(within(dialog).getByLabelText('Digite EXCLUIR'), 'EXCLUIR{Enter}');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Você é o último administrador');
    expect(auth.logout).not.toHaveBeenCalled();
  });
});
