import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import type { ApiResponse } from '@clube/platform';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';

type Unlock = ApiResponse<'/v1/me/unlocks'>['data'][number];
type Progress = ApiResponse<'/v1/me/progress'>['data'][number];

const profile = profileOf('assinante');
const unlocks = [
  { _id: 'u1', itemType: 'CONTENT', itemId: 'c1', credits: 3, createdAt: '2026-01-08T12:00:00.000Z', content: { _id: 'c1', slug: 'boas-praticas', title: 'Boas práticas no laboratório' }, video: null },
  { _id: 'u2', itemType: 'VIDEO', itemId: 'v1', credits: 1, createdAt: '2026-01-09T12:00:00.000Z', content: null, video: { _id: 'v1', slug: 'pipetagem', title: 'Pipetagem' } },
] as unknown as Unlock[];
const progress = [
  { video: { _id: 'v1', slug: 'pipetagem', title: 'Pipetagem' }, percent: 42.4, finished: false, finishedAt: null, positionSeconds: 120, durationSeconds: 300, lastWatchedAt: new Date().toISOString() },
  { video: { _id: 'v2', slug: 'centrifugacao', title: 'Centrifugação' }, percent: 100, finished: true, finishedAt: '2026-01-09T12:00:00.000Z', positionSeconds: 300, durationSeconds: 300, lastWatchedAt: '2026-01-09T12:00:00.000Z' },
] as unknown as Progress[];

let server: MockApi;
let failProgress = false;
beforeAll(async () => {
  await Promise.all([import('../my-contents-page'), import('../my-videos-page')]);
  server = startMockApi(
    mockApi('get', '/v1/me/unlocks', ({ request }) => {
      const type = new URL(request.url).searchParams.get('itemType');
      const data = type ? unlocks.filter((u) => u.itemType === type) : unlocks;
      return { data, meta: { page: 1, limit: 10, total: data.length, totalPages: 1 } };
    }),
    mockApi('get', '/v1/me/progress', () => (failProgress ? apiError(503, 'O serviço está indisponível. Tente de novo em instantes.') : { data: progress, meta: { page: 1, limit: 10, total: 2, totalPages: 1 } })),
  );
});
afterEach(() => {
  server.requests.length = 0;
  failProgress = false;
});
afterAll(() => server.close());

describe('meus conteúdos', () => {
  it('When unlocks exist, then each shows its link, date and credits spent; filtering by type asks the API and keeps it in the URL', async () => {
    renderRoute(<Routes />, '/meus-conteudos', { auth: testAuth(profile) });
    const list = await screen.findByRole('list', { name: 'Conteúdos desbloqueados' });
    expect(within(list).getByRole('link', { name: 'Boas práticas no laboratório' })).toHaveAttribute('href', '/conteudos/boas-praticas');
    expect(within(list).getByRole('link', { name: 'Pipetagem' })).toHaveAttribute('href', '/videos/pipetagem');
    expect(within(list).getByText('Desbloqueado em 08/01/2026')).toBeInTheDocument();
    expect(within(list).getByText('3 créditos')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Mostrar'), 'VIDEO');
    expect(await screen.findByText('1 crédito')).toBeInTheDocument();
    expect(screen.queryByText('Boas práticas no laboratório')).toBeNull();
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/me/unlocks?page=1&limit=10', '/v1/me/unlocks?page=1&limit=10&itemType=VIDEO']);
  });

  it('When videos were started, then each shows its progress and "Continuar" (or "Assistir de novo" once finished)', async () => {
    renderRoute(<Routes />, '/meus-conteudos/videos', { auth: testAuth(profile) });
    const list = await screen.findByRole('list', { name: 'Meus vídeos' });
    expect(within(list).getByRole('progressbar', { name: 'Progresso: 42%' })).toHaveAttribute('value', '42');
    expect(within(list).getByRole('link', { name: 'Continuar: Pipetagem' })).toHaveAttribute('href', '/videos/pipetagem');
    expect(within(list).getByRole('link', { name: 'Assistir de novo: Centrifugação' })).toBeInTheDocument();
    expect(within(list).getByText('Concluído')).toBeInTheDocument();
  });

  it('When the progress cannot be loaded, then the API message and "Tentar novamente" are shown', async () => {
    failProgress = true;
    renderRoute(<Routes />, '/meus-conteudos/videos', { auth: testAuth(profile) });
    expect(await screen.findByText('O serviço está indisponível. Tente de novo em instantes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
