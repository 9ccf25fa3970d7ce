import { apiError, mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { CATEGORIES, content, page } from '../../__tests__/support/fixtures';

let fail = false;
const api = startMockApi(
  mockApi('get', '/v1/categories/', () => page(CATEGORIES)),
  mockApi('get', '/v1/contents/', ({ query }) => {
    if (fail) return apiError(503, 'O catálogo está em manutenção. Tente em alguns minutos.');
    if (query.get('search') === 'nada') return page([]);
    return page(
      [
        content({ _id: 'a'.repeat(24), title: 'Guia de pipetas', slug: 'guia-de-pipetas', summary: 'Como calibrar antes de cada rotina.', access: 'FREE' }),
        content({ _id: 'b'.repeat(24), title: 'Protocolo de coleta', slug: 'protocolo-de-coleta', access: 'CREDITS', creditCost: 2 }),
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

describe('/conteudos', () => {
  it('When the library loads, then each card shows its summary and access and opens the content', async () => {
    renderRoute(<Routes />, '/conteudos');
    const guide = (await screen.findByRole('heading', { level: 3, name: 'Guia de pipetas' }, { timeout: 5000 })).closest('article') as HTMLElement;
    expect(within(guide).getByText('Como calibrar antes de cada rotina.')).toBeInTheDocument();
    expect(within(guide).getByText('Grátis')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Protocolo de coleta' }).closest('article') as HTMLElement).getByText('2 créditos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Guia de pipetas/ })).toHaveAttribute('href', '/conteudos/guia-de-pipetas');
    expect(screen.getByText('Mostrando 1–12 de 20')).toBeInTheDocument();
  });

  it('When words are searched and the next page is asked for, then the API is asked for the contents with them', async () => {
    renderRoute(<Routes />, '/conteudos');
    await screen.findByRole('heading', { level: 3, name: 'Guia de pipetas' }, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Buscar conteúdos'), 'pipeta');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(api.requests.map((r) => r.url)).toContain('/v1/contents?page=2&limit=12&search=pipeta'));
  });

  it('When nothing matches, then the page says so in the contents’ words', async () => {
    renderRoute(<Routes />, '/conteudos?search=nada');
    expect(await screen.findByRole('heading', { name: 'Nenhum conteúdo encontrado' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Tente outra palavra ou escolha "Todas as categorias".')).toBeInTheDocument();
  });

  it('When the API fails, then its message is shown and "Tentar novamente" loads the library', async () => {
    fail = true;
    renderRoute(<Routes />, '/conteudos');
    expect(await screen.findByText('O catálogo está em manutenção. Tente em alguns minutos.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Não foi possível carregar os conteúdos' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Guia de pipetas' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
