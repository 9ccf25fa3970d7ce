import { startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import Routes from '../routes';

// uPlot draws on a canvas jsdom does not have; the chart is decoration (its figures are in a table).
jest.mock('../dashboard/revenue-chart', () => ({ __esModule: true, default: () => null }));

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

const PAGES: Array<[path: string, title: string]> = [
  ['/admin', 'Painel'],
  ['/admin/painel', 'Painel'],
  ['/admin/conteudo', 'Conteúdos'],
  ['/admin/conteudo/novo', 'Novo conteúdo'],
  ['/admin/conteudo/categorias', 'Categorias'],
  ['/admin/conteudo/editar/abc', 'Editar conteúdo'],
  ['/admin/videos', 'Vídeos'],
  ['/admin/videos/novo', 'Novo vídeo'],
  ['/admin/videos/editar/abc', 'Editar vídeo'],
  ['/admin/banners', 'Banners'],
  ['/admin/banners/novo', 'Novo banner'],
  ['/admin/banners/editar/abc', 'Editar banner'],
  ['/admin/planos', 'Planos'],
  ['/admin/planos/editar/abc', 'Editar plano'],
  ['/admin/sugestoes', 'Sugestões'],
  ['/admin/usuarios', 'Usuários'],
  ['/admin/usuarios/665f1c2e9b1d8a0012345678', 'Usuário'],
  ['/admin/assinaturas', 'Assinaturas'],
];

// Every page's reads are answered at once (the API's 404) rather than left to a DNS lookup of the
// fake host, which on an offline CI machine took longer than findBy's wait (the page stayed a skeleton).
let server: MockApi;
beforeAll(() => {
  server = startMockApi();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('admin remote routes', () => {
  it.each(PAGES)('When %s is opened, then the page "%s" is shown', async (path, title) => {
    renderRoute(<Routes />, path, { persona: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('When a path inside the area does not exist, then the Portuguese 404 is shown', async () => {
    renderRoute(<Routes />, '/admin/nada', { persona: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });
});

describe('admin access', () => {
  it('When a member who is not an admin opens an admin page, then "Sem permissão" is shown', async () => {
    renderRoute(<Routes />, '/admin/conteudo', { persona: 'membro' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sem permissão' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Conteúdos' })).not.toBeInTheDocument();
  });

  it('When a visitor opens an admin page, then they are sent to sign in and told where to come back', async () => {
    renderRoute(
      <>
        <Routes />
        <Location />
      </>,
      '/admin/conteudo',
      { persona: 'visitante' },
    );
    expect(await screen.findByLabelText('endereço')).toHaveTextContent('/autenticacao/login?redirect=%2Fadmin%2Fconteudo');
    expect(screen.queryByRole('heading', { name: 'Conteúdos' })).not.toBeInTheDocument();
  });
});
