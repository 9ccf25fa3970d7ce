import { apiError, mockApi, reply, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DossierSections from '../dossier-sections';

const ID = '6f0000000000000000000001';

const QUIZ = {
  itemType: 'VIDEO' as const,
  itemId: ID,
  passMarkPercent: 80,
  maxAttempts: 2,
  shuffle: true,
  version: 3,
  questions: [
    {
      id: 'q0000001',
      kind: 'SINGLE' as const,
      text: 'Onde se descarta a agulha?',
      explanation: 'Na caixa rígida, sem reencapar.',
      options: [
        { id: 'o0000001', text: 'Na caixa rígida', correct: true },
        { id: 'o0000002', text: 'No lixo comum', correct: false },
      ],
    },
  ],
};

let server: MockApi;
let quiz: typeof QUIZ | null = null;
let saveReply: ReturnType<typeof apiError> | null = null;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/revisions/{kind}/{itemId}', () => ({ current: null, history: [] })),
    mockApi('get', '/v1/assessments/{kind}/{itemId}/key', () => quiz ?? apiError(404, 'Este item não tem avaliação.', 'ASSESSMENT_NOT_FOUND')),
    mockApi('put', '/v1/assessments/{kind}/{itemId}', ({ body }) => saveReply ?? { ...QUIZ, ...body, version: (quiz?.version ?? 0) + 1, questions: QUIZ.questions }),
    mockApi('delete', '/v1/assessments/{kind}/{itemId}', () => reply(204)),
  );
});
afterEach(() => {
  server.reset();
  quiz = null;
  saveReply = null;
});
afterAll(() => server.close());

const writes = () => server.requests.filter((r) => r.method !== 'GET');
const quizCard = async () => within((await screen.findByRole('heading', { name: 'Avaliação' }, { timeout: 5000 })).closest('section')!);

describe('the quiz editor', () => {
  it('When a question has no correct option, a blank option and a pass mark of 0, then each problem is said in Portuguese beside it and nothing is sent', async () => {
    renderRoute(<DossierSections kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    expect(await card.findByText(/Este item ainda não tem avaliação/)).toBeInTheDocument();
    await userEvent.clear(card.getByLabelText('Nota mínima (%)'));
    await userEvent.type(card.getByLabelText('Nota mínima (%)'), '0');
    await userEvent.type(card.getByLabelText('Texto da pergunta 1'), 'Qual o tubo da glicose?');
    await userEvent.type(card.getByLabelText('Opção 1 da pergunta 1'), 'Cinza');
    await userEvent.click(card.getByRole('button', { name: 'Criar avaliação' }));

    await waitFor(() => expect(card.getByLabelText('Nota mínima (%)')).toHaveAccessibleDescription(/A nota mínima vai de 1 a 100 \(%\)\./));
    expect(card.getByLabelText('Opção 2 da pergunta 1')).toHaveAccessibleDescription('Escreva o texto da opção.');
    expect(card.getByText('Marque a opção correta.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('When a single-choice question gets a second option marked, then the first is unmarked; as multiple choice both stay and it needs one correct at least', async () => {
    renderRoute(<DossierSections kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    await userEvent.click(await card.findByLabelText('Opção 1 da pergunta 1 é correta'));
    await userEvent.click(card.getByLabelText('Opção 2 da pergunta 1 é correta'));
    expect(card.getByLabelText('Opção 1 da pergunta 1 é correta')).not.toBeChecked();
    expect(card.getByLabelText('Opção 2 da pergunta 1 é correta')).toBeChecked();

    await userEvent.click(card.getByLabelText('Múltipla escolha'));
    await userEvent.click(card.getByLabelText('Opção 1 da pergunta 1 é correta'));
    expect(card.getByLabelText('Opção 2 da pergunta 1 é correta')).toBeChecked();
    await userEvent.click(card.getByLabelText('Opção 1 da pergunta 1 é correta'));
    await userEvent.click(card.getByLabelText('Opção 2 da pergunta 1 é correta'));
    await userEvent.type(card.getByLabelText('Texto da pergunta 1'), 'Quais tubos têm EDTA?');
    await userEvent.type(card.getByLabelText('Opção 1 da pergunta 1'), 'Roxo');
    await userEvent.type(card.getByLabelText('Opção 2 da pergunta 1'), 'Azul');
    await userEvent.click(card.getByRole('button', { name: 'Criar avaliação' }));
    expect(await card.findByText('Marque ao menos uma opção correta.')).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Remover a opção 2 da pergunta 1' }));
    await userEvent.click(card.getByLabelText('Opção 1 da pergunta 1 é correta'));
    await userEvent.click(card.getByRole('button', { name: 'Criar avaliação' }));
    expect(await card.findByText('Uma pergunta precisa de ao menos 2 opções.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('When two options of a question say the same, then the form says so before the API would', async () => {
    renderRoute(<DossierSections kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    await userEvent.type(await card.findByLabelText('Texto da pergunta 1'), 'Qual o tubo da glicose?');
    await userEvent.type(card.getByLabelText('Opção 1 da pergunta 1'), 'Cinza');
    await userEvent.type(card.getByLabelText('Opção 2 da pergunta 1'), ' cinza ');
    await userEvent.click(card.getByLabelText('Opção 1 da pergunta 1 é correta'));
    await userEvent.click(card.getByRole('button', { name: 'Criar avaliação' }));
    expect(await card.findByText('Há opções repetidas nesta pergunta.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('When a new quiz of two questions is created, then the API receives them with the key, numbers and no blank explanation, and the page says it was created', async () => {
    renderRoute(<DossierSections kind="contents" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    await userEvent.clear(await card.findByLabelText('Nota mínima (%)'));
    await userEvent.type(card.getByLabelText('Nota mínima (%)'), '75');
    await userEvent.clear(card.getByLabelText('Tentativas por revisão'));
    await userEvent.type(card.getByLabelText('Tentativas por revisão'), '2');
    await userEvent.click(card.getByLabelText('Embaralhar as perguntas e as opções em cada tentativa'));
    await userEvent.type(card.getByLabelText('Texto da pergunta 1'), 'Onde se descarta a agulha?');
    await userEvent.type(card.getByLabelText('Opção 1 da pergunta 1'), 'No lixo comum');
    await userEvent.type(card.getByLabelText('Opção 2 da pergunta 1'), 'Na caixa rígida');
    await userEvent.click(card.getByLabelText('Opção 2 da pergunta 1 é correta'));
    await userEvent.type(card.getByLabelText('Explicação da pergunta 1 (opcional)'), 'Sem reencapar.');

    await userEvent.click(card.getByRole('button', { name: 'Adicionar pergunta' }));
    await userEvent.click(within(card.getByRole('group', { name: 'Tipo da pergunta 2' })).getByLabelText('Múltipla escolha'));
    await userEvent.type(card.getByLabelText('Texto da pergunta 2'), 'Quais tubos têm EDTA?');
    await userEvent.click(card.getByRole('button', { name: 'Adicionar opção à pergunta 2' }));
    await userEvent.type(card.getByLabelText('Opção 1 da pergunta 2'), 'Roxo');
    await userEvent.type(card.getByLabelText('Opção 2 da pergunta 2'), 'Rosa');
    await userEvent.type(card.getByLabelText('Opção 3 da pergunta 2'), 'Azul');
    await userEvent.click(card.getByLabelText('Opção 1 da pergunta 2 é correta'));
    await userEvent.click(card.getByLabelText('Opção 2 da pergunta 2 é correta'));
    await userEvent.click(card.getByRole('button', { name: 'Criar avaliação' }));

    expect(await screen.findByText('Avaliação criada')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: `/v1/assessments/contents/${ID}`,
        body: {
          passMarkPercent: 75,
          maxAttempts: 2,
          shuffle: false,
          questions: [
            {
              kind: 'SINGLE',
              text: 'Onde se descarta a agulha?',
              explanation: 'Sem reencapar.',
              options: [
                { text: 'No lixo comum', correct: false },
                { text: 'Na caixa rígida', correct: true },
              ],
            },
            {
              kind: 'MULTIPLE',
              text: 'Quais tubos têm EDTA?',
              explanation: null,
              options: [
                { text: 'Roxo', correct: true },
                { text: 'Rosa', correct: true },
                { text: 'Azul', correct: false },
              ],
            },
          ],
        },
      },
    ]);
  });

  it('When the item has a quiz, then the editor shows it with its key and says what happens to attempts; a refusal of the API shows its message and keeps the values', async () => {
    quiz = QUIZ;
    renderRoute(<DossierSections kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    expect(await card.findByText(/Avaliação na versão 3: 1 pergunta\(s\), nota mínima 80 %, 2 tentativa\(s\) por revisão do documento, embaralhada\./)).toBeInTheDocument();
    expect(card.getByLabelText('Embaralhar as perguntas e as opções em cada tentativa')).toBeChecked();
    expect(card.getByLabelText('Texto da pergunta 1')).toHaveValue('Onde se descarta a agulha?');
    expect(card.getByLabelText('Opção 1 da pergunta 1 é correta')).toBeChecked();
    expect(card.getByLabelText('Opção 2 da pergunta 1 é correta')).not.toBeChecked();
    expect(card.getByText(/as tentativas já feitas e as notas não mudam/)).toBeInTheDocument();
    expect(card.getByText(/Quem já foi aprovado continua aprovado/)).toBeInTheDocument();

    saveReply = apiError(400, 'A pergunta 1 é de escolha única: marque exatamente uma opção correta.', 'INVALID_QUESTION');
    await userEvent.clear(card.getByLabelText('Tentativas por revisão'));
    await userEvent.type(card.getByLabelText('Tentativas por revisão'), '5');
    await userEvent.click(card.getByRole('button', { name: 'Salvar avaliação' }));
    expect(await card.findByRole('alert')).toHaveTextContent('A pergunta 1 é de escolha única: marque exatamente uma opção correta.');
    expect(card.getByLabelText('Tentativas por revisão')).toHaveValue('5');
    expect(writes()).toEqual([expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ maxAttempts: 5, passMarkPercent: 80, shuffle: true }) })]);
  });

  it('When the admin removes the quiz and confirms, then the API is asked to delete it and the editor starts a new one', async () => {
    quiz = QUIZ;
    renderRoute(<DossierSections kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    await userEvent.click(await card.findByRole('button', { name: 'Remover avaliação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover a avaliação?' });
    expect(dialog).toHaveTextContent(/as tentativas feitas continuam no histórico/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover avaliação' }));
    expect(await screen.findByText('Avaliação removida')).toBeInTheDocument();
    expect(await card.findByRole('button', { name: 'Criar avaliação' })).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'DELETE', url: `/v1/assessments/videos/${ID}`, body: undefined }]);
  });

  it('When the quiz cannot be loaded, then the section says why and offers to try again', async () => {
    server.use(mockApi('get', '/v1/assessments/{kind}/{itemId}/key', () => apiError(500, 'Algo deu errado no servidor. Tente novamente.', 'INTERNAL')));
    renderRoute(<DossierSections kind="videos" itemId={ID} />, '/', { persona: 'admin' });
    const card = await quizCard();
    expect(await card.findByText('Algo deu errado no servidor. Tente novamente.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
