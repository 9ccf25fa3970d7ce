import { apiError, mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { CATEGORIES, content, page, video } from '../../__tests__/support/fixtures';

// `/videos` and `/conteudos` are one page (shared/catalogue-list-page.tsx) over one list hook: the
// same behaviour is checked for both, each kind's cards on their own.
let fail = false;
const api = startMockApi(
  mockApi('get', '/v1/categories/', () => page(CATEGORIES)),
  mockApi('get', '/v1/videos/', ({ query }) => {
    if (fail) return apiError(503, 'O catálogo está em manutenção. Tente em alguns minutos.');
    if (query.get('search') === 'nada') return page([]);
    return page(
      [
        video({ _id: 'a'.repeat(24), title: 'Coleta segura', slug: 'coleta', access: 'FREE' }),
        video({ _id: 'b'.repeat(24), title: 'Pipetas', slug: 'pipetas', access: 'SUBSCRIBERS', progress: { durationSeconds: 60, finished: false, finishedAt: null, lastWatchedAt: '2026-03-01T12:00:00.000Z', percent: 40, positionSeconds: 24, watchedSeconds: 24 } }),
        video({ _id: 'c'.repeat(24), title: 'Centrífuga', slug: 'centrifuga', access: 'CREDITS', creditCost: 3 }),
        video({ _id: 'd'.repeat(24), title: 'Balança', slug: 'balanca', access: 'CREDITS', creditCost: 2, unlocked: true }),
      ],
      30,
    );
  }),
  mockApi('get', '/v1/contents/', ({ query }) => {
    if (fail) return apiError(503, 'O catálogo está em manutenção. Tente em alguns minutos.');
    if (query.get('search') === 'nada') return page([]);
    return page(
      [
        content({ _id: 'e'.repeat(24), title: 'Pipetas', slug: 'guia-de-pipetas', summary: 'Como calibrar antes de cada rotina.', access: 'FREE' }),
        content({ _id: 'f'.repeat(24), title: 'Protocolo de coleta', slug: 'protocolo-de-coleta', access: 'CREDITS', creditCost: 2 }),
      ],
      20,
    );
  }),
);
afterEach(() => {
  fail = false;
  api.reset();
});
afterAll(() => api.close());

describe('/videos', () => {
  it('When the grid loads, then each card shows its access badge, duration and the progress of a started video', async () => {
    renderRoute(<Routes />, '/videos', { persona: 'assinante' });
    const pipetas = (await screen.findByRole('heading', { level: 3, name: 'Pipetas' }, { timeout: 5000 })).closest('article') as HTMLElement;
    expect(within(pipetas).getByText('Assinantes')).toBeInTheDocument();
    expect(within(pipetas).getByRole('progressbar', { name: 'Progresso em Pipetas' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(pipetas).getByText('1:00')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Coleta segura' }).closest('article') as HTMLElement).getByText('Grátis')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Centrífuga' }).closest('article') as HTMLElement).getByText('3 créditos')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Balança' }).closest('article') as HTMLElement).getByText('Desbloqueado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pipetas/ })).toHaveAttribute('href', '/videos/pipetas');
    expect(screen.getByText('Mostrando 1–12 de 30')).toBeInTheDocument();
  });
});

describe('/conteudos', () => {
  it('When the library loads, then each card shows its summary and access and opens the content', async () => {
    renderRoute(<Routes />, '/conteudos');
    const guide = (await screen.findByRole('heading', { level: 3, name: 'Pipetas' }, { timeout: 5000 })).closest('article') as HTMLElement;
    expect(within(guide).getByText('Como calibrar antes de cada rotina.')).toBeInTheDocument();
    expect(within(guide).getByText('Grátis')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Protocolo de coleta' }).closest('article') as HTMLElement).getByText('2 créditos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pipetas/ })).toHaveAttribute('href', '/conteudos/guia-de-pipetas');
    expect(screen.getByText('Mostrando 1–12 de 20')).toBeInTheDocument();
  });
});

describe.each([
  { path: '/videos', api: '/v1/videos', one: 'vídeo', many: 'vídeos' },
  { path: '/conteudos', api: '/v1/contents', one: 'conteúdo', many: 'conteúdos' },
])('$path', ({ path, api: endpoint, one, many }) => {
  it('When a category is chosen and words are searched, then the API is asked for them and the next page keeps them', async () => {
    renderRoute(<Routes />, path);
    await screen.findByRole('heading', { level: 3, name: 'Pipetas' }, { timeout: 5000 });
    await userEvent.selectOptions(await screen.findByLabelText('Categoria'), 'Calibração');
    await userEvent.type(screen.getByLabelText(`Buscar ${many}`), 'pipeta');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(api.requests.map((r) => r.url)).toContain(`${endpoint}?page=2&limit=12&search=pipeta&categoryId=${CATEGORIES[1]!._id}`));
  });

  it('When nothing matches, then the page says so and what to try next', async () => {
    renderRoute(<Routes />, `${path}?search=nada`);
    expect(await screen.findByRole('heading', { name: `Nenhum ${one} encontrado` }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Tente outra palavra ou escolha "Todas as categorias".')).toBeInTheDocument();
  });

  it('When the API fails, then its message is shown and "Tentar novamente" loads the grid', async () => {
    fail = true;
    renderRoute(<Routes />, path);
    expect(await screen.findByText('O catálogo está em manutenção. Tente em alguns minutos.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Não foi possível carregar os ${many}` })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Pipetas' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
