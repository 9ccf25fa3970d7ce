import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../../routes';

const CATEGORY = { _id: '6c0000000000000000000001', name: 'Boas práticas', slug: 'boas-praticas', order: 0, createdAt: '2026-01-01T12:00:00.000Z', updatedAt: '2026-01-01T12:00:00.000Z' };
const FUTURE = '2031-03-15T12:00:00.000Z';

const content = (n: number, changes: Record<string, unknown> = {}) => ({
  _id: `6e000000000000000000000${n}`,
  title: `Conteúdo ${n}`,
  slug: `conteudo-${n}`,
  categoryId: CATEGORY._id,
  category: { _id: CATEGORY._id, name: CATEGORY.name, slug: CATEGORY.slug },
  access: 'FREE' as const,
  creditCost: 0,
  status: 'PUBLISHED' as const,
  publishedAt: '2026-01-02T12:00:00.000Z',
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  locked: false,
  lockReason: null,
  lockMessage: null,
  unlocked: false,
  summary: 'Resumo',
  coverUrl: null,
  attachmentsCount: 0,
  body: '# Olá\n\nTexto **forte**.',
  attachments: [],
  ...changes,
});

/** What the fake API answers for GET /v1/admin/slug-preview (the real rule is the API's, api/src/modules/catalogue/rules/slug.ts). */
const SLUG_PREVIEWS: Record<string, string> = {
  'Coleta de sangue: boas práticas!': 'coleta-de-sangue-boas-praticas',
  'Guia de pipetas': 'guia-de-pipetas',
  'Café & Pão: 100%': 'cafe-pao-100',
  'Aula externa': 'aula-externa',
  Equipamentos: 'equipamentos',
};
const slugPreview = mockApi('get', '/v1/admin/slug-preview', ({ query }) => ({ slug: SLUG_PREVIEWS[query.get('text') ?? ''] ?? 'sem-previa' }));
const slugPreviews = (server: MockApi) => server.requests.filter((r) => r.url.startsWith('/v1/admin/slug-preview')).map((r) => new URL(r.url, 'http://api.test').searchParams.get('text'));

let server: MockApi;
let saveReply: ReturnType<typeof apiError> | null = null;
beforeAll(() => {
  server = startMockApi(
    slugPreview,
    mockApi('get', '/v1/categories/', () => ({ data: [CATEGORY], meta: { page: 1, limit: 100, total: 1, totalPages: 1 } })),
    mockApi('get', '/v1/contents/', () => ({
      data: [content(1, { access: 'CREDITS', creditCost: 3 }), content(2, { publishedAt: FUTURE }), content(3, { status: 'DRAFT', publishedAt: null })],
      meta: { page: 1, limit: 10, total: 3, totalPages: 1 },
    })),
    mockApi('get', '/v1/contents/{idOrSlug}', () => content(1)),
    mockApi('post', '/v1/contents/', () => saveReply ?? content(4), { status: 201 }),
    mockApi('patch', '/v1/contents/{id}', () => saveReply ?? content(1)),
    mockApi('delete', '/v1/contents/{id}', () => apiError(404, 'Conteúdo não encontrado.', 'CONTENT_NOT_FOUND')),
    // The editor's "Documento" and "Avaliação" sections (remote-admin/src/catalogue/dossier, tested there): an item without either.
    mockApi('get', '/v1/revisions/{kind}/{itemId}', () => ({ current: null, history: [] })),
    mockApi('get', '/v1/assessments/{kind}/{itemId}/key', () => apiError(404, 'Este item não tem avaliação.', 'ASSESSMENT_NOT_FOUND')),
  );
});
afterEach(() => {
  server.reset();
  saveReply = null;
});
afterAll(() => server.close());

const writes = () => server.requests.filter((r) => r.method !== 'GET');

describe('contents', () => {
  it('When the list opens, then each row shows category, access with cost and the publication, scheduled ones with their date', async () => {
    renderRoute(<Routes />, '/admin/conteudo', { persona: 'admin' });
    const table = await screen.findByRole('table', { name: 'Conteúdos' }, { timeout: 5000 });
    await within(table).findByRole('link', { name: 'Editar Conteúdo 2' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Conteúdo 1.*Boas práticas.*3 créditos.*Publicado.*05\/01\/2026/);
    expect(rows[2]).toHaveTextContent('Agendado para 15/03/2031');
    expect(rows[3]).toHaveTextContent('Rascunho');
    expect(within(table).getByRole('link', { name: 'Editar Conteúdo 2' })).toHaveAttribute('href', '/admin/conteudo/editar/6e0000000000000000000002');
  });

  it('When the admin searches and filters, then the API is asked with the same filters (kept in the URL)', async () => {
    renderRoute(<Routes />, '/admin/conteudo?status=DRAFT', { persona: 'admin' });
    expect(await screen.findByLabelText('Situação', {}, { timeout: 5000 })).toHaveValue('DRAFT');
    await userEvent.type(screen.getByLabelText('Buscar pelo título ou resumo'), 'coleta{Enter}');
    await userEvent.selectOptions(screen.getByLabelText('Acesso'), 'CREDITS');
    await waitFor(() => expect(server.requests.map((r) => r.url)).toContain('/v1/contents?page=1&limit=10&search=coleta&status=DRAFT&access=CREDITS'));
  });

  it('When a delete is confirmed and the API refuses it, then its message stays in the dialog', async () => {
    renderRoute(<Routes />, '/admin/conteudo', { persona: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Conteúdo 1' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir conteúdo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir conteúdo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Conteúdo não encontrado.');
    expect(writes()).toEqual([{ method: 'DELETE', url: '/v1/contents/6e0000000000000000000001', body: undefined }]);
  });

  it('When the admin types a title, then the slug is the one the API gives for it (asked once typing pauses) until the slug is edited by hand', async () => {
    renderRoute(<Routes />, '/admin/conteudo/novo', { persona: 'admin' });
    const title = await screen.findByLabelText('Título', {}, { timeout: 5000 });
    const slug = screen.getByLabelText('Endereço (slug)');
    await userEvent.type(title, 'Coleta de sangue: boas práticas!');
    expect(slug).toHaveAccessibleDescription('Calculando o endereço a partir do título…');
    await waitFor(() => expect(slug).toHaveValue('coleta-de-sangue-boas-praticas'));
    expect(slug).toHaveAccessibleDescription('/conteudos/{slug}: o endereço que a API grava a partir do título, até você editá-lo.');
    expect(slugPreviews(server)).toEqual(['Coleta de sangue: boas práticas!']);
    await userEvent.clear(slug);
    await userEvent.type(slug, 'coleta');
    await userEvent.type(title, ' 2');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400))); // longer than the typing pause
    expect(slug).toHaveValue('coleta');
    expect(slugPreviews(server)).toEqual(['Coleta de sangue: boas práticas!']);
  });

  it('When the title is "Café & Pão: 100%", then the form shows the slug the API gives (cafe-pao-100), not one of its own', async () => {
    renderRoute(<Routes />, '/admin/conteudo/novo', { persona: 'admin' });
    await userEvent.type(await screen.findByLabelText('Título', {}, { timeout: 5000 }), 'Café & Pão: 100%');
    await waitFor(() => expect(screen.getByLabelText('Endereço (slug)')).toHaveValue('cafe-pao-100'));
  });

  it('When a CREDITS content is filled in and saved, then the API gets it with its cost and the admin is told', async () => {
    renderRoute(<Routes />, '/admin/conteudo/novo', { persona: 'admin' });
    await userEvent.type(await screen.findByLabelText('Título', {}, { timeout: 5000 }), 'Guia de pipetas');
    await waitFor(() => expect(screen.getByLabelText('Endereço (slug)')).toHaveValue('guia-de-pipetas'));
    await userEvent.type(screen.getByLabelText('Resumo'), 'Como calibrar.');
    await userEvent.type(screen.getByLabelText('Texto (Markdown)'), '## Passos');
    await userEvent.click(screen.getByRole('tab', { name: 'Pré-visualizar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passos' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Boas práticas' });
    await userEvent.selectOptions(screen.getByLabelText('Categoria'), CATEGORY._id);
    await userEvent.selectOptions(screen.getByLabelText('Acesso'), 'CREDITS');
    await userEvent.clear(screen.getByLabelText('Custo em créditos'));
    await userEvent.type(screen.getByLabelText('Custo em créditos'), '2');
    await userEvent.click(screen.getByLabelText('Publicado'));
    await userEvent.click(screen.getByRole('button', { name: 'Criar conteúdo' }));
    expect(await screen.findByText('Conteúdo criado')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/v1/contents',
        body: {
          title: 'Guia de pipetas',
          slug: 'guia-de-pipetas',
          summary: 'Como calibrar.',
          body: '## Passos',
          categoryId: CATEGORY._id,
          attachments: [],
          access: 'CREDITS',
          creditCost: 2,
          status: 'PUBLISHED',
          coverUrl: null,
        },
      },
    ]);
  });

  it('When a schedule has no date or a CREDITS cost is 0, then the form says so next to the field and sends nothing', async () => {
    renderRoute(<Routes />, '/admin/conteudo/editar/6e0000000000000000000001', { persona: 'admin' });
    await userEvent.selectOptions(await screen.findByLabelText('Acesso', {}, { timeout: 5000 }), 'CREDITS');
    await userEvent.clear(screen.getByLabelText('Custo em créditos'));
    await userEvent.type(screen.getByLabelText('Custo em créditos'), '0');
    await userEvent.click(screen.getByLabelText('Agendado'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar conteúdo' }));
    expect(await screen.findByText('Informe o custo: um número inteiro de 1 a 1.000 créditos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Publicar em')).toHaveAccessibleDescription(/Escolha a data e a hora da publicação./);
    expect(writes()).toEqual([]);
  });

  it('When the API refuses the slug, then its message is next to the slug field and what was typed stays', async () => {
    saveReply = apiError(409, 'Já existe um conteúdo com este endereço (slug). Escolha outro.', 'SLUG_TAKEN');
    renderRoute(<Routes />, '/admin/conteudo/editar/6e0000000000000000000001', { persona: 'admin' });
    const slug = await screen.findByLabelText('Endereço (slug)', {}, { timeout: 5000 });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'outro-endereco');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar conteúdo' }));
    await waitFor(() => expect(screen.getByLabelText('Endereço (slug)')).toHaveAccessibleDescription(/Já existe um conteúdo com este endereço/));
    expect(screen.getByLabelText('Endereço (slug)')).toHaveValue('outro-endereco');
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { slug: 'outro-endereco', status: 'PUBLISHED' } });
    expect(writes()[0]?.body).not.toHaveProperty('coverUrl');
  });
});
