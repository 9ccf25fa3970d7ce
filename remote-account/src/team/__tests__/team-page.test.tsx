import { apiError, mockApi, reply, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';
import type { Team } from '../api/get-team';
import { ACCOUNT_ID, LAB, TECHNICIAN_ID, managerProfile, teamOf, technicianProfile, trainingOf } from './support';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

const INVITE_URL = 'http://localhost:8080/equipe/convite/tok_abc123';
let server: MockApi;
let team: Team;
let teamReply: ReturnType<typeof apiError> | null;
let inviteReply: ReturnType<typeof apiError> | null;
let removeReply: ReturnType<typeof apiError> | null;

beforeAll(async () => {
  await import('../team-page');
  server = startMockApi(
    mockApi('get', '/v1/team/', () => teamReply ?? team),
    mockApi('get', '/v1/team/training', () => trainingOf()),
    mockApi('get', '/v1/team/training.csv', () => 'Nome,E-mail\n' as never),
    mockApi('get', '/v1/team/training.pdf', () => '%PDF-1.4' as never),
    mockApi('get', '/v1/competence/accounts/{accountId}/matrix', () => ({
      percentInOrder: 50,
      people: [{ userId: TECHNICIAN_ID, name: 'Carla Técnica', required: 2, inOrder: 1, percentInOrder: 50, cells: [] }],
    })),
    mockApi('get', '/v1/competence/accounts/{accountId}/people/{userId}/dossier.pdf', () => '%PDF-1.4' as never),
    mockApi('get', '/v1/competence/accounts/{accountId}/matrix.pdf', () => '%PDF-1.4' as never),
    // The functions and the authorizations (tested in competence-management.test.tsx): none yet.
    mockApi('get', '/v1/competence/accounts/{accountId}/functions', () => ({ data: [] })),
    mockApi('get', '/v1/authorizations/accounts/{accountId}', () => ({ data: [] })),
    mockApi('get', '/v1/authorizations/accounts/{accountId}/audit', () => ({ data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } })),
    mockApi(
      'post',
      '/v1/team/invitations',
      ({ body }) => inviteReply ?? { id: '667000000000000000000i02', email: body.email, status: 'PENDING' as const, expiresAt: '2026-01-17T12:00:00.000Z', createdAt: '2026-01-10T12:00:00.000Z', inviteUrl: INVITE_URL },
      { status: 201 },
    ),
    mockApi('delete', '/v1/team/invitations/{id}', ({ params }) => {
      team = { ...team, invitations: team.invitations.filter((i) => i.id !== params.id) };
      return reply(204);
    }),
    mockApi('delete', '/v1/team/membership', () => reply(204)),
    mockApi('delete', '/v1/team/members/{userId}', ({ params }) => {
      if (removeReply) return removeReply;
      team = { ...team, members: team.members.filter((m) => m.userId !== params.userId), account: { ...team.account, seatsUsed: team.account.seatsUsed - 1 } };
      return reply(204);
    }),
  );
});
beforeEach(() => {
  team = teamOf();
  teamReply = null;
  inviteReply = null;
  removeReply = null;
  server.requests.length = 0;
});
afterAll(() => server.close());

function openTeam(path = '/equipe', profile = managerProfile(), auth = testAuth(profile)) {
  renderRoute(
    <>
      <Routes />
      <Location />
    </>,
    path,
    { auth },
  );
  return auth;
}

describe('/equipe', () => {
  it('When the manager opens the page, then the laboratory, the seats meter, the wallet, the people and the pending invitations are shown', async () => {
    openTeam();
    expect(await screen.findByRole('heading', { name: LAB }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(screen.getByText('2 de 3 em uso · 1 livre')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: '2 de 3 em uso · 1 livre' })).toHaveAttribute('value', '2');
    expect(screen.getByText(/9 disponíveis · 0 usados/)).toBeInTheDocument();

    const people = screen.getByRole('table', { name: 'Pessoas da equipe' });
    expect(within(people).getByRole('row', { name: /Assinante do Harness/ })).toHaveTextContent('Gestor');
    expect(within(within(people).getByRole('row', { name: /Assinante do Harness/ })).queryByRole('button')).toBeNull();
    expect(within(people).getByRole('button', { name: 'Remover Carla Técnica da equipe' })).toBeInTheDocument();
    const invitations = screen.getByRole('table', { name: 'Convites pendentes' });
    expect(within(invitations).getByRole('row', { name: /davi@lab\.com\.br/ })).toHaveTextContent('12/01/2026');
  });

  it('When the manager invites an e-mail, then the link is shown once with "Copiar link", and the page says pending invitations may outnumber free seats', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openTeam();
    const email = await screen.findByLabelText('E-mail da pessoa', {}, { timeout: 5000 });
    expect(screen.getByText('Os convites pendentes podem ser mais que os assentos livres: quem aceitar primeiro fica com o assento.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('Informe o e-mail da pessoa.')).toBeInTheDocument();
    await userEvent.type(email, 'nada');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('Informe um e-mail válido, como nome@exemplo.com.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, 'bia@lab.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByLabelText('Link do convite')).toHaveValue(INVITE_URL);
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', url: '/v1/team/invitations', body: { email: 'bia@lab.com.br' } });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(INVITE_URL);
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    // The team is fetched again (the new pending invitation).
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/v1/team')).toHaveLength(2));
  });

  it('When the manager opens the page, then the competence section shows each person\'s requirements in order and downloads their dossier and the matrix as PDF', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:dossie'), revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    openTeam();
    const section = await screen.findByRole('region', { name: 'Competências (ISO/IEC 17025)' }, { timeout: 5000 });
    const row = await within(section).findByRole('row', { name: /Carla Técnica/ });
    expect(row).toHaveTextContent('1 de 2');
    expect(section).toHaveTextContent('Requisitos em dia no laboratório: 50 %.');
    await userEvent.click(within(row).getByRole('button', { name: 'Dossiê de Carla Técnica em PDF' }));
    await waitFor(() => expect(downloads).toEqual([expect.stringMatching(/^dossie-carla-técnica-\d{4}-\d{2}-\d{2}\.pdf$/)]));
    expect(server.requests.map((r) => r.url)).toContain(`/v1/competence/accounts/${ACCOUNT_ID}/people/${TECHNICIAN_ID}/dossier.pdf`);
    await userEvent.click(within(section).getByRole('button', { name: 'Matriz em PDF' }));
    await waitFor(() => expect(downloads[1]).toMatch(/^matriz-de-competencia-\d{4}-\d{2}-\d{2}\.pdf$/));
    expect(server.requests.map((r) => r.url)).toContain(`/v1/competence/accounts/${ACCOUNT_ID}/matrix.pdf`);
    click.mockRestore();
  });

  it('When an invitation is refused, then the API reason stays on the form with the typed e-mail', async () => {
    inviteReply = apiError(409, 'Todos os assentos estão ocupados. Remova alguém ou compre mais assentos.', 'SEATS_FULL');
    openTeam();
    await userEvent.type(await screen.findByLabelText('E-mail da pessoa', {}, { timeout: 5000 }), 'bia@lab.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Todos os assentos estão ocupados. Remova alguém ou compre mais assentos.');
    expect(screen.getByLabelText('E-mail da pessoa')).toHaveValue('bia@lab.com.br');
    expect(screen.queryByLabelText('Link do convite')).toBeNull();
  });

  it('When every seat is taken, then the invite form gives way to what to do', async () => {
    team = teamOf({ seatsUsed: 3 });
    openTeam();
    expect(await screen.findByText('Todos os assentos estão ocupados. Remova alguém ou compre mais assentos para convidar outra pessoa.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail da pessoa')).toBeNull();
  });

  it('When the manager revokes an invitation after confirming, then DELETE is sent and the invitation leaves the list', async () => {
    openTeam();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar convite de davi@lab.com.br' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar este convite?' });
    expect(dialog).toHaveTextContent('O link enviado para davi@lab.com.br deixa de funcionar.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar convite' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /davi@lab\.com\.br/ })).toBeNull());
    expect(server.requests.find((r) => r.method === 'DELETE')?.url).toBe('/v1/team/invitations/667000000000000000000i01');
    expect(screen.getByText('Nenhum convite pendente. Convide alguém pelo e-mail acima.')).toBeInTheDocument();
  });

  it('When the manager removes a technician after confirming, then DELETE is sent, the seat is freed; a refusal shows in the dialog', async () => {
    removeReply = apiError(409, 'Não foi possível remover agora.', 'CONFLICT');
    openTeam();
    await userEvent.click(await screen.findByRole('button', { name: 'Remover Carla Técnica da equipe' }, { timeout: 5000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Remover Carla Técnica da equipe?' });
    expect(dialog).toHaveTextContent('O registro de treinamento e os certificados da pessoa continuam com o laboratório.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover da equipe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não foi possível remover agora.');

    removeReply = null;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover da equipe' }));
    expect(await screen.findByText('1 de 3 em uso · 2 livres')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`/v1/team/members/${TECHNICIAN_ID}`, `/v1/team/members/${TECHNICIAN_ID}`]);
    dialog = screen.getByRole('table', { name: 'Pessoas da equipe' });
    expect(within(dialog).queryByText('Carla Técnica')).toBeNull();
  });

  it('When the training record loads, then each person shows videos, hours and last activity, a removed seat is marked, and the items link to the certificates', async () => {
    openTeam();
    const table = await screen.findByRole('table', { name: 'Treinamento por pessoa' }, { timeout: 5000 });
    const carla = await within(table).findByRole('row', { name: /Carla Técnica/ });
    expect(within(carla).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Carla Técnicacarla@lab.com.br', 'Técnico', '2', '1 h 30 min', expect.stringMatching(/^há /)]);
    expect(within(table).getByRole('row', { name: /Edu Antigo/ })).toHaveTextContent('Removido da equipe');
    expect(screen.getByText('Período: 10/01/2025 a 10/01/2026')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Vídeos de Carla Técnica (2)'));
    const items = screen.getByRole('table', { name: 'Vídeos concluídos por Carla Técnica' });
    const row = within(items).getByRole('row', { name: /Controle de qualidade interno/ });
    expect(row).toHaveTextContent('08/01/2026');
    expect(row).toHaveTextContent('1 h');
    expect(within(row).getByRole('link', { name: 'ABCD2345EF' })).toHaveAttribute('href', '/certificados/ABCD2345EF');
    expect(within(row).getByRole('link', { name: 'Baixar o certificado ABCD2345EF em PDF' })).toHaveAttribute('href', expect.stringMatching(/\/v1\/certificates\/ABCD2345EF\/pdf$/));
    const short = within(items).getByRole('row', { name: /Biossegurança/ });
    expect(short).toHaveTextContent('30 min');
    expect(short).toHaveTextContent('—');
  });

  it('When the period changes, then it goes to the URL and the record and the exports are asked for that period', async () => {
    const createObjectURL = jest.fn(() => 'blob:registro');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    openTeam('/equipe?de=2026-01-01');
    await screen.findByRole('table', { name: 'Treinamento por pessoa' }, { timeout: 5000 });
    expect(screen.getByLabelText('De')).toHaveValue('2026-01-01');
    await waitFor(() => expect(server.requests.map((r) => r.url)).toContain('/v1/team/training?from=2026-01-01'));

    // A date input takes the whole value at once, as a browser's picker gives it.
    const to = screen.getByLabelText('Até');
    await userEvent.click(to);
    await userEvent.paste('2026-01-31');
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/equipe?de=2026-01-01&ate=2026-01-31');
    await waitFor(() => expect(server.requests.map((r) => r.url)).toContain('/v1/team/training?from=2026-01-01&to=2026-01-31'));

    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('O registro de treinamento em CSV foi baixado.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    expect(await screen.findByText('O registro de treinamento em PDF foi baixado.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.includes('training.')).map((r) => r.url)).toEqual([
      '/v1/team/training.csv?from=2026-01-01&to=2026-01-31',
      '/v1/team/training.pdf?from=2026-01-01&to=2026-01-31',
    ]);
    expect(downloads).toEqual([expect.stringMatching(/^registro-de-treinamento-\d{4}-\d{2}-\d{2}\.csv$/), expect.stringMatching(/\.pdf$/)]);
    click.mockRestore();
  });

  it('When a technician opens the page, then it says only the manager sees it, without asking the API', async () => {
    openTeam('/equipe', technicianProfile());
    expect(await screen.findByRole('heading', { name: 'Só o gestor do laboratório vê a equipe' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Você faz parte da equipe do ${LAB} como técnico`))).toBeInTheDocument();
    expect(server.requests.some((r) => r.url.startsWith('/v1/team'))).toBe(false);
  });

  it('When a technician chooses "Sair da equipe" and confirms, then DELETE /v1/team/membership is sent and the profile is read again (issue 25)', async () => {
    const auth = openTeam('/equipe', technicianProfile());
    await userEvent.click(await screen.findByRole('button', { name: 'Sair da equipe' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: `Sair da equipe do ${LAB}?` });
    expect(dialog).toHaveTextContent('Seu acesso pela equipe termina na hora');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sair da equipe' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/v1/team/membership', body: undefined }]));
    await waitFor(() => expect(auth.refreshProfile).toHaveBeenCalled());
    expect(await screen.findByText(`Você saiu da equipe do ${LAB}.`)).toBeInTheDocument();
  });

  it('When a member without a laboratory account opens the page, then it says what it is for and how to get one', async () => {
    openTeam('/equipe', profileOf('membro'));
    expect(await screen.findByRole('heading', { name: 'Você ainda não tem uma conta de laboratório' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meu laboratório' })).toHaveAttribute('href', '/usuario/laboratorio');
  });

  it('When the team fails to load, then the API message and "Tentar novamente" are shown, and retrying loads it', async () => {
    teamReply = apiError(500, 'Erro interno. Tente novamente em instantes.', 'INTERNAL');
    openTeam();
    expect(await screen.findByText('Erro interno. Tente novamente em instantes.', {}, { timeout: 5000 })).toBeInTheDocument();
    teamReply = null;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: LAB })).toBeInTheDocument();
  });
});
