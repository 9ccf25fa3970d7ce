import { apiError, mockApi, reply, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { testAuth } from '../../__tests__/support/auth';
import type { SignedRecord } from '../api/authorizations';
import type { CompetenceFunction } from '../api/functions';
import { ACCOUNT_ID, TECHNICIAN_ID, managerProfile, teamOf, trainingOf } from './support';

/**
 * The manager's side of the competence dossier on `/equipe` (issue 31): functions created, edited,
 * archived and assigned with a form; authorizations signed with the password asked again.
 */
const VIDEO = '668000000000000000000v01'.replace('v', 'a');
const CONTENT = '668000000000000000000c01';
const FN_ID = '669000000000000000000f01';
const RECORD_ID = '66a000000000000000000r01'.replace('r', 'b');

let server: MockApi;
let functions: CompetenceFunction[];
let records: SignedRecord[];

const fnOf = (overrides: Partial<CompetenceFunction> = {}): CompetenceFunction => ({
  id: FN_ID,
  accountId: ACCOUNT_ID,
  name: 'Técnico de coleta',
  description: '',
  dueDays: 30,
  requirements: [{ itemType: 'VIDEO', itemId: VIDEO, title: 'Coleta de sangue venoso', validityMonths: 12 }],
  people: [],
  createdAt: '2026-01-05T12:00:00.000Z',
  ...overrides,
});

const recordOf = (): SignedRecord => ({
  id: RECORD_ID,
  kind: 'AUTHORIZATION',
  subjectUserId: TECHNICIAN_ID,
  subjectName: 'Carla Técnica',
  activity: 'Coleta de sangue venoso',
  requiredItems: [],
  reason: '',
  revokes: null,
  signature: { printedName: 'Assinante do Harness', meaning: 'AUTHORIZE', meaningText: 'Autorizo', signedAt: '2026-01-09T12:00:00.000Z', authTime: '2026-01-09T11:59:00.000Z' },
  contentHash: 'a'.repeat(64),
  revokedBy: null,
});

beforeAll(async () => {
  await import('../team-page');
  server = startMockApi(
    mockApi('get', '/v1/team/', () => teamOf()),
    mockApi('get', '/v1/team/training', () => trainingOf()),
    mockApi('get', '/v1/videos/', () => ({ data: [{ _id: VIDEO, title: 'Coleta de sangue venoso' }], meta: { page: 1, limit: 100, total: 1, totalPages: 1 } }) as never),
    mockApi('get', '/v1/contents/', () => ({ data: [{ _id: CONTENT, title: 'POP de descarte' }], meta: { page: 1, limit: 100, total: 1, totalPages: 1 } }) as never),
    mockApi('get', '/v1/competence/accounts/{accountId}/functions', () => ({ data: functions })),
    mockApi('post', '/v1/competence/accounts/{accountId}/functions', ({ body }) => fnOf({ name: body.name }), { status: 201 }),
    mockApi('put', '/v1/competence/accounts/{accountId}/functions/{functionId}', ({ body }) => fnOf({ name: body.name })),
    mockApi('delete', '/v1/competence/accounts/{accountId}/functions/{functionId}', () => {
      functions = [];
      return reply(204);
    }),
    mockApi('put', '/v1/competence/accounts/{accountId}/functions/{functionId}/assignees/{userId}', () => {
      functions = [fnOf({ people: [{ userId: TECHNICIAN_ID, name: 'Carla Técnica', assignedAt: '2026-01-10T12:00:00.000Z' }] })];
      return functions[0]!;
    }),
    mockApi('delete', '/v1/competence/accounts/{accountId}/functions/{functionId}/assignees/{userId}', () => {
      functions = [fnOf()];
      return functions[0]!;
    }),
    mockApi('get', '/v1/competence/accounts/{accountId}/matrix', () => ({
      percentInOrder: 100,
      people: [
        {
          userId: TECHNICIAN_ID,
          name: 'Carla Técnica',
          required: 1,
          inOrder: 1,
          percentInOrder: 100,
          cells: [
            {
              functionId: FN_ID,
              functionName: 'Técnico de coleta',
              itemType: 'VIDEO' as const,
              itemId: VIDEO,
              title: 'Coleta de sangue venoso',
              document: 'POP-COL-003 rev. 3',
              status: 'VALID' as const,
              completedAt: '2026-01-08T12:00:00.000Z',
              completedRevision: 3,
              scorePercent: 100,
              validUntil: '2027-01-08T12:00:00.000Z',
              dueAt: null,
              overdue: false,
            },
          ],
        },
      ],
    })),
    mockApi('get', '/v1/authorizations/accounts/{accountId}', () => ({ data: records })),
    mockApi('post', '/v1/authorizations/accounts/{accountId}', () => recordOf(), { status: 201 }),
    mockApi('post', '/v1/authorizations/records/{recordId}/revocation', () => ({ ...recordOf(), kind: 'REVOCATION' as const }), { status: 201 }),
    mockApi('get', '/v1/authorizations/accounts/{accountId}/audit', () => ({
      data: [{ id: '66b000000000000000000001', at: '2026-01-09T12:00:00.000Z', actorName: 'Assinante do Harness', actorRole: 'USER', action: 'FUNCTION_CREATED', targetType: 'FUNCTION', summary: 'Criou a função "Técnico de coleta" com 1 requisito(s): Coleta de sangue venoso.' }],
      meta: { page: 1, limit: 10, total: 1, totalPages: 1 },
    })),
  );
});
beforeEach(() => {
  functions = [];
  records = [];
  server.reset();
});
afterAll(() => server.close());

function openTeam() {
  const auth = testAuth(managerProfile());
  const reauthenticate = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
  renderRoute(<Routes />, '/equipe', { auth: { ...auth, actions: { ...auth.actions, reauthenticate } } });
  return { reauthenticate };
}

const sent = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);

describe('/equipe — functions', () => {
  it('When the manager creates a function, then an incomplete or repeated requirement is refused in Portuguese, and the checked function is sent with each validity', async () => {
    openTeam();
    const section = await screen.findByRole('region', { name: 'Funções e requisitos' }, { timeout: 5000 });
    expect(await within(section).findByText(/Nenhuma função ainda/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Nova função' }));
    const item1 = await within(section).findByRole('combobox', { name: 'Item 1' });
    await userEvent.click(within(section).getByRole('button', { name: 'Criar a função' }));
    expect(await within(section).findByText('Dê um nome à função, com pelo menos 3 letras (ex.: Técnico de coleta).')).toBeInTheDocument();
    expect(within(section).getByText('Escolha o vídeo ou conteúdo exigido.')).toBeInTheDocument();

    await userEvent.type(within(section).getByRole('textbox', { name: 'Nome da função' }), 'Técnico de coleta');
    await userEvent.selectOptions(item1, 'Vídeo: Coleta de sangue venoso');
    await userEvent.click(within(section).getByRole('button', { name: 'Adicionar item' }));
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Item 2' }), 'Vídeo: Coleta de sangue venoso');
    const validity2 = within(section).getByRole('textbox', { name: 'Validade do item 2 (meses)' });
    await userEvent.clear(validity2);
    await userEvent.type(validity2, '200');
    await userEvent.click(within(section).getByRole('button', { name: 'Criar a função' }));
    expect(await within(section).findByText('Este item já está na lista: cada item entra uma vez só.')).toBeInTheDocument();
    expect(within(section).getByText('Informe a validade em meses, de 1 a 120, ou deixe em branco.')).toBeInTheDocument();
    expect(sent('POST', `/v1/competence/accounts/${ACCOUNT_ID}/functions`)).toHaveLength(0);

    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Item 2' }), 'Conteúdo: POP de descarte');
    await userEvent.clear(validity2);
    await userEvent.click(within(section).getByRole('button', { name: 'Criar a função' }));
    await waitFor(() =>
      expect(sent('POST', `/v1/competence/accounts/${ACCOUNT_ID}/functions`).map((r) => r.body)).toEqual([
        {
          name: 'Técnico de coleta',
          description: '',
          dueDays: 30,
          requirements: [
            { itemType: 'VIDEO', itemId: VIDEO, validityMonths: 12 },
            { itemType: 'CONTENT', itemId: CONTENT, validityMonths: null },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Função Técnico de coleta criada.')).toBeInTheDocument();
  });

  it('When the manager assigns a person, takes the function away, edits and archives it, then each call is sent and the list follows', async () => {
    functions = [fnOf()];
    openTeam();
    const section = await screen.findByRole('region', { name: 'Funções e requisitos' }, { timeout: 5000 });
    const card = await within(section).findByRole('article', { name: 'Técnico de coleta' });
    expect(within(card).getByText('Coleta de sangue venoso — vale 12 meses')).toBeInTheDocument();
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Atribuir Técnico de coleta a' }), 'Carla Técnica');
    await userEvent.click(within(card).getByRole('button', { name: 'Atribuir' }));
    await waitFor(() => expect(sent('PUT', `/v1/competence/accounts/${ACCOUNT_ID}/functions/${FN_ID}/assignees/${TECHNICIAN_ID}`)).toHaveLength(1));
    await userEvent.click(await within(section).findByRole('button', { name: 'Retirar a função Técnico de coleta de Carla Técnica' }));
    await waitFor(() => expect(sent('DELETE', `/v1/competence/accounts/${ACCOUNT_ID}/functions/${FN_ID}/assignees/${TECHNICIAN_ID}`)).toHaveLength(1));

    await userEvent.click(within(section).getByRole('button', { name: 'Editar a função Técnico de coleta' }));
    const name = await within(section).findByRole('textbox', { name: 'Nome da função' });
    expect(name).toHaveValue('Técnico de coleta');
    expect(within(section).getByRole('combobox', { name: 'Item 1' })).toHaveValue(`VIDEO:${VIDEO}`);
    await userEvent.clear(name);
    await userEvent.type(name, 'Técnico de coleta II');
    await userEvent.click(within(section).getByRole('button', { name: 'Salvar a função' }));
    await waitFor(() =>
      expect(sent('PUT', `/v1/competence/accounts/${ACCOUNT_ID}/functions/${FN_ID}`).map((r) => r.body)).toEqual([
        { name: 'Técnico de coleta II', description: '', dueDays: 30, requirements: [{ itemType: 'VIDEO', itemId: VIDEO, validityMonths: 12 }] },
      ]),
    );

    await userEvent.click(await within(section).findByRole('button', { name: 'Arquivar a função Técnico de coleta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivar a função Técnico de coleta?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(sent('DELETE', `/v1/competence/accounts/${ACCOUNT_ID}/functions/${FN_ID}`)).toHaveLength(1));
    expect(await within(section).findByText(/Nenhuma função ainda/)).toBeInTheDocument();
  });
});

describe('/equipe — signed authorizations', () => {
  it('When the manager signs with a wrong password, then the Portuguese message shows and nothing is sent; with the right one, the password is confirmed first and the authorization is sent', async () => {
    const { reauthenticate } = openTeam();
    const section = await screen.findByRole('region', { name: 'Autorizações assinadas' }, { timeout: 5000 });
    expect(await within(section).findByText('Nenhuma autorização assinada ainda.')).toBeInTheDocument();
    expect(await within(section).findByText('Criou a função "Técnico de coleta" com 1 requisito(s): Coleta de sangue venoso.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Assinar autorização' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assinar autorização' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    expect(await within(dialog).findByText('Digite sua senha para assinar.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escolha a pessoa autorizada.')).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Pessoa' }), 'Carla Técnica');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Atividade autorizada' }), 'Coleta de sangue venoso');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Coleta de sangue venoso (POP-COL-003 rev. 3) — em dia' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Revisei e aprovo' }));
    expect(within(dialog).getByText(/^Assinatura eletrônica de/)).toHaveTextContent('Assinatura eletrônica de Assinante do Harness, com data e hora.');
    reauthenticate.mockRejectedValueOnce(new Error('Senha incorreta. Nada foi assinado.'));
    await userEvent.type(within(dialog).getByLabelText('Sua senha'), 'errada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    expect(await within(dialog).findByText('Senha incorreta. Nada foi assinado.')).toBeInTheDocument();
    expect(sent('POST', `/v1/authorizations/accounts/${ACCOUNT_ID}`)).toHaveLength(0);

    const passwordField = within(dialog).getByLabelText('Sua senha');
    await userEvent.clear(passwordField);
    await userEvent.type(passwordField, 'Segura#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    await waitFor(() =>
      expect(sent('POST', `/v1/authorizations/accounts/${ACCOUNT_ID}`).map((r) => r.body)).toEqual([
        { userId: TECHNICIAN_ID, activity: 'Coleta de sangue venoso', meaning: 'REVIEW_APPROVE', requiredItems: [{ itemType: 'VIDEO', itemId: VIDEO }] },
      ]),
    );
    expect(reauthenticate.mock.calls).toEqual([['errada'], ['Segura#2026']]);
    expect(await screen.findByText('Autorização assinada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assinar autorização' })).not.toBeInTheDocument());
  });

  it('When the manager revokes an authorization, then the reason and the password are asked and the revocation is signed; an API refusal stays in the dialog', async () => {
    records = [recordOf()];
    const { reauthenticate } = openTeam();
    const section = await screen.findByRole('region', { name: 'Autorizações assinadas' }, { timeout: 5000 });
    const row = await within(section).findByRole('row', { name: /Carla Técnica/ });
    expect(within(row).getByText('Autorizo — Assinante do Harness, 09/01/2026 às 12:00')).toBeInTheDocument();
    expect(within(row).getByText('Em vigor')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Revogar a autorização de Carla Técnica: Coleta de sangue venoso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar a autorização' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo da revogação' }), 'Mudou de setor');
    await userEvent.type(within(dialog).getByLabelText('Sua senha'), 'Segura#2026');
    server.use(mockApi('post', '/v1/authorizations/records/{recordId}/revocation', () => apiError(409, 'Esta autorização já foi revogada.', 'ALREADY_REVOKED')));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar a revogação' }));
    expect(await within(dialog).findByText('Esta autorização já foi revogada.')).toBeInTheDocument();
    expect(reauthenticate).toHaveBeenCalledWith('Segura#2026');
    expect(sent('POST', `/v1/authorizations/records/${RECORD_ID}/revocation`).map((r) => r.body)).toEqual([{ reason: 'Mudou de setor' }]);
  });

  it('When the manager corrects an authorization, then the person stays, the activity comes filled in, and the new signed record names the one it replaces', async () => {
    records = [recordOf()];
    const { reauthenticate } = openTeam();
    const section = await screen.findByRole('region', { name: 'Autorizações assinadas' }, { timeout: 5000 });
    await userEvent.click(await within(section).findByRole('button', { name: 'Corrigir a autorização de Carla Técnica: Coleta de sangue venoso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corrigir a autorização' });
    expect(within(dialog).getByRole('combobox', { name: 'Pessoa' })).toHaveValue(TECHNICIAN_ID);
    expect(within(dialog).getByRole('combobox', { name: 'Pessoa' })).toBeDisabled();
    const activity = within(dialog).getByRole('textbox', { name: 'Atividade autorizada' });
    expect(activity).toHaveValue('Coleta de sangue venoso');
    await userEvent.type(activity, ' e arterial');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'O que muda nesta correção (opcional)' }), 'Inclui a coleta arterial');
    await userEvent.type(within(dialog).getByLabelText('Sua senha'), 'Segura#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    await waitFor(() =>
      expect(sent('POST', `/v1/authorizations/accounts/${ACCOUNT_ID}`).map((r) => r.body)).toEqual([
        { userId: TECHNICIAN_ID, activity: 'Coleta de sangue venoso e arterial', meaning: 'AUTHORIZE', requiredItems: [], reason: 'Inclui a coleta arterial', replaces: RECORD_ID },
      ]),
    );
    expect(reauthenticate).toHaveBeenCalledWith('Segura#2026');
  });
});
