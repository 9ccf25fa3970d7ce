import { apiError, mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { video } from '../../__tests__/support/fixtures';
import type { AssessmentView, GradedAttempt, OpenAttempt } from '../api/assessment';

const SOURCE = { kind: 'file' as const, url: 'http://127.0.0.1:9/v1/files/videos/a.mp4?expires=1&signature=x' };
const FINISHED = { durationSeconds: 60, finished: true, finishedAt: '2026-03-01T12:00:00.000Z', lastWatchedAt: '2026-03-01T12:00:00.000Z', percent: 100, positionSeconds: 60, watchedSeconds: 60 };
const ATTEMPT: OpenAttempt = {
  id: '667000000000000000000a01',
  number: 1,
  revision: 4,
  passMarkPercent: 70,
  startedAt: '2026-03-01T12:00:00.000Z',
  submittedAt: null,
  scorePercent: null,
  correctCount: null,
  questionCount: 1,
  passed: null,
  questions: [{ id: 'q1aaaaaa', kind: 'SINGLE', text: 'Qual tubo vem primeiro?', options: [{ id: 'o1aaaaaa', text: 'Hemocultura' }, { id: 'o2aaaaaa', text: 'EDTA' }] }],
};
const viewOf = (overrides: Partial<AssessmentView> = {}): AssessmentView => ({
  itemType: 'VIDEO',
  itemId: video()._id,
  questionCount: 1,
  passMarkPercent: 70,
  maxAttempts: 3,
  revision: 4,
  attemptsUsed: 0,
  attemptsLeft: 3,
  passed: false,
  openAttemptId: null,
  attempts: [],
  ...overrides,
});
let view: AssessmentView | null;
let sent: unknown;

const api = startMockApi(
  mockApi('get', '/v1/videos/{idOrSlug}', ({ params }) => video({ source: SOURCE, progress: params.idOrSlug === 'sem-fim' ? { ...FINISHED, finished: false, finishedAt: null } : FINISHED })),
  mockApi('get', '/v1/assessments/{kind}/{itemId}', () => view ?? apiError(404, 'Este item não tem avaliação.', 'ASSESSMENT_NOT_FOUND')),
  mockApi('post', '/v1/assessments/{kind}/{itemId}/attempts', () => ATTEMPT, { status: 201 }),
  mockApi('post', '/v1/assessments/attempts/{attemptId}/submission', ({ body }) => {
    sent = body;
    const right = body.answers[0]?.optionIds[0] === 'o1aaaaaa';
    view = viewOf({ passed: right, attemptsUsed: right ? 0 : 1, attemptsLeft: right ? 3 : 2 });
    const graded: GradedAttempt = {
      ...ATTEMPT,
      submittedAt: '2026-03-01T12:05:00.000Z',
      scorePercent: right ? 100 : 0,
      correctCount: right ? 1 : 0,
      passed: right,
      certificateCode: right ? 'K7Q2M9XW4T' : null,
      questions: [
        {
          id: 'q1aaaaaa',
          kind: 'SINGLE',
          text: 'Qual tubo vem primeiro?',
          explanation: 'Evita contaminação.',
          right,
          options: [
            { id: 'o1aaaaaa', text: 'Hemocultura', correct: true, chosen: right },
            { id: 'o2aaaaaa', text: 'EDTA', correct: false, chosen: !right },
          ],
        },
      ],
    };
    return graded;
  }),
);
afterEach(() => api.reset());
afterAll(() => api.close());

describe('The assessment on /videos/{slug}', () => {
  it('When the member finished the video, then they answer, fail, answer again, pass and get the link to the certificate', async () => {
    view = viewOf();
    renderRoute(<Routes />, '/videos/coleta', { persona: 'membro' });
    const section = await screen.findByRole('region', { name: 'Avaliação' }, { timeout: 5000 });
    expect(section).toHaveTextContent('Nota mínima 70 % · 1 pergunta(s) · tentativas restantes nesta revisão: 3 de 3');

    await userEvent.click(within(section).getByRole('button', { name: 'Fazer a avaliação' }));
    await userEvent.click(await within(section).findByRole('radio', { name: 'EDTA' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Enviar respostas' }));
    expect(await within(section).findByRole('status', { name: 'Resultado da avaliação' })).toHaveTextContent('Não aprovado: 0 % (mínimo 70 %)');
    expect(section).toHaveTextContent('Resposta: Hemocultura. Evita contaminação.');
    expect(sent).toEqual({ answers: [{ questionId: 'q1aaaaaa', optionIds: ['o2aaaaaa'] }] });

    await userEvent.click(await within(section).findByRole('button', { name: 'Fazer a avaliação' }));
    await userEvent.click(await within(section).findByRole('radio', { name: 'Hemocultura' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Enviar respostas' }));
    expect(await within(section).findByText('Aprovado com 100 %')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver o certificado' })).toHaveAttribute('href', '/certificados/K7Q2M9XW4T');
  });

  it('When the video is not finished, then the page says to watch it to the end and offers no attempt', async () => {
    view = viewOf();
    renderRoute(<Routes />, '/videos/sem-fim', { persona: 'membro' });
    expect(await screen.findByText('Assista ao vídeo até o fim para fazer a avaliação; o certificado sai quando você for aprovado.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fazer a avaliação' })).toBeNull();
  });

  it('When the member watches the video to the end on the page, then the assessment opens without reloading once the API says it is finished', async () => {
    view = viewOf();
    let finished = false;
    api.use(mockApi('put', '/v1/me/progress/videos/{id}', ({ params }) => ({ ...FINISHED, videoId: params.id ?? '', finished, finishedAt: finished ? FINISHED.finishedAt : null })));
    const { container } = renderRoute(<Routes />, '/videos/sem-fim', { persona: 'membro' });
    await screen.findByText('Assista ao vídeo até o fim para fazer a avaliação; o certificado sai quando você for aprovado.', {}, { timeout: 5000 });
    const player = container.querySelector('video')!;
    fireEvent.play(player); // a report the API answers "not finished yet": nothing opens
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Fazer a avaliação' })).toBeNull();
    finished = true;
    fireEvent.ended(player);
    expect(await screen.findByRole('button', { name: 'Fazer a avaliação' })).toBeEnabled();
  });
});
