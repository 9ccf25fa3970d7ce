import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen } from '@testing-library/react';
import Routes from '../routes';
import { CATEGORIES, content, page, plan, video } from './support/fixtures';

const api = startMockApi(
  mockApi('get', '/v1/categories/', () => page(CATEGORIES)),
  mockApi('get', '/v1/banners/', () => page([])),
  mockApi('get', '/v1/videos/', () => page([video()])),
  mockApi('get', '/v1/contents/', () => page([content()])),
  mockApi('get', '/v1/videos/{idOrSlug}', () => video()),
  mockApi('get', '/v1/videos/{idOrSlug}/transcript', () => ({ videoId: video()._id, format: 'vtt' as const, cueCount: 0, cues: [], updatedAt: '2026-03-01T12:00:00.000Z' })),
  mockApi('get', '/v1/contents/{idOrSlug}', () => content({ body: '# Olá' })),
  mockApi('get', '/v1/plans/', () => ({ data: [plan({})] })),
  mockApi('get', '/v1/me/progress', () => page([])),
  mockApi('get', '/v1/search/', () => page([])),
);
afterAll(() => api.close());

const PAGES: Array<[path: string, title: string]> = [
  ['/', 'Bem-vindo ao Clube'],
  ['/videos', 'Vídeos'],
  ['/videos/coleta-segura', 'Demonstração: coleta segura'],
  ['/conteudos', 'Conteúdos'],
  ['/conteudos/protocolo-de-descarte', 'Protocolo de descarte'],
  ['/planos', 'Planos'],
  ['/busca?q=pipeta', 'Busca'],
  ['/certificados/ABC123', 'Certificado não encontrado'],
];

describe('catalog remote routes', () => {
  it.each(PAGES)('When %s is opened, then its page "%s" loads (its own lazy chunk)', async (path, title) => {
    renderRoute(<Routes />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('When a path inside the area does not exist, then the Portuguese 404 is shown', async () => {
    renderRoute(<Routes />, '/videos/nada/mais');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });
});
