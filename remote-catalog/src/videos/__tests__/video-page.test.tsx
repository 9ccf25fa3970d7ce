import { apiError, mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { authFor, personaProfile } from '@clube/dev-harness/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { page, video } from '../../__tests__/support/fixtures';

const SOURCE = { kind: 'file' as const, url: 'http://127.0.0.1:9/v1/files/videos/a.mp4?expires=1&signature=x' };
let unlocked = false;
let unlockReply: ReturnType<typeof apiError> | null = null;

const api = startMockApi(
  mockApi('get', '/v1/videos/', () => page([])),
  mockApi('get', '/v1/videos/{idOrSlug}', ({ params }) => {
    if (params.idOrSlug === 'assinantes') return video({ slug: 'assinantes', title: 'Pipetas', access: 'SUBSCRIBERS', locked: true, lockReason: 'SUBSCRIPTION_REQUIRED', lockMessage: 'Assine para assistir a este vídeo.' });
    if (params.idOrSlug === 'creditos')
      return unlocked
        ? video({ slug: 'creditos', title: 'Centrífuga', access: 'CREDITS', creditCost: 3, unlocked: true, source: SOURCE })
        : video({ slug: 'creditos', title: 'Centrífuga', access: 'CREDITS', creditCost: 3, locked: true, lockReason: 'UNLOCK_REQUIRED', lockMessage: 'Desbloqueie com créditos.' });
    return video({
      source: SOURCE,
      captionsUrl: 'http://127.0.0.1:9/v1/videos/coleta/transcript.vtt?expires=1&signature=x',
      progress: { durationSeconds: 60, finished: false, finishedAt: null, lastWatchedAt: '2026-03-01T12:00:00.000Z', percent: 30, positionSeconds: 18, watchedSeconds: 18 },
    });
  }),
  mockApi('get', '/v1/videos/{idOrSlug}/transcript', () => ({
    videoId: video()._id,
    format: 'vtt' as const,
    cueCount: 2,
    updatedAt: '2026-03-01T12:00:00.000Z',
    cues: [
      { startSeconds: 0, endSeconds: 3, text: 'Separe o material.' },
      { startSeconds: 3, endSeconds: 6, text: 'Solte o torniquete antes de um minuto.' },
    ],
  })),
  mockApi('put', '/v1/me/progress/videos/{id}', ({ body }) => ({
    durationSeconds: body.durationSeconds,
    finished: false,
    finishedAt: null,
    lastWatchedAt: '2026-03-01T12:00:00.000Z',
    percent: 0,
    positionSeconds: body.positionSeconds,
    watchedSeconds: 0,
    videoId: video()._id,
  })),
  mockApi('post', '/v1/unlocks/', ({ body }) => {
    if (unlockReply) return unlockReply;
    unlocked = true;
    return { charged: true, credits: { balance: 7, used: 3 }, unlock: { _id: 'f'.repeat(24), createdAt: '2026-03-01T12:00:00.000Z', credits: 3, itemId: body.itemId, itemType: body.itemType } };
  }, { status: 201 }),
);
afterEach(() => {
  unlocked = false;
  unlockReply = null;
  api.reset();
});
afterAll(() => api.close());

const find = { timeout: 5000 };

describe('/videos/{slug}', () => {
  it('When a member without subscription opens a subscribers’ video, then there is no player and "Assine para assistir" leads to /planos', async () => {
    renderRoute(<Routes />, '/videos/assinantes', { persona: 'membro' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipetas' }, find)).toBeInTheDocument();
    expect(screen.getByText('Assine para assistir a este vídeo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assine para assistir' })).toHaveAttribute('href', '/planos');
    expect(document.querySelector('video')).toBeNull();
  });

  it('When a subscriber unlocks a credits video, then the dialog shows the balance before and after, and the player appears', async () => {
    const profile = { ...personaProfile('assinante')!, credits: { balance: 10, used: 0 } };
    const auth = { ...authFor(profile), refreshProfile: jest.fn().mockResolvedValue(undefined) };
    renderRoute(<Routes />, '/videos/creditos', { auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Desbloquear por 3 créditos (saldo: 10)' }, find));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Saldo atual: 10 créditos. Depois do desbloqueio: 7 créditos.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desbloquear por 3 créditos' }));
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: '/v1/unlocks', body: { itemType: 'VIDEO', itemId: video()._id } }]);
    expect(auth.refreshProfile).toHaveBeenCalled();
  });

  it('When the unlock is refused, then the API’s message shows in the dialog and nothing opens', async () => {
    unlockReply = apiError(409, 'Saldo insuficiente: você tem 2 créditos e este item custa 3.', 'INSUFFICIENT_CREDITS');
    const profile = { ...personaProfile('assinante')!, credits: { balance: 10, used: 0 } };
    renderRoute(<Routes />, '/videos/creditos', { auth: authFor(profile) });
    await userEvent.click(await screen.findByRole('button', { name: 'Desbloquear por 3 créditos (saldo: 10)' }, find));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desbloquear por 3 créditos' }));
    expect(await screen.findByText('Saldo insuficiente: você tem 2 créditos e este item custa 3.')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it('When the player starts, pauses and the member leaves, then each time the position is reported; the video carries the captions track', async () => {
    const { unmount } = renderRoute(<Routes />, '/videos/coleta-segura', { persona: 'assinante' });
    await screen.findByRole('heading', { level: 1, name: 'Demonstração: coleta segura' }, find);
    const player = document.querySelector('video') as HTMLVideoElement;
    expect(player).toHaveAttribute('crossorigin', 'anonymous');
    expect(player.querySelector('track')).toHaveAttribute('srclang', 'pt-BR');
    let position = 18;
    Object.defineProperty(player, 'currentTime', { configurable: true, get: () => position, set: (value: number) => (position = value) });
    Object.defineProperty(player, 'duration', { configurable: true, get: () => 60 });

    fireEvent.play(player);
    position = 24;
    fireEvent.pause(player);
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { positionSeconds: 18, durationSeconds: 60 },
      { positionSeconds: 24, durationSeconds: 60 },
    ]);
    position = 25;
    fireEvent.timeUpdate(player);
    unmount(); // leaving for another page: the last position, with keepalive

    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(3));
    expect(api.requests.filter((r) => r.method === 'PUT')[2]).toEqual({ method: 'PUT', url: `/v1/me/progress/videos/${video()._id}`, body: { positionSeconds: 25, durationSeconds: 60 } });
  });

  it('When a guest plays a free video, then nothing is reported', async () => {
    renderRoute(<Routes />, '/videos/coleta-segura', { persona: 'visitante' });
    await screen.findByRole('heading', { level: 1, name: 'Demonstração: coleta segura' }, find);
    fireEvent.play(document.querySelector('video') as HTMLVideoElement);
    fireEvent.pause(document.querySelector('video') as HTMLVideoElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('When the player reaches a line of the transcript, then that line is marked as the one being said, and only that one', async () => {
    renderRoute(<Routes />, '/videos/coleta-segura', { persona: 'assinante' });
    const lines = await screen.findByRole('list', { name: 'Falas do vídeo' }, find);
    const player = document.querySelector('video') as HTMLVideoElement;
    let position = 1;
    Object.defineProperty(player, 'currentTime', { configurable: true, get: () => position, set: (value: number) => (position = value) });
    const current = () => within(lines).getAllByRole('button').filter((line) => line.getAttribute('aria-current') === 'true').map((line) => line.textContent);

    fireEvent.timeUpdate(player);
    await waitFor(() => expect(current()).toEqual(['0:00Separe o material.']));
    position = 4;
    fireEvent.timeUpdate(player);
    await waitFor(() => expect(current()).toEqual(['0:03Solte o torniquete antes de um minuto.']));
    position = 7; // past the last line: none is being said
    fireEvent.timeUpdate(player);
    await waitFor(() => expect(current()).toEqual([]));
  });

  it('When the transcript loads, then its lines and the chapters are buttons, and "Buscar no vídeo" keeps the lines that say the words, accents aside', async () => {
    renderRoute(<Routes />, '/videos/coleta-segura', { persona: 'assinante' });
    const lines = await screen.findByRole('list', { name: 'Falas do vídeo' }, find);
    expect(within(lines).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /0:20\s*Coleta/ })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Buscar no vídeo'), 'TORNÍQUETE');
    expect(within(screen.getByRole('list', { name: 'Falas do vídeo' })).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByText('1 trecho encontrado')).toBeInTheDocument();
  });
});
