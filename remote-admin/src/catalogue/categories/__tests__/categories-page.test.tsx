import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../../routes';

interface Row {
  _id: string;
  name: string;
  slug: string;
  order: number;
  createdAt: string;
  updatedAt: string;
}
const at = '2026-01-01T00:00:00.000Z';
const category = (n: number, name: string, slug: string): Row => ({ _id: `6f000000000000000000000${n}`, name, slug, order: n - 1, createdAt: at, updatedAt: at });

/** What the fake API answers for GET /v1/admin/slug-preview (the real rule is the API's, api/src/modules/catalogue/rules/slug.ts). */
const SLUG_PREVIEWS: Record<string, string> = {
  'Coleta de sangue: boas práticas!': 'coleta-de-sangue-boas-praticas',
  'Guia de pipetas': 'guia-de-pipetas',
  'Café & Pão: 100%': 'cafe-pao-100',
  'Aula externa': 'aula-externa',
  Equipamentos: 'equipamentos',
};
const slugPreview = mockApi('get', '/v1/admin/slug-preview', ({ query }) => ({ slug: SLUG_PREVIEWS[query.get('text') ?? ''] ?? 'sem-previa' }));

let rows: Row[];
let listReply: ReturnType<typeof apiError> | null;
let server: MockApi;
beforeAll(() => {
  server = startMockApi(
    slugPreview,
    mockApi('get', '/v1/categories/', () => listReply ?? { data: rows, meta: { page: 1, limit: 100, total: rows.length, totalPages: 1 } }),
    mockApi('post', '/v1/categories/', ({ body }) => {
      if (rows.some((row) => row.name === body.name)) return apiError(409, 'Já existe uma categoria com esse endereço.', 'SLUG_TAKEN');
      const created = category(rows.length + 1, body.name, body.name.toLowerCase());
      rows = [...rows, created];
      return created;
    }),
    // Before `{id}`: the mock matches in order (the real router prefers the static path).
    mockApi('patch', '/v1/categories/order', ({ body }) => {
      rows = body.ids.map((id, order) => ({ ...(rows.find((row) => row._id === id) as Row), order }));
      return { data: rows, meta: { page: 1, limit: 100, total: rows.length, totalPages: 1 } } as never;
    }),
    mockApi('patch', '/v1/categories/{id}', ({ params, body }) => {
      rows = rows.map((row) => (row._id === params.id ? { ...row, name: body.name ?? row.name } : row));
      return rows.find((row) => row._id === params.id) as Row;
    }),
    mockApi('delete', '/v1/categories/{id}', ({ params }) => {
      if (params.id === '6f0000000000000000000001') return apiError(409, 'A categoria ainda é usada por 3 conteúdos e 1 vídeo. Mova-os para outra categoria antes de excluir.', 'CATEGORY_IN_USE');
      rows = rows.filter((row) => row._id !== params.id);
      return undefined as never;
    }),
  );
});
beforeEach(() => {
  rows = [category(1, 'Biossegurança', 'biosseguranca'), category(2, 'Gestão', 'gestao'), category(3, 'Qualidade', 'qualidade')];
  listReply = null;
});
afterEach(() => server.reset());
afterAll(() => server.close());

const open = () => renderRoute(<Routes />, '/admin/conteudo/categorias', { persona: 'admin' });
const requests = (method: string) => server.requests.filter((r) => r.method === method);

describe('categories page', () => {
  it('When the admin creates a category, then the API gets its name, the list shows it and the box empties; a duplicate keeps the name and shows the reason', async () => {
    open();
    const name = await screen.findByLabelText('Nome da nova categoria', {}, { timeout: 5000 });
    await screen.findByText('1. Biossegurança');
    await userEvent.type(name, 'Equipamentos');
    // The address the API will store for the name, before anything is created.
    expect(await screen.findByText('Endereço: /equipamentos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Criar categoria' }));
    expect(await screen.findByText('4. Equipamentos')).toBeInTheDocument();
    expect(requests('POST')).toEqual([{ method: 'POST', url: '/v1/categories', body: { name: 'Equipamentos' } }]);
    await waitFor(() => expect(name).toHaveValue(''));

    await userEvent.type(name, 'Gestão');
    await userEvent.click(screen.getByRole('button', { name: 'Criar categoria' }));
    expect(await screen.findByText('Já existe uma categoria com esse endereço.')).toBeInTheDocument();
    expect(name).toHaveValue('Gestão');
  });

  it('When the admin moves the last category up, then the API gets the new order and the list follows it', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Subir Qualidade' }, { timeout: 5000 }));
    await waitFor(() => expect(requests('PATCH')).toEqual([{ method: 'PATCH', url: '/v1/categories/order', body: { ids: ['6f0000000000000000000001', '6f0000000000000000000003', '6f0000000000000000000002'] } }]));
    expect(await screen.findByText('2. Qualidade')).toBeInTheDocument();
    expect(screen.getByText('3. Gestão')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descer Gestão' })).toBeDisabled();
  });

  it('When the admin renames a category, then only the name is sent and the list shows the new one', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Renomear Gestão' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Renomear categoria' });
    const name = within(dialog).getByLabelText('Novo nome');
    expect(name).toHaveValue('Gestão');
    await userEvent.clear(name);
    await userEvent.type(name, 'Gestão do laboratório');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar nome' }));
    expect(await screen.findByText('2. Gestão do laboratório')).toBeInTheDocument();
    expect(requests('PATCH')).toEqual([{ method: 'PATCH', url: '/v1/categories/6f0000000000000000000002', body: { name: 'Gestão do laboratório' } }]);
  });

  it('When the category is still in use, then deleting is refused with the API reason in the dialog and the category stays', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Biossegurança' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir categoria?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir categoria' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A categoria ainda é usada por 3 conteúdos e 1 vídeo. Mova-os para outra categoria antes de excluir.');
    expect(screen.getByText('1. Biossegurança')).toBeInTheDocument();
  });

  it('When an unused category is deleted, then it leaves the list', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Qualidade' }, { timeout: 5000 }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Excluir categoria?' })).getByRole('button', { name: 'Excluir categoria' }));
    await waitFor(() => expect(screen.queryByText('3. Qualidade')).not.toBeInTheDocument());
    expect(requests('DELETE')).toEqual([{ method: 'DELETE', url: '/v1/categories/6f0000000000000000000003', body: undefined }]);
    expect(await screen.findByText('Categoria excluída')).toBeInTheDocument();
  });

  it('When the list fails, then the API message and "Tentar novamente" are shown; an empty list says what to do', async () => {
    listReply = apiError(503, 'Serviço indisponível no momento.');
    open();
    expect(await screen.findByText('Serviço indisponível no momento.', {}, { timeout: 5000 })).toBeInTheDocument();
    listReply = null;
    rows = [];
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/Crie a primeira acima/)).toBeInTheDocument();
  });
});
