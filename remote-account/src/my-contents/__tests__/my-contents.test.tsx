import { apiError, MOCK_API_URL, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
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
  { videoId: 'v1', video: { _id: 'v1', slug: 'pipetagem', title: 'Pipetagem' }, percent: 42.4, finished: false, finishedAt: null, positionSeconds: 120, durationSeconds: 300, lastWatchedAt: new Date().toISOString() },
  { videoId: 'v2', video: { _id: 'v2', slug: 'centrifugacao', title: 'Centrifugação' }, percent: 100, finished: true, finishedAt: '2026-01-09T12:00:00.000Z', positionSeconds: 300, durationSeconds: 300, lastWatchedAt: '2026-01-09T12:00:00.000Z' },
  { videoId: 'v3', video: { _id: 'v3', slug: 'antigo', title: 'Vídeo concluído antes dos certificados' }, percent: 95, finished: true, finishedAt: '2025-12-01T12:00:00.000Z', positionSeconds: 290, durationSeconds: 300, lastWatchedAt: '2025-12-01T12:00:00.000Z' },
] as unknown as Progress[];
const certificates = [
  { code: 'K7Q2M9XW4T', version: 1, videoId: 'v2', videoTitle: 'Centrifugação', hours: 0.1, workload: '5 min', completedAt: '2026-01-09T12:00:00.000Z', issuedAt: '2026-01-09T12:00:00.000Z' },
];

let server: MockApi;
let failProgress = false;
let failCertificates = false;
beforeAll(async () => {
  await Promise.all([import('../my-contents-page'), import('../my-videos-page')]);
  server = startMockApi(
    mockApi('get', '/v1/me/unlocks', ({ request }) => {
      const type = new URL(request.url).searchParams.get('itemType');
      const data = type ? unlocks.filter((u) => u.itemType === type) : unlocks;
      return { data, meta: { page: 1, limit: 10, total: data.length, totalPages: 1 } };
    }),
    mockApi('get', '/v1/me/progress', () => (failProgress ? apiError(503, 'O serviço está indisponível. Tente de novo em instantes.') : { data: progress, meta: { page: 1, limit: 10, total: 3, totalPages: 1 } })),
    mockApi('get', '/v1/me/certificates', () => {
      if (!failCertificates) return { data: certificates };
      failCertificates = false;
      return apiError(503, 'Certificados indisponíveis agora. Tente de novo em instantes.');
    }),
  );
});
afterEach(() => {
  server.requests.length = 0;
  failProgress = false;
  failCertificates = false;
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
    expect(within(list).getAllByText('Concluído')).toHaveLength(2);
  });

  it('When a video is finished, then its row offers the certificate PDF and its public page; one finished before certificates says how to get it', async () => {
    renderRoute(<Routes />, '/meus-conteudos/videos', { auth: testAuth(profile) });
    const list = await screen.findByRole('list', { name: 'Meus vídeos' });
    const pdf = await within(list).findByRole('link', { name: 'Certificado (PDF): Centrifugação' });
    expect(pdf).toHaveAttribute('href', `${MOCK_API_URL}/v1/certificates/K7Q2M9XW4T/pdf`);
    expect(pdf).toHaveAttribute('download', 'certificado-K7Q2M9XW4T.pdf');
    expect(within(list).getByRole('link', { name: 'Ver a página pública do certificado: Centrifugação' })).toHaveAttribute('href', '/certificados/K7Q2M9XW4T');
    const [inProgress, , older] = within(list).getAllByRole('listitem');
    expect(within(inProgress!).queryByText(/Certificado/)).toBeNull();
    expect(within(older!).getByText('O certificado deste vídeo é emitido na próxima vez que você der o play nele.')).toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: /^Certificado \(PDF\)/ })).toHaveLength(1);
  });

  it('When the certificates cannot be loaded, then the videos still show, with the API message and "Tentar novamente" that brings the PDF links', async () => {
    failCertificates = true;
    renderRoute(<Routes />, '/meus-conteudos/videos', { auth: testAuth(profile) });
    expect(await screen.findByText('Certificados indisponíveis agora. Tente de novo em instantes.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Meus vídeos' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Certificado (PDF): Centrifugação' })).toBeInTheDocument();
  });

  it('When the progress cannot be loaded, then the API message and "Tentar novamente" are shown', async () => {
    failProgress = true;
    renderRoute(<Routes />, '/meus-conteudos/videos', { auth: testAuth(profile) });
    expect(await screen.findByText('O serviço está indisponível. Tente de novo em instantes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
