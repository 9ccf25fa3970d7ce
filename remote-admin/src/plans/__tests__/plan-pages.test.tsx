import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import Routes from '../../routes';

function Location() {
  const { pathname } = useLocation();
  return <output aria-label="endereço">{pathname}</output>;
}

const ID = '680000000000000000000001';
function plan(n: number, changes: Record<string, unknown> = {}) {
  return {
    _id: `68000000000000000000000${n}`,
    name: n === 1 ? 'Mensal' : 'Anual',
    description: 'Acesso ao Clube',
    features: ['Vídeos exclusivos', 'Suporte'],
    interval: n === 1 ? ('MONTHLY' as const) : ('YEARLY' as const),
    priceCents: n === 1 ? 8990 : 89900,
    creditsPerCycle: 4,
    externalPlanId: `plan_${n}`,
    highlight: n === 2,
    order: n,
    active: n === 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

let patchReply: ReturnType<typeof apiError> | null = null;
let server: MockApi;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/plans/all', () => ({ data: [plan(1), plan(2)] as never })),
    mockApi('get', '/v1/plans/{id}', ({ params }) => (params.id === ID ? (plan(1) as never) : apiError(404, 'Plano não encontrado.'))),
    mockApi('patch', '/v1/plans/{id}', ({ body }) => patchReply ?? (plan(1, body) as never)),
  );
});
afterEach(() => {
  server.reset();
  patchReply = null;
});
afterAll(() => server.close());

function open(path: string) {
  renderRoute(
    <>
      <Routes />
      <Location />
    </>,
    path,
    { persona: 'admin' },
  );
}

describe('plan pages', () => {
  it('When the list opens, then every plan (inactive too) shows price, interval, credits and state, with a link to edit', async () => {
    open('/admin/planos');
    const table = await screen.findByRole('table', { name: 'Planos' }, { timeout: 5000 });
    const annual = (await within(table).findByRole('link', { name: 'Editar Anual' })).closest('tr') as HTMLElement;
    expect(within(annual).getByText('Inativo')).toBeInTheDocument();
    expect(within(annual).getByText('Destaque')).toBeInTheDocument();
    expect(within(annual).getByText(/899,00/)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Editar Mensal' })).toHaveAttribute('href', `/admin/planos/editar/${ID}`);
  });

  it('When the admin edits the presentation and saves, then only the presentation is sent (one feature a line) and the list opens with a toast', async () => {
    open(`/admin/planos/editar/${ID}`);
    const name = await screen.findByLabelText('Nome', {}, { timeout: 5000 });
    expect(screen.getByText('Mensal', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(/89,90/)).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Mensal Plus');
    await userEvent.type(screen.getByLabelText('Benefícios'), '{enter}  Certificados  {enter}{enter}');
    await userEvent.clear(screen.getByLabelText('Créditos por ciclo'));
    await userEvent.type(screen.getByLabelText('Créditos por ciclo'), '6');
    await userEvent.click(screen.getByLabelText('Destaque na página de planos'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar plano' }));

    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/admin/planos'));
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch).toEqual({
      method: 'PATCH',
      url: `/v1/plans/${ID}`,
      body: { name: 'Mensal Plus', description: 'Acesso ao Clube', features: ['Vídeos exclusivos', 'Suporte', 'Certificados'], creditsPerCycle: 6, order: 1, highlight: true, active: true },
    });
    expect(await screen.findByText('Plano salvo')).toBeInTheDocument();
  });

  it('When the credits are not a whole number, then the form says so next to the field and nothing is sent', async () => {
    open(`/admin/planos/editar/${ID}`);
    const credits = await screen.findByLabelText('Créditos por ciclo', {}, { timeout: 5000 });
    await userEvent.clear(credits);
    await userEvent.type(credits, '2,5');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar plano' }));
    expect(await screen.findByText('Créditos: use um número inteiro de 0 a 10.000.')).toBeInTheDocument();
    expect(credits).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('When the API refuses the save, then its message is shown and what was typed stays, with the form still open', async () => {
    patchReply = apiError(409, 'Não foi possível salvar o plano agora. Tente de novo.', 'CONFLICT');
    open(`/admin/planos/editar/${ID}`);
    const name = await screen.findByLabelText('Nome', {}, { timeout: 5000 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Novo nome');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar plano' }));
    expect(await screen.findByText('Não foi possível salvar o plano agora. Tente de novo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Novo nome');
    expect(screen.getByLabelText('endereço')).toHaveTextContent(`/admin/planos/editar/${ID}`);
  });

  it('When the API names the field it refuses, then the message sits next to that field', async () => {
    patchReply = apiError(400, 'order: use um número inteiro até 1000.', 'VALIDATION');
    open(`/admin/planos/editar/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar plano' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByLabelText('Ordem de exibição')).toHaveAccessibleDescription('order: use um número inteiro até 1000.'));
  });

  it('When the form has unsaved changes, then closing the tab asks first', async () => {
    open(`/admin/planos/editar/${ID}`);
    await userEvent.type(await screen.findByLabelText('Descrição', {}, { timeout: 5000 }), ' completo');
    const edited = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(edited);
    expect(edited.defaultPrevented).toBe(true);
  });

  it('When the plan does not exist, then the API message and "Tentar novamente" are shown', async () => {
    open('/admin/planos/editar/680000000000000000000000');
    expect(await screen.findByText('Plano não encontrado.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
