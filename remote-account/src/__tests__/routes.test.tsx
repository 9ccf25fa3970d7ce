import { startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen } from '@testing-library/react';
import Routes from '../routes';

const PAGES: Array<[path: string, title: string]> = [
  ['/usuario', 'Meu perfil'],
  ['/usuario/laboratorio', 'Meu laboratório'],
  ['/assinatura', 'Minha assinatura'],
  ['/meus-conteudos', 'Meus conteúdos'],
  ['/meus-conteudos/videos', 'Meus vídeos'],
  ['/checkout/assinar?planId=p1', 'Assinar plano'],
  ['/planos/cancelar?subscription=s1', 'Cancelar assinatura'],
  ['/sugestoes', 'Sugestões'],
  ['/equipe', 'Equipe'],
  ['/equipe/convite/abc', 'Convite para a equipe'],
];

// The pages' own calls get the fake API's 404: this suite only checks which page each path opens.
const server = startMockApi();
afterAll(() => server.close());

describe('account remote routes', () => {
  it.each(PAGES)('When %s is opened, then the page "%s" is shown', async (path, title) => {
    renderRoute(<Routes />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('When a path inside the area does not exist, then the Portuguese 404 is shown', async () => {
    renderRoute(<Routes />, '/usuario/nada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });
});
