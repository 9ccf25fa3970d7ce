import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../../routes';

const CATEGORY = { _id: '6c0000000000000000000001', name: 'Equipamentos', slug: 'equipamentos', order: 0, createdAt: '2026-01-01T12:00:00.000Z', updatedAt: '2026-01-01T12:00:00.000Z' };
const ID = '6f0000000000000000000001';

const video = (changes: Record<string, unknown> = {}) => ({
  _id: ID,
  title: 'Calibração de pipetas',
  slug: 'calibracao-de-pipetas',
  categoryId: CATEGORY._id,
  category: { _id: CATEGORY._id, name: CATEGORY.name, slug: CATEGORY.slug },
  access: 'SUBSCRIBERS' as const,
  creditCost: 0,
  status: 'DRAFT' as const,
  publishedAt: null,
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  locked: false,
  lockReason: null,
  lockMessage: null,
  unlocked: false,
  description: 'Na bancada.',
  durationSeconds: 125,
  thumbnailUrl: null,
  sourceKind: 'file' as const,
  chapters: [{ startSeconds: 0, title: 'Abertura' }],
  hasTranscript: true,
  progress: null,
  source: { kind: 'file' as const, url: 'http://files.test/videos/abc.mp4?signature=x', key: 'videos/abc.mp4' },
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

let server: MockApi;
let saveReply: ReturnType<typeof apiError> | null = null;
beforeAll(() => {
  server = startMockApi(
    slugPreview,
    mockApi('get', '/v1/categories/', () => ({ data: [CATEGORY], meta: { page: 1, limit: 100, total: 1, totalPages: 1 } })),
    mockApi('get', '/v1/videos/', () => ({ data: [video()], meta: { page: 1, limit: 10, total: 1, totalPages: 1 } })),
    mockApi('get', '/v1/videos/{idOrSlug}', () => video()),
    mockApi('get', '/v1/videos/{idOrSlug}/transcript', () => ({ videoId: ID, format: 'vtt' as const, cueCount: 12, updatedAt: '2026-01-06T15:30:00.000Z', cues: [] })),
    mockApi('post', '/v1/videos/', () => saveReply ?? video(), { status: 201 }),
    mockApi('patch', '/v1/videos/{id}', () => saveReply ?? video()),
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

describe('videos', () => {
  it('When the list opens, then the video is a row with its category, access and draft status', async () => {
    renderRoute(<Routes />, '/admin/videos', { persona: 'admin' });
    const table = await screen.findByRole('table', { name: 'Vídeos' }, { timeout: 5000 });
    await within(table).findByRole('link', { name: 'Editar Calibração de pipetas' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Calibração de pipetas.*Equipamentos.*Assinantes.*Rascunho/);
  });

  it('When the link is not YouTube or Vimeo, then the form says so in Portuguese next to it and sends nothing', async () => {
    renderRoute(<Routes />, '/admin/videos/novo', { persona: 'admin' });
    await userEvent.type(await screen.findByLabelText('Título', {}, { timeout: 5000 }), 'Aula externa');
    await waitFor(() => expect(screen.getByLabelText('Endereço (slug)')).toHaveValue('aula-externa'));
    await userEvent.click(screen.getByLabelText('Link do YouTube/Vimeo'));
    await userEvent.type(screen.getByLabelText('Link do vídeo'), 'https://example.com/watch?v=abcdefgh');
    await userEvent.type(screen.getByLabelText('Duração'), '4:30');
    await userEvent.click(screen.getByRole('button', { name: 'Criar vídeo' }));
    await waitFor(() => expect(screen.getByLabelText('Link do vídeo')).toHaveAccessibleDescription(/Use um link do YouTube .* ou do Vimeo/));
    expect(writes()).toEqual([]);
  });

  it('When a YouTube video is created with chapters out of order, then they are sent sorted with the duration in seconds', async () => {
    renderRoute(<Routes />, '/admin/videos/novo', { persona: 'admin' });
    await userEvent.type(await screen.findByLabelText('Título', {}, { timeout: 5000 }), 'Aula externa');
    await userEvent.click(screen.getByLabelText('Link do YouTube/Vimeo'));
    await userEvent.type(screen.getByLabelText('Link do vídeo'), 'https://youtu.be/dQw4w9WgXcQ');
    await userEvent.type(screen.getByLabelText('Duração'), '04:30');
    await screen.findByRole('option', { name: 'Equipamentos' });
    await userEvent.selectOptions(screen.getByLabelText('Categoria'), CATEGORY._id);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar capítulo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar capítulo' }));
    await userEvent.type(screen.getByLabelText('Início do capítulo 1'), '02:00');
    await userEvent.type(screen.getByLabelText('Título do capítulo 1'), 'Prática');
    await userEvent.type(screen.getByLabelText('Início do capítulo 2'), '00:00');
    await userEvent.type(screen.getByLabelText('Título do capítulo 2'), 'Teoria');
    await userEvent.click(screen.getByRole('button', { name: 'Criar vídeo' }));
    expect(await screen.findByText('Vídeo criado')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({
      title: 'Aula externa',
      slug: 'aula-externa',
      description: '',
      source: { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' },
      durationSeconds: 270,
      chapters: [
        { startSeconds: 0, title: 'Teoria' },
        { startSeconds: 120, title: 'Prática' },
      ],
      categoryId: CATEGORY._id,
      access: 'FREE',
      creditCost: 0,
      status: 'DRAFT',
      thumbnailUrl: null,
    });
  });

  it('When a chapter starts after the end, then the form refuses it at that chapter; when the API refuses chapters, its message shows beside them', async () => {
    renderRoute(<Routes />, `/admin/videos/editar/${ID}`, { persona: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar capítulo' }, { timeout: 5000 }));
    await userEvent.type(screen.getByLabelText('Início do capítulo 2'), '03:00');
    await userEvent.type(screen.getByLabelText('Título do capítulo 2'), 'Fim');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar vídeo' }));
    await waitFor(() => expect(screen.getByLabelText('Início do capítulo 2')).toHaveAccessibleDescription('Começa depois do fim do vídeo (02:05).'));
    expect(writes()).toEqual([]);

    saveReply = apiError(400, 'O capítulo 2 ("Fim") começa em 2:00, depois do fim do vídeo (2:05).', 'INVALID_CHAPTERS');
    await userEvent.clear(screen.getByLabelText('Início do capítulo 2'));
    await userEvent.type(screen.getByLabelText('Início do capítulo 2'), '02:00');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar vídeo' }));
    expect(await screen.findByText('O capítulo 2 ("Fim") começa em 2:00, depois do fim do vídeo (2:05).')).toBeInTheDocument();
    expect(screen.getByLabelText('Título do capítulo 2')).toHaveValue('Fim');
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { source: { kind: 'file', url: 'videos/abc.mp4' }, durationSeconds: 125 } });
  });

  it('When a saved video is edited, then its "Documento" and "Avaliação" sections follow the form, for an item without either yet', async () => {
    renderRoute(<Routes />, `/admin/videos/editar/${ID}`, { persona: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Documento' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(/Este item ainda não está sob controle de documento/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Criar avaliação' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Avaliação' })).toBeInTheDocument();
  });

  it('When the video has a transcript, then the editor says how many cues and when it was sent', async () => {
    renderRoute(<Routes />, `/admin/videos/editar/${ID}`, { persona: 'admin' });
    expect(await screen.findByText(/Transcrição atual: 12 falas \(VTT\), enviada em 06\/01\/2026/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Substituir a transcrição')).toHaveAttribute('accept', '.vtt,.srt');
  });

  it('When the uploaded MP4 is being converted, then the editor shows the percentage, and a failure its reason with "Tentar novamente"', async () => {
    const transcode = (changes: Record<string, unknown>) => ({ videoKey: 'videos/abc.mp4', status: 'RUNNING' as const, progress: 40, error: null, renditions: [], durationSeconds: null, updatedAt: '2026-01-06T15:30:00.000Z', ...changes });
    let current = transcode({});
    server.use(
      mockApi('get', '/v1/media/transcodes/', ({ query }) => (query.get('videoKey') === 'videos/abc.mp4' ? current : apiError(404, 'Nenhuma conversão para este vídeo.'))),
      mockApi('post', '/v1/media/transcodes/retry', () => transcode({ status: 'PENDING', progress: 0 }), { status: 202 }),
    );
    renderRoute(<Routes />, `/admin/videos/editar/${ID}`, { persona: 'admin' });
    expect(await screen.findByRole('progressbar', { name: 'Conversão para streaming' }, { timeout: 5000 })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Convertendo para streaming: 40%')).toBeInTheDocument();

    // The next poll finds it failed.
    current = transcode({ status: 'FAILED', error: 'O arquivo não pôde ser lido como vídeo: ele parece corrompido ou incompleto. Envie o arquivo de novo.' });
    expect(await screen.findByText(/Não foi possível preparar o vídeo para streaming: O arquivo não pôde ser lido como vídeo/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Na fila para conversão em streaming…')).toBeInTheDocument();
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: '/v1/media/transcodes/retry', body: { videoKey: 'videos/abc.mp4' } })]);
  });
});
