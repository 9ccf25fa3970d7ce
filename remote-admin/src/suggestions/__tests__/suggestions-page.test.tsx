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

type Answer = { itemId: string; itemType: 'CONTENT' | 'VIDEO'; slug: string | null; title: string | null } | null;
function suggestion(n: number, status: 'NEW' | 'READ' | 'DONE', votes: number, answer: Answer = null) {
  return {
    _id: `6e000000000000000000000${n}`,
    subject: `Sugestão ${n}`,
    message: `Pedido ${n}`,
    status,
    votes,
    answer,
    userId: '660000000000000000000009',
    user: { _id: '660000000000000000000009', name: 'Bruna Lima', email: 'bruna@clube.local' },
    createdAt: '2026-01-05T12:00:00.000Z',
    updatedAt: '2026-01-05T12:00:00.000Z',
  };
}
const GUIDE = '6b0000000000000000000001';

let rows: ReturnType<typeof suggestion>[];
let patchReply: ReturnType<typeof apiError> | null;
let server: MockApi;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/suggestions/', ({ query }) => ({ data: rows, meta: { page: Number(query.get('page')), limit: Number(query.get('limit')), total: 11, totalPages: 2 } })),
    mockApi('patch', '/v1/suggestions/{id}', ({ params, body }) => {
      if (patchReply) return patchReply;
      rows = rows.map((row) => {
        if (row._id !== params.id) return row;
        const answer = body.answer === undefined ? row.answer : body.answer && { ...body.answer, slug: 'guia-de-biosseguranca', title: 'Guia de biossegurança' };
        return { ...row, status: body.status ?? row.status, answer };
      });
      return rows.find((row) => row._id === params.id) as never;
    }),
    mockApi('get', '/v1/contents/', ({ query }) => ({
      data: (query.get('search') === 'guia' ? [{ _id: GUIDE, title: 'Guia de biossegurança', slug: 'guia-de-biosseguranca' }] : []) as never,
      meta: { page: 1, limit: 5, total: 1, totalPages: 1 },
    })),
  );
});
beforeEach(() => {
  rows = [suggestion(1, 'NEW', 7), suggestion(2, 'DONE', 3, { itemId: GUIDE, itemType: 'CONTENT', slug: 'guia-de-biosseguranca', title: 'Guia de biossegurança' })];
  patchReply = null;
});
afterEach(() => server.reset());
afterAll(() => server.close());

function open(path = '/admin/sugestoes') {
  renderRoute(
    <>
      <Routes />
      <Location />
    </>,
    path,
    { persona: 'admin' },
  );
}

const listCalls = () => server.requests.filter((r) => r.url.startsWith('/v1/suggestions?')).map((r) => r.url);
const patches = () => server.requests.filter((r) => r.method === 'PATCH');

describe('suggestions page', () => {
  it('When status and order are chosen, then both land in the URL and the API is asked for them', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Sugestões' }, { timeout: 5000 });
    expect(await within(table).findByText('Sugestão 1')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Guia de biossegurança' })).toHaveAttribute('href', '/conteudos/guia-de-biosseguranca');
    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Novas');
    await userEvent.selectOptions(screen.getByLabelText('Ordem'), 'Mais votadas');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/admin/sugestoes?status=NEW&sort=votes&page=2');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/v1/suggestions?page=2&limit=10&status=NEW&sort=votes'));
  });

  it('When a new suggestion is moved on, then the API gets READ and the row offers only DONE; a published one offers nothing', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Sugestões' }, { timeout: 5000 });
    expect(await within(table).findByRole('button', { name: 'Marcar como publicada: Sugestão 1' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Marcar em análise: Sugestão 1' }));
    await waitFor(() => expect(patches()).toEqual([{ method: 'PATCH', url: '/v1/suggestions/6e0000000000000000000001', body: { status: 'READ' } }]));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Marcar em análise: Sugestão 1' })).not.toBeInTheDocument());
    expect(within(table).getByRole('button', { name: 'Marcar como publicada: Sugestão 1' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Marcar .*: Sugestão 2$/ })).not.toBeInTheDocument();
  });

  it('When the API refuses a move, then its Portuguese reason is shown', async () => {
    patchReply = apiError(409, 'Uma sugestão não volta para uma situação anterior.', 'INVALID_TRANSITION');
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar em análise: Sugestão 1' }, { timeout: 5000 }));
    expect(await screen.findByText('Uma sugestão não volta para uma situação anterior.')).toBeInTheDocument();
  });

  it('When the admin links the content that answered, then the API gets it and the row links to it; undoing sends null', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Sugestões' }, { timeout: 5000 });
    await userEvent.click(await within(table).findByRole('button', { name: 'Vincular resposta: Sugestão 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Vincular a resposta' });
    await userEvent.type(within(dialog).getByLabelText('Título'), 'guia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Procurar' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Vincular “Guia de biossegurança”' }));

    await waitFor(() => expect(patches()).toEqual([{ method: 'PATCH', url: '/v1/suggestions/6e0000000000000000000001', body: { answer: { itemId: GUIDE, itemType: 'CONTENT' } } }]));
    expect(await screen.findByText('Resposta vinculada')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('link', { name: 'Guia de biossegurança' })).toHaveLength(2));

    await userEvent.click(within(table).getByRole('button', { name: 'Desfazer vínculo: Sugestão 2' }));
    await waitFor(() => expect(patches().at(-1)).toEqual({ method: 'PATCH', url: '/v1/suggestions/6e0000000000000000000002', body: { answer: null } }));
    await waitFor(() => expect(within(table).getAllByRole('link', { name: 'Guia de biossegurança' })).toHaveLength(1));
  });

  it('When nothing matches a status, then the page says how to see the others', async () => {
    rows = [];
    open('/admin/sugestoes?status=DONE');
    expect(await screen.findByText('Nenhuma sugestão nesta situação. Escolha “Todas” em Situação para ver as outras.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('When there are no suggestions at all ("Todas" chosen), then the page does not tell the admin to choose "Todas"', async () => {
    rows = [];
    open('/admin/sugestoes');
    expect(await screen.findByText('Nenhuma sugestão ainda. Elas aparecem aqui quando os membros sugerem temas na página Sugestões do Clube.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Escolha “Todas”/)).not.toBeInTheDocument();
  });
});
