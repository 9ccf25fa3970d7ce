import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { personaProfile, renderRoute } from '@clube/dev-harness/test';
import type { UserProfile } from '@clube/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import Routes from '../../routes';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

const base = personaProfile('admin') as UserProfile;
function user(n: number, changes: Partial<UserProfile> = {}): UserProfile {
  return { ...base, _id: `66000000000000000000000${n}`, name: `Pessoa ${n}`, email: `pessoa${n}@clube.local`, role: 'USER', ...changes };
}

let server: MockApi;
let listReply: ReturnType<typeof apiError> | null = null;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/users/', ({ query }) => {
      if (listReply) return listReply;
      const page = Number(query.get('page'));
      const rows = page === 2 ? [user(3)] : [user(1), user(2, { role: 'ADMIN', hasActiveSubscription: true, credits: { balance: 4, used: 8 } })];
      return { data: rows, meta: { page, limit: Number(query.get('limit')), total: 13, totalPages: 2 } };
    }),
  );
});
afterEach(() => {
  server.reset();
  listReply = null;
});
afterAll(() => server.close());

function open(path = '/admin/usuarios') {
  renderRoute(
    <>
      <Routes />
      <Location />
    </>,
    path,
    { persona: 'admin' },
  );
}

const listCalls = () => server.requests.filter((r) => r.url.startsWith('/v1/users?')).map((r) => r.url);

describe('users page', () => {
  it('When filters, sort and page are chosen, then each lands in the URL under the API name and the API gets exactly them (ALL omitted)', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Usuários' });
    expect(await within(table).findByRole('link', { name: 'Pessoa 1' })).toHaveAttribute('href', '/admin/usuarios/660000000000000000000001');

    await userEvent.type(screen.getByLabelText('Buscar por nome, e-mail ou CNPJ'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.selectOptions(screen.getByLabelText('Assinatura'), 'Com assinatura ativa');
    await userEvent.selectOptions(screen.getByLabelText('Créditos'), 'Já usaram créditos');
    await userEvent.selectOptions(screen.getByLabelText('Papel'), 'Administradores');
    await userEvent.selectOptions(screen.getByLabelText('Papel'), 'Todos');
    await userEvent.click(screen.getByRole('button', { name: /Nome/ }));
    await userEvent.click(screen.getByRole('button', { name: /Nome/ }));
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));

    expect(screen.getByLabelText('endereço')).toHaveTextContent('/admin/usuarios?searchTerm=ana&isSubscriber=true&hasUsedCredits=true&field=name&criteria=desc&page=2');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/v1/users?page=2&limit=10&searchTerm=ana&isSubscriber=true&hasUsedCredits=true&field=name&criteria=desc'));
    expect(listCalls().some((url) => url.includes('role=ALL'))).toBe(false);
    expect(listCalls()).toContain('/v1/users?page=1&limit=10&searchTerm=ana&role=ADMIN&isSubscriber=true&hasUsedCredits=true');
    expect(await within(table).findByRole('link', { name: 'Pessoa 3' })).toBeInTheDocument();
  });

  it('When the page opens with filters in the URL, then the controls show them and the API is asked for them', async () => {
    open('/admin/usuarios?searchTerm=bruno&isSubscriber=false&hasUsedCredits=false&role=USER&field=email&criteria=asc&limit=20');
    await waitFor(() => expect(listCalls()).toEqual(['/v1/users?page=1&limit=20&searchTerm=bruno&role=USER&isSubscriber=false&hasUsedCredits=false&field=email&criteria=asc']));
    expect(screen.getByLabelText('Buscar por nome, e-mail ou CNPJ')).toHaveValue('bruno');
    expect(screen.getByLabelText('Assinatura')).toHaveDisplayValue('Sem assinatura ativa');
    expect(screen.getByLabelText('Créditos')).toHaveDisplayValue('Nunca usaram créditos');
    expect(screen.getByLabelText('Papel')).toHaveDisplayValue('Membros');
    expect(screen.getByLabelText('Itens por página')).toHaveDisplayValue('20 por página');
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('When the list fails, then the API message and "Tentar novamente" are shown, and retrying asks again', async () => {
    listReply = apiError(503, 'Serviço indisponível no momento.');
    open();
    expect(await screen.findByText('Serviço indisponível no momento.')).toBeInTheDocument();
    listReply = null;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Pessoa 1' })).toBeInTheDocument();
  });

  it('When nobody matches, then the page says how to see everyone', async () => {
    listReply = null;
    server.use(mockApi('get', '/v1/users/', () => ({ data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } })));
    open('/admin/usuarios?searchTerm=ninguem');
    expect(await screen.findByText('Nenhum usuário com esses filtros. Mude a busca ou limpe os filtros para ver todos.')).toBeInTheDocument();
  });
});
