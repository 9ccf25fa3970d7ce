import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { personaProfile, renderRoute } from '@clube/dev-harness/test';
import type { UserProfile } from '@clube/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';

const ID = '660000000000000000000009';
const SUB = '670000000000000000000001';
let member: UserProfile;
let patchReply: ReturnType<typeof apiError> | null;

let server: MockApi;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/users/{id}', ({ params }) => (params.id === ID ? member : apiError(404, 'Usuário não encontrado.'))),
    mockApi('patch', '/v1/users/{id}', ({ body }) => {
      if (patchReply) return patchReply;
      member = { ...member, role: body.role ?? member.role };
      return member;
    }),
    mockApi('get', '/v1/subscriptions/user/{userId}', () => ({
      data: [
        {
          _id: SUB,
          userId: ID,
          status: 'ACTIVE',
          plan: { _id: '680000000000000000000001', name: 'Trimestral', interval: 'QUARTERLY', priceCents: 23990, creditsPerCycle: 12, externalPlanId: 'plan_q' },
          createdAt: '2026-01-05T12:00:00.000Z',
          currentPeriodStart: '2026-01-05T12:00:00.000Z',
          endDate: '2026-04-05T12:00:00.000Z',
          pixAutomatic: { idRec: 'RR9999999920260105ABCDEFGHIJK', status: 'APROVADA', amountCents: 23990, endedReason: null, updatedAt: '2026-01-05T12:00:00.000Z' },
        },
      ] as never,
      meta: { page: 1, limit: 100, total: 1, totalPages: 1 },
    })),
    mockApi('get', '/v1/subscriptions/{id}/invoices', () => ({
      data: [
        {
          _id: '690000000000000000000001',
          subscriptionId: SUB,
          userId: ID,
          planId: '680000000000000000000001',
          amountCents: 23990,
          status: 'PAID' as const,
          kind: 'FIRST' as const,
          description: 'Plano Trimestral — primeiro ciclo',
          creditsGranted: 12,
          seats: 1,
          dueDate: '2026-01-08T12:00:00.000Z',
          paidAt: '2026-01-05T12:00:00.000Z',
          periodStart: null,
          periodEnd: null,
          refundedAt: null,
          hasReceipt: true,
          txid: 'CLB690000000000000000000001',
          endToEndId: 'E99999999202601051200ABCDEFGHIJK',
          createdAt: '2026-01-05T12:00:00.000Z',
        },
      ],
      meta: { page: 1, limit: 10, total: 1, totalPages: 1 },
    })),
    mockApi('get', '/v1/users/{id}/unlocks', () => ({
      data: [{ _id: '6a0000000000000000000001', itemType: 'CONTENT' as const, itemId: '6b0000000000000000000001', title: 'Guia de biossegurança', credits: 3, createdAt: '2026-01-06T12:00:00.000Z' }],
      meta: { page: 1, limit: 100, total: 1, totalPages: 1 },
    })),
    mockApi('get', '/v1/users/{id}/progress', () => ({
      data: [{ videoId: '6c0000000000000000000001', title: 'Calibração de pipetas', durationSeconds: 600, watchedSeconds: 540, finishedAt: '2026-01-07T12:00:00.000Z' }],
      meta: { page: 1, limit: 100, total: 1, totalPages: 1 },
    })),
  );
});
beforeEach(() => {
  member = { ...(personaProfile('assinante') as UserProfile), _id: ID, name: 'Bruna Lima', email: 'bruna@clube.local', credits: { balance: 9, used: 3 } };
  patchReply = null;
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('member page', () => {
  it('When it opens, then profile, laboratory, subscription, invoice, unlock and progress are shown', async () => {
    renderRoute(<Routes />, `/admin/usuarios/${ID}`, { persona: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruna Lima' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('bruna@clube.local')).toBeInTheDocument();
    expect(screen.getByText('9 disponíveis, 3 usados')).toBeInTheDocument();
    expect(screen.getByText('Laboratório Vida Análises Clínicas')).toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Assinaturas' })).findByText('Trimestral (trimestral)')).toBeInTheDocument();
    expect(await screen.findByText('Plano Trimestral — primeiro ciclo')).toBeInTheDocument();
    // The PSP's ids of the charge and of the payment, to look it up at the bank.
    expect(screen.getByText('txid CLB690000000000000000000001')).toBeInTheDocument();
    expect(screen.getByText('E2E E99999999202601051200ABCDEFGHIJK')).toBeInTheDocument();
    // Pix Automático: the recurrence's state and its id at the PSP.
    const subscriptions = screen.getByRole('table', { name: 'Assinaturas' });
    expect(within(subscriptions).getByText('Ativo')).toBeInTheDocument();
    expect(within(subscriptions).getByText('idRec RR9999999920260105ABCDEFGHIJK')).toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Desbloqueios' })).findByText('Guia de biossegurança')).toBeInTheDocument();
    expect(await screen.findByText('9 min de 10 min')).toBeInTheDocument();
  });

  it('When the admin promotes the member and confirms, then the API gets { role: ADMIN } and the page shows the new role', async () => {
    renderRoute(<Routes />, `/admin/usuarios/${ID}`, { persona: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Tornar administrador' }));
    const dialog = screen.getByRole('dialog', { name: 'Tornar administrador?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar promoção' }));

    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', url: `/v1/users/${ID}`, body: { role: 'ADMIN' } }]));
    expect(await screen.findByRole('button', { name: 'Remover de administrador' })).toBeInTheDocument();
    expect(await screen.findByText('Promovido a administrador')).toBeInTheDocument();
  });

  it('When demoting is refused because it is the last admin, then the Portuguese reason stays in the dialog and the role is unchanged', async () => {
    member = { ...member, role: 'ADMIN' };
    patchReply = apiError(409, 'Não é possível remover o último administrador do Clube.', 'LAST_ADMIN');
    renderRoute(<Routes />, `/admin/usuarios/${ID}`, { persona: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remover de administrador' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover de administrador?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar remoção' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não é possível remover o último administrador do Clube.');
    expect(screen.getAllByText('Administrador').length).toBeGreaterThan(0);
  });

  it('When the admin opens their own page, then no role change is offered and the page says why', async () => {
    member = { ...member, _id: 'harness-admin', role: 'ADMIN' };
    server.use(mockApi('get', '/v1/users/{id}', () => member));
    renderRoute(<Routes />, '/admin/usuarios/harness-admin', { persona: 'admin' });
    expect(await screen.findByText(/Só outro administrador pode mudar o seu papel/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover de administrador' })).not.toBeInTheDocument();
  });

  it('When the member manages a laboratory account, then "Conta de laboratório" shows its name, CNPJ, seats, the subscription status and the people with role and status', async () => {
    server.use(
      mockApi('get', '/v1/users/{id}/team', () => ({
        role: 'MANAGER' as const,
        account: { id: '667000000000000000000001', name: 'Lab Vida', cnpj: '11222333000181', seats: 3, seatsUsed: 2, subscriptionId: SUB, subscriptionStatus: 'ACTIVE' as const, credits: { balance: 9, used: 0 } },
        members: [
          { userId: ID, name: 'Bruna Lima', email: 'bruna@clube.local', role: 'MANAGER' as const, joinedAt: '2026-01-05T12:00:00.000Z' },
          { userId: '660000000000000000000010', name: 'Caio Técnico', email: 'caio@lab.com.br', role: 'TECHNICIAN' as const, joinedAt: '2026-01-06T12:00:00.000Z' },
        ],
      })),
    );
    renderRoute(<Routes />, `/admin/usuarios/${ID}`, { persona: 'admin' });
    const section = within(await screen.findByRole('region', { name: 'Conta de laboratório' }, { timeout: 5000 }));
    expect(await section.findByText('Lab Vida')).toBeInTheDocument();
    expect(section.getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(section.getByText('2 em uso de 3 comprados')).toBeInTheDocument();
    const people = within(section.getByRole('table', { name: 'Pessoas da conta de laboratório' }));
    expect(people.getByRole('row', { name: /Caio Técnico/ })).toHaveTextContent(/Técnico.*Ativo.*06\/01\/2026/);
    expect(section.getByText('Ativa')).toBeInTheDocument();
    expect(people.getByRole('link', { name: 'Caio Técnico' })).toHaveAttribute('href', '/admin/usuarios/660000000000000000000010');
    expect(people.getByRole('row', { name: /Bruna Lima/ })).toHaveTextContent(/Gestor.*Ativo/);
  });

  it('When the laboratory has functions, then the admin sees each person\'s requirements in order and what is missing, with no control to sign an authorization', async () => {
    const cell = (title: string, status: 'VALID' | 'EXPIRED' | 'REVISION_DUE') => ({
      functionId: '668000000000000000000001',
      functionName: 'Técnico de coleta',
      itemType: 'VIDEO' as const,
      itemId: '669000000000000000000001',
      title,
      document: 'POP-COL-003 rev. 4',
      status,
      completedAt: null,
      completedRevision: null,
      scorePercent: null,
      validUntil: null,
      dueAt: null,
      overdue: status !== 'VALID',
    });
    server.use(
      mockApi('get', '/v1/users/{id}/team', () => ({
        role: 'MANAGER' as const,
        account: { id: '667000000000000000000001', name: 'Lab Vida', cnpj: '11222333000181', seats: 3, seatsUsed: 2, subscriptionId: SUB, subscriptionStatus: 'ACTIVE' as const, credits: { balance: 9, used: 0 } },
        members: [],
      })),
      mockApi('get', '/v1/competence/accounts/{accountId}/matrix', ({ params }) =>
        params.accountId === '667000000000000000000001'
          ? {
              percentInOrder: 33.3,
              people: [
                { userId: '660000000000000000000010', name: 'Caio Técnico', required: 3, inOrder: 1, percentInOrder: 33.3, cells: [cell('Coleta segura', 'VALID'), cell('Centrífuga', 'EXPIRED'), cell('Pipetas', 'REVISION_DUE')] },
              ],
            }
          : apiError(404, 'Laboratório não encontrado.', 'ACCOUNT_NOT_FOUND'),
      ),
    );
    renderRoute(<Routes />, `/admin/usuarios/${ID}`, { persona: 'admin' });
    const section = within(await screen.findByRole('region', { name: 'Competências do laboratório' }, { timeout: 5000 }));
    expect(await section.findByText('Requisitos em dia no laboratório: 33,3 %.')).toBeInTheDocument();
    expect(within(section.getByRole('table', { name: 'Competências por pessoa' })).getByRole('row', { name: /Caio Técnico/ })).toHaveTextContent(
      'Caio Técnico1 de 333,3 %Centrífuga (Vencida); Pipetas (Nova revisão a fazer)',
    );
    expect(section.getByText('Só o gestor do laboratório define funções e assina autorizações; o admin consulta.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /assinar|autorizar|autorização/i })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/senha/i)).not.toBeInTheDocument();
  });

  it('When the member has no laboratory account, then the section says so', async () => {
    server.use(mockApi('get', '/v1/users/{id}/team', () => apiError(404, 'Este membro não tem conta de laboratório.', 'TEAM_NOT_FOUND')));
    renderRoute(<Routes />, `/admin/usuarios/${ID}`, { persona: 'admin' });
    const section = within(await screen.findByRole('region', { name: 'Conta de laboratório' }, { timeout: 5000 }));
    expect(await section.findByText('Sem conta de laboratório.')).toBeInTheDocument();
  });

  it('When the member does not exist, then the API message and a way back are shown', async () => {
    renderRoute(<Routes />, '/admin/usuarios/660000000000000000000000', { persona: 'admin' });
    expect(await screen.findByText('Usuário não encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a lista de usuários' })).toHaveAttribute('href', '/admin/usuarios');
  });
});
