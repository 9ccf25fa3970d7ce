import { mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';

type State = 'PENDING' | 'RUNNING' | 'DONE' | 'DEAD';
function email(n: number, state: State, lastError: string | null) {
  return {
    _id: `6f000000000000000000000${n}`,
    to: `tecnico${n}@lab.test`,
    template: 'team-invitation',
    subject: `Convite ${n}`,
    state,
    attempts: state === 'DEAD' ? 8 : 1,
    lastError,
    messageId: null,
    skipped: null,
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
    nextAttemptAt: null,
  };
}

let rows: ReturnType<typeof email>[];
let server: MockApi;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/admin/emails/', ({ query }) => ({
      data: rows.filter((row) => !query.get('state') || row.state === query.get('state')),
      meta: { page: 1, limit: Number(query.get('limit')), total: rows.length, totalPages: 1 },
    })),
    mockApi('post', '/v1/admin/emails/{id}/resend', ({ params }) => {
      rows = rows.map((row) => (row._id === params.id ? { ...row, state: 'PENDING' as const, attempts: 0 } : row));
      return rows.find((row) => row._id === params.id)!;
    }),
  );
});
beforeEach(() => {
  rows = [email(1, 'DEAD', 'connect ECONNREFUSED 127.0.0.1:1025'), email(2, 'DONE', null)];
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('e-mails page', () => {
  it('When a message failed for good, then its error shows and "Reenviar" puts it back in the queue', async () => {
    renderRoute(<Routes />, '/admin/emails', { persona: 'admin' });
    const table = await screen.findByRole('table', { name: 'E-mails' }, { timeout: 5000 });
    const deadRow = (await within(table).findByText('tecnico1@lab.test')).closest('tr')!;
    expect(within(deadRow).getByText('connect ECONNREFUSED 127.0.0.1:1025')).toBeInTheDocument();
    expect(within(deadRow).getByText('Falhou')).toBeInTheDocument();
    const sentRow = within(table).getByText('tecnico2@lab.test').closest('tr')!;
    expect(within(sentRow).queryByRole('button', { name: /Reenviar/ })).toBeNull();

    await userEvent.click(within(deadRow).getByRole('button', { name: 'Reenviar: Convite 1 para tecnico1@lab.test' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'E-mails' })).getByText('tecnico1@lab.test').closest('tr')!).toHaveTextContent('Na fila'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/v1/admin/emails/6f0000000000000000000001/resend']);
  });
});
