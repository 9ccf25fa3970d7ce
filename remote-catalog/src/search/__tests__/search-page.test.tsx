import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { content, video } from '../../__tests__/support/fixtures';

const api = startMockApi(
  mockApi('get', '/v1/search/', ({ query }) => {
    if (query.get('q') !== 'torniquete') return { data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } };
    return {
      data: [
        { type: 'VIDEO' as const, matchedIn: ['transcript' as const], score: 1, video: video(), content: null, transcriptHit: { startSeconds: 3, endSeconds: 6, text: 'Solte o torniquete antes de um minuto.' } },
        { type: 'CONTENT' as const, matchedIn: ['body' as const], score: 1, video: null, content: content({ access: 'CREDITS', creditCost: 2 }), transcriptHit: null },
      ],
      meta: { page: 1, limit: 10, total: 2, totalPages: 1 },
    };
  }),
);
afterEach(() => api.reset());
afterAll(() => api.close());

describe('/busca', () => {
  it('When words are searched, then the URL keeps them and a transcript hit links to the video at that second', async () => {
    renderRoute(<Routes />, '/busca', { persona: 'assinante' });
    await userEvent.type(await screen.findByLabelText('O que você procura?', {}, { timeout: 5000 }), 'torniquete');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('2 resultados para “torniquete”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demonstração: coleta segura' })).toHaveAttribute('href', '/videos/coleta-segura?t=3');
    expect(screen.getByText(/Dito no vídeo em/)).toHaveTextContent('Dito no vídeo em 0:03: “Solte o torniquete antes de um minuto.”');
    expect(screen.getByRole('link', { name: 'Protocolo de descarte' })).toHaveAttribute('href', '/conteudos/protocolo-de-descarte');
    expect(screen.getByText('2 créditos')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.map((r) => r.url)).toContain('/v1/search?q=torniquete&page=1&limit=10'));
  });

  it('When nothing is found, then the page says so and points to the catalogue', async () => {
    renderRoute(<Routes />, '/busca?q=xyz', { persona: 'visitante' });
    expect(await screen.findByRole('heading', { name: 'Nada encontrado para “xyz”' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'vídeos' })).toHaveAttribute('href', '/videos');
  });

  it('When the page opens without words, then it asks for them and calls nothing', async () => {
    renderRoute(<Routes />, '/busca', { persona: 'visitante' });
    expect(await screen.findByRole('heading', { name: 'Digite o que você procura' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
