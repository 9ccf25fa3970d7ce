import { useAuth } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { personaHandlers, startMockApi, type MockApi } from '../mock-api';
import { renderRoute } from '../test-providers';

let api: MockApi;
beforeAll(() => {
  api = startMockApi(...personaHandlers('assinante'));
});
afterEach(() => api.reset());
afterAll(() => api.close());

function Who() {
  const { status, profile, isAdmin } = useAuth();
  return <p>{status === 'authenticated' ? `${profile?.name} · ${isAdmin ? 'admin' : 'usuário'} · onboarding ${profile?.onboardingCompleted ? 'feito' : 'pendente'} · assinatura ${profile?.hasActiveSubscription ? 'ativa' : 'nenhuma'}` : 'visitante'}</p>;
}

function MyProfile() {
  const api = useApi();
  const { profile } = useAuth();
  const query = useQuery({
    queryKey: ['me'],
    queryFn: () => api.get('/v1/users/provider/{providerId}', { params: { path: { providerId: profile!.providerId } } }),
  });
  return <p>{query.data ? `Do servidor: ${query.data.email}` : query.isError ? query.error.message : 'Carregando…'}</p>;
}

describe('renderRoute with a persona', () => {
  it.each([
    ['visitante', 'visitante'],
    ['novo', 'Membro do Harness · usuário · onboarding pendente · assinatura nenhuma'],
    ['membro', 'Membro do Harness · usuário · onboarding feito · assinatura nenhuma'],
    ['assinante', 'Assinante do Harness · usuário · onboarding feito · assinatura ativa'],
    ['admin', 'Admin do Harness · admin · onboarding feito · assinatura nenhuma'],
  ] as const)('When the page is seen as %s, then it sees %s', (persona, expected) => {
    renderRoute(<Who />, '/', { persona });
    expect(screen.getByText(expected)).toBeInTheDocument();
  });

  it("When a page calls the fake API as a persona, then the persona's handlers answer", async () => {
    renderRoute(<MyProfile />, '/usuario', { persona: 'assinante' });
    expect(await screen.findByText('Do servidor: membro@clube.local')).toBeInTheDocument();
    expect(api.requests).toEqual([{ method: 'GET', url: '/v1/users/provider/harness-assinante-uid', body: undefined }]);
  });

  it("When another persona's profile is asked for, then the page gets the API's 404 message", async () => {
    renderRoute(<MyProfile />, '/usuario', { persona: 'membro' });
    expect(await screen.findByText('Usuário não encontrado.')).toBeInTheDocument();
  });
});
