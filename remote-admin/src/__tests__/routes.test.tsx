import { renderRoute } from '@clube/dev-harness/test';
import { screen } from '@testing-library/react';
import Routes from '../routes';

const PAGES: Array<[path: string, title: string]> = [
  ['/admin', 'Conteúdos'],
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
  ['/admin/assinaturas', 'Assinaturas'],
];

describe('admin remote routes', () => {
  it.each(PAGES)('When %s is opened, then the page "%s" is shown', async (path, title) => {
    renderRoute(<Routes />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('When a path inside the area does not exist, then the Portuguese 404 is shown', async () => {
    renderRoute(<Routes />, '/admin/nada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });
});
