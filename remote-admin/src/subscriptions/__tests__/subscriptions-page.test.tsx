import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import Routes from '../../routes';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

const PLAN = '680000000000000000000001';
const MEMBER = '660000000000000000000009';
const plan = { _id: PLAN, name: 'Trimestral', interval: 'QUARTERLY' as const, priceCents: 23990, creditsPerCycle: 12, externalPlanId: 'plan_q' };

type Status = 'PENDING' | 'ACTIVE' | 'PAUSED' | 'CANCELED';
/** What the fake API answers as the lifecycle's allowed changes after an admin's change (the real table is the API's). */
const ALLOWED_AFTER: Record<Status, Status[]> = { PENDING: [], ACTIVE: ['PAUSED', 'CANCELED'], PAUSED: ['ACTIVE', 'CANCELED'], CANCELED: ['ACTIVE', 'PAUSED'] };

function subscription(n: number, status: Status, allowedStatusChanges: Status[] = ALLOWED_AFTER[status], seats = 1) {
  return {
    _id: `67000000000000000000000${n}`,
    userId: MEMBER,
    member: { name: 'Renata Souza', email: 'renata@lab.com.br' },
    adminDecision: null as null | { status: Status; byName: string; reason: string | null; at: string },
    planId: PLAN,
    plan,
    seats,
    cycleAmountCents: plan.priceCents * seats,
    cycleCredits: plan.creditsPerCycle * seats,
    status,
    allowedStatusChanges,
    createdAt: '2026-01-05T12:00:00.000Z',
    currentPeriodStart: '2026-01-05T12:00:00.000Z',
    endDate: '2026-04-05T12:00:00.000Z',
  };
}

let rows: ReturnType<typeof subscription>[];
let listReply: ReturnType<typeof apiError> | null;
let patchReply: ReturnType<typeof apiError> | null;
let server: MockApi;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/subscriptions/paginated', ({ query }) => {
      if (listReply) return listReply;
      const page = Number(query.get('page'));
      return { data: rows as never, meta: { page, limit: Number(query.get('limit')), total: 12, totalPages: 2 } };
    }),
    mockApi('get', '/v1/plans/all', () => ({
      data: [{ ...plan, description: 'Três meses', features: [], highlight: false, order: 1, active: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }] as never,
    })),
    mockApi('get', '/v1/admin/exports/subscriptions', () => 'id,plano,situação\n' as never),
    mockApi('patch', '/v1/subscriptions/status', ({ body }) => {
      if (patchReply) return patchReply;
      const adminDecision = { status: body.status, byName: 'Ana Admin', reason: body.reason ?? null, at: '2026-01-10T12:00:00.000Z' };
      rows = rows.map((row) => (row._id === body.subscriptionId ? { ...row, status: body.status, adminDecision, allowedStatusChanges: ALLOWED_AFTER[body.status] } : row));
      return rows.find((row) => row._id === body.subscriptionId) as never;
    }),
  );
});
beforeEach(() => {
  rows = [subscription(1, 'ACTIVE'), subscription(2, 'CANCELED')];
  listReply = null;
  patchReply = null;
});
afterEach(() => server.reset());
afterAll(() => server.close());

function open(path = '/admin/assinaturas') {
  renderRoute(
    <>
      <Routes />
      <Location />
    </>,
    path,
    { persona: 'admin' },
  );
}

const listCalls = () => server.requests.filter((r) => r.url.startsWith('/v1/subscriptions/paginated')).map((r) => r.url);

describe('subscriptions page', () => {
  it('When plan, status and member are chosen, then each lands in the URL and the API gets exactly them', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Assinaturas' }, { timeout: 5000 });
    expect((await within(table).findAllByText('Trimestral (trimestral)')).length).toBe(2);
    await screen.findByRole('option', { name: 'Trimestral (trimestral)' });

    await userEvent.selectOptions(screen.getByLabelText('Plano'), 'Trimestral (trimestral)');
    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Ativas');
    await userEvent.type(screen.getByLabelText('Nome ou e-mail do membro'), ' renata@lab ');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));

    expect(screen.getByLabelText('endereço')).toHaveTextContent(`/admin/assinaturas?planId=${PLAN}&status=ACTIVE&member=renata%40lab&page=2`);
    await waitFor(() => expect(listCalls().at(-1)).toBe(`/v1/subscriptions/paginated?page=2&limit=10&planId=${PLAN}&member=renata%40lab&status=ACTIVE`));
    // Each row names the member and their e-mail, linking to their page.
    expect(within(table).getAllByRole('link', { name: 'Renata Souza' })[0]).toHaveAttribute('href', `/admin/usuarios/${MEMBER}`);
    expect(within(table).getAllByText('renata@lab.com.br')).toHaveLength(2);
  });

  it('When the admin exports, then the CSV is asked for with the same filters as the list and downloaded', async () => {
    const createObjectURL = jest.fn(() => 'blob:assinaturas');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    open(`/admin/assinaturas?status=ACTIVE&planId=${PLAN}&page=2`);
    await screen.findByRole('table', { name: 'Assinaturas' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Exportação pronta')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.startsWith('/v1/admin/exports')).map((r) => r.url)).toEqual([`/v1/admin/exports/subscriptions?planId=${PLAN}&status=ACTIVE`]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual([expect.stringMatching(/^assinaturas-\d{4}-\d{2}-\d{2}\.csv$/)]);
    click.mockRestore();
  });

  it('When the page opens with filters in the URL, then the controls show them', async () => {
    open(`/admin/assinaturas?status=PAUSED&planId=${PLAN}&limit=20`);
    await waitFor(() => expect(listCalls()).toEqual([`/v1/subscriptions/paginated?page=1&limit=20&planId=${PLAN}&status=PAUSED`]));
    expect(screen.getByLabelText('Situação')).toHaveDisplayValue('Pausadas');
    expect(await screen.findByDisplayValue('Trimestral (trimestral)')).toBe(screen.getByLabelText('Plano'));
  });

  it('When the admin pauses a subscription and confirms, then the API gets the decision and the row shows the new status', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Assinaturas' }, { timeout: 5000 });
    await within(table).findAllByText('Trimestral (trimestral)');
    const [, active, canceled] = within(table).getAllByRole('row');
    await userEvent.click(within(active as HTMLElement).getByRole('button', { name: /^Pausar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Pausar?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar: pausar' }));

    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/v1/subscriptions/status', body: { subscriptionId: '670000000000000000000001', status: 'PAUSED' } },
      ]),
    );
    expect(await within(table).findByText('Pausada por Ana Admin')).toBeInTheDocument();
    expect(within(table).queryByText('Pausada por falta de pagamento')).toBeNull();
    expect(await screen.findByText('Situação alterada')).toBeInTheDocument();
    // Each row offers the other statuses: the paused one can be reactivated, the canceled one cannot be canceled again.
    expect(await within(active as HTMLElement).findByRole('button', { name: /^Ativar/ })).toBeInTheDocument();
    expect(within(active as HTMLElement).queryByRole('button', { name: /^Pausar/ })).not.toBeInTheDocument();
    expect(within(canceled as HTMLElement).getByRole('button', { name: /^Ativar/ })).toBeInTheDocument();
    expect(within(canceled as HTMLElement).queryByRole('button', { name: /^Cancelar assinatura/ })).not.toBeInTheDocument();
  });

  it('When the API allows no status change for a row, then the row offers none', async () => {
    rows = [subscription(1, 'ACTIVE', []), subscription(2, 'PAUSED', ['CANCELED'])];
    open();
    const table = await screen.findByRole('table', { name: 'Assinaturas' }, { timeout: 5000 });
    await within(table).findAllByText('Trimestral (trimestral)');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).queryByRole('button', { name: /^(Ativar|Pausar|Cancelar)/ })).not.toBeInTheDocument();
    expect(within(second as HTMLElement).getAllByRole('button', { name: /^(Ativar|Pausar|Cancelar)/ }).map((button) => button.textContent)).toEqual(['Cancelar']);
  });

  it('When the admin types why before pausing, then the API gets the reason and the row says who paused and why', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Assinaturas' }, { timeout: 5000 });
    await within(table).findAllByText('Trimestral (trimestral)');
    const [, active] = within(table).getAllByRole('row');
    await userEvent.click(within(active as HTMLElement).getByRole('button', { name: /^Pausar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Pausar?' });
    await userEvent.type(within(dialog).getByLabelText('Motivo (opcional)'), '  Pedido do laboratório por e-mail  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar: pausar' }));

    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/v1/subscriptions/status', body: { subscriptionId: '670000000000000000000001', status: 'PAUSED', reason: 'Pedido do laboratório por e-mail' } },
      ]),
    );
    expect(await within(active as HTMLElement).findByText(/Pedido do laboratório por e-mail/)).toBeInTheDocument();
    expect(within(active as HTMLElement).getByText('Pausada por Ana Admin')).toBeInTheDocument();
  });

  it('When the API refuses the change, then its Portuguese reason stays in the dialog', async () => {
    patchReply = apiError(409, 'Esta assinatura já foi cancelada.', 'INVALID_TRANSITION');
    open();
    await userEvent.click(await screen.findByRole('button', { name: /^Cancelar assinatura/ }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar assinatura?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar: cancelar assinatura' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Esta assinatura já foi cancelada.');
  });

  it('When the list fails, then the API message and "Tentar novamente" are shown', async () => {
    listReply = apiError(503, 'Serviço indisponível no momento.');
    open();
    expect(await screen.findByText('Serviço indisponível no momento.', {}, { timeout: 5000 })).toBeInTheDocument();
    listReply = null;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findAllByText('Trimestral (trimestral)')).length).toBeGreaterThan(0);
  });

  it('When nothing matches, then the page says what to change', async () => {
    rows = [];
    open('/admin/assinaturas?status=PENDING');
    expect(await screen.findByText(/Nenhuma assinatura com esses filtros/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('When a laboratory subscription has 3 seats, then "Valor" is what each cycle charges it, R$ 719,70, with "3 assentos × R$ 239,90" (issue 25)', async () => {
    rows = [subscription(1, 'ACTIVE', ALLOWED_AFTER.ACTIVE, 3), subscription(2, 'ACTIVE')];
    open();
    const table = await screen.findByRole('table', { name: 'Assinaturas' }, { timeout: 5000 });
    const [, lab, single] = await waitFor(() => {
      const found = within(table).getAllByRole('row');
      expect(found).toHaveLength(3);
      return found;
    });
    const value = within(lab as HTMLElement).getAllByRole('cell')[1]!;
    expect(value).toHaveTextContent(/^R\$\s719,70/);
    expect(value).toHaveTextContent(/3 assentos × R\$\s239,90$/);
    expect(within(single as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^R\$\s239,90$/);
  });
});
