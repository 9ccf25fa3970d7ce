import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import type { ApiResponse } from '@clube/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';

type Suggestion = ApiResponse<'/v1/suggestions/open'>['data'][number];

const profile = profileOf('membro');
const base = { message: 'Como validar um método analítico passo a passo.', createdAt: '2026-01-05T12:00:00.000Z', answer: null, mine: false, votedByMe: false };
let open: Suggestion[];
let mine: Suggestion[];
let failOpen = false;

function page(data: Suggestion[]) {
  return { data, meta: { page: 1, limit: 10, total: data.length, totalPages: data.length ? 1 : 0 } };
}

let server: MockApi;
beforeAll(async () => {
  await import('../suggestions-page');
  server = startMockApi(
    mockApi('get', '/v1/suggestions/open', () => (failOpen ? apiError(500, 'Não foi possível carregar as sugestões.') : page(open))),
    mockApi('get', '/v1/suggestions/mine', () => page(mine)),
    mockApi('post', '/v1/suggestions/{id}/vote', ({ params }) => {
      const suggestion = open.find((s) => s._id === params.id);
      if (!suggestion) return apiError(404, 'Sugestão não encontrada.');
      if (suggestion.votedByMe) return { counted: false, suggestion };
      suggestion.votes += 1;
      suggestion.votedByMe = true;
      return { counted: true, suggestion };
    }),
    mockApi('post', '/v1/suggestions/', ({ body }) => {
      const created: Suggestion = { ...base, _id: '6650000000000000000000cc', subject: body.subject, message: body.message, status: 'NEW', votes: 0, mine: true };
      mine = [created, ...mine];
      return { ...created, userId: profile._id, updatedAt: created.createdAt } as never;
    }),
  );
});
beforeEach(() => {
  failOpen = false;
  open = [
    { ...base, _id: '6650000000000000000000aa', subject: 'Validação de métodos', status: 'READ', votes: 4 },
    { ...base, _id: '6650000000000000000000bb', subject: 'Controle de qualidade interno', status: 'NEW', votes: 1, votedByMe: true },
  ];
  mine = [
    {
      ...base,
      _id: '6650000000000000000000dd',
      subject: 'Biossegurança',
      status: 'DONE',
      votes: 7,
      mine: true,
      answer: { itemType: 'VIDEO', itemId: '6650000000000000000000ee', slug: 'biosseguranca-na-pratica', title: 'Biossegurança na prática' },
    },
  ];
  server.requests.length = 0;
});
afterAll(() => server.close());

function openSuggestions(path = '/sugestoes') {
  renderRoute(<Routes />, path, { auth: testAuth(profile) });
}

describe('suggestions page', () => {
  it('When the member votes, then the count goes up once and the button turns into "Você votou"', async () => {
    openSuggestions();
    const list = await screen.findByRole('list', { name: 'Sugestões abertas' });
    const item = within(list).getByRole('heading', { name: 'Validação de métodos' }).closest('li')!;
    expect(within(item).getByText('4 votos')).toBeInTheDocument();
    expect(within(item).getByText('Em análise')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Votar em "Validação de métodos"' }));

    expect(await within(item).findByText('5 votos')).toBeInTheDocument();
    expect(within(item).getByText('Você votou')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).toBeNull();
    const voted = within(list).getByRole('heading', { name: 'Controle de qualidade interno' }).closest('li')!;
    expect(within(voted).queryByRole('button', { name: /Votar/ })).toBeNull();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: '/v1/suggestions/6650000000000000000000aa/vote', body: undefined }]);
  });

  it('When a suggestion is sent, then the exact body is posted and "Minhas sugestões" shows it as Nova', async () => {
    openSuggestions();
    await userEvent.type(await screen.findByLabelText('Assunto'), '  Gestão de resíduos ');
    await userEvent.type(screen.getByLabelText('Mensagem'), 'Como descartar reagentes vencidos.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugestão' }));

    const list = await screen.findByRole('list', { name: 'Minhas sugestões' });
    const item = (await within(list).findByRole('heading', { name: 'Gestão de resíduos' })).closest('li')!;
    expect(within(item).getByText('Nova')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Minhas sugestões' })).toHaveAttribute('aria-selected', 'true');
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: '/v1/suggestions',
      body: { subject: 'Gestão de resíduos', message: 'Como descartar reagentes vencidos.' },
    });
  });

  it('When the subject and message are too short, then Portuguese messages block sending', async () => {
    openSuggestions();
    await userEvent.type(await screen.findByLabelText('Assunto'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugestão' }));
    expect(screen.getByLabelText('Assunto')).toHaveAccessibleDescription('Escreva um assunto com pelo menos 3 caracteres.');
    expect(screen.getByLabelText('Mensagem')).toHaveAccessibleDescription('Conte um pouco mais: pelo menos 10 caracteres.');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('When "Minhas sugestões" is opened from the URL, then a published one links to the content that answered it', async () => {
    openSuggestions('/sugestoes?lista=minhas');
    const list = await screen.findByRole('list', { name: 'Minhas sugestões' });
    expect(within(list).getByText('Publicada')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Assistir: Biossegurança na prática' })).toHaveAttribute('href', '/videos/biosseguranca-na-pratica');
  });

  it('When there are no open suggestions, then the page says what to do next', async () => {
    open = [];
    openSuggestions();
    expect(await screen.findByRole('heading', { name: 'Nenhuma sugestão aberta' })).toBeInTheDocument();
  });

  it('When the list fails, then the API message and "Tentar novamente" are shown, and retrying loads it', async () => {
    failOpen = true;
    openSuggestions();
    expect(await screen.findByText('Não foi possível carregar as sugestões.')).toBeInTheDocument();
    failOpen = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Sugestões abertas' })).toBeInTheDocument());
  });
});
