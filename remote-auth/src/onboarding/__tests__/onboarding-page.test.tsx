import { apiError, delay, HANG, mockApi, mockBrasilApi, reply, startMockApi, type MockApi, type MockReply } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { LocationProbe, memberAuth, memberProfile, visitorAuth } from '../../__tests__/support/auth';

const PAULISTA = { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista', service: 'open-cep' };

let server: MockApi;
/** How the API answers the PATCH in the current test (the saved profile by default). */
let patchReply: MockReply | typeof HANG | null;

beforeAll(() => {
  // The test kit's msw handlers: BrasilAPI (/cep/v2/…) and the Clube API (/v1/…, typed by its OpenAPI document).
  server = startMockApi(
    mockBrasilApi('get', '/cep/v2/:cep', async ({ params }) => {
      await delay(100); // a network's latency, so the lookup's progress can be seen
      if (params.cep === '01310100') return PAULISTA;
      if (params.cep === '88888888') return HANG;
      return reply(404, { name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error' });
    }),
    mockApi('patch', '/v1/users/{id}', ({ body }) => patchReply ?? { ...memberProfile({ onboardingCompleted: true }), ...body }),
  );
});

beforeEach(() => {
  server.requests.length = 0;
  patchReply = null;
});

afterAll(() => server.close());

function openOnboarding() {
  const auth = memberAuth(memberProfile({ onboardingCompleted: false }));
  renderRoute(<Routes />, '/onboarding', { auth });
  return auth;
}

async function fillLaboratory() {
  await userEvent.type(screen.getByLabelText('Nome do laboratório'), '  Laboratório Vida  ');
  await userEvent.type(screen.getByLabelText('CNPJ'), '11222333000181');
  await userEvent.type(screen.getByLabelText('Telefone'), '11987654321');
}

describe('onboarding page', () => {
  it('When a CEP BrasilAPI knows is typed, then the lookup shows its progress and fills street, district, city and state', async () => {
    openOnboarding();
    // The page is its own chunk: the first test waits for it (long on a loaded machine).
    await userEvent.type(await screen.findByLabelText('CEP', {}, { timeout: 15_000 }), '01310100');

    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(screen.getByText('Buscando endereço…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Rua')).toHaveValue('Avenida Paulista'));
    expect(screen.getByLabelText('Bairro')).toHaveValue('Bela Vista');
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo');
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
    expect(screen.getByText('Endereço preenchido pelo CEP. Confira e informe o número.')).toBeInTheDocument();
    expect(screen.getByLabelText('Número')).toHaveFocus();
    expect(server.requests.filter((r) => r.url.startsWith('/cep/'))).toEqual([{ method: 'GET', url: '/cep/v2/01310100', body: undefined }]);
  });

  it('When BrasilAPI does not know the CEP, then the page says so and the person types the address by hand', async () => {
    openOnboarding();
    await userEvent.type(screen.getByLabelText('CEP'), '99999-999');

    expect(await screen.findByText('Não encontramos esse CEP. Preencha o endereço manualmente.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Rua'), 'Rua das Flores');
    await userEvent.type(screen.getByLabelText('Bairro'), 'Centro');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Pequenópolis');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'MG');
    expect(screen.getByLabelText('Rua')).toHaveValue('Rua das Flores');
    expect(screen.getByLabelText('Cidade')).toHaveValue('Pequenópolis');
    expect(screen.getByLabelText('Estado')).toHaveValue('MG');
  });

  it('When the lookup takes too long, then after about 4 s the page says the address can be typed, while the fields stay editable', async () => {
    openOnboarding();
    await userEvent.type(screen.getByLabelText('CEP'), '88888888');
    await userEvent.type(screen.getByLabelText('Rua'), 'Rua Lenta');

    expect(screen.getByText('Buscando endereço…')).toBeInTheDocument();
    expect(await screen.findByText('A busca de CEP está demorando. Você pode preencher manualmente.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Rua')).toHaveValue('Rua Lenta');
    expect(screen.getByLabelText('Rua')).toBeEnabled();
  }, 10000);

  it('When the CNPJ check digits are wrong and fields are missing, then Portuguese messages block saving and nothing typed is lost', async () => {
    const auth = openOnboarding();
    await userEvent.type(screen.getByLabelText('Nome do laboratório'), 'Laboratório Vida');
    await userEvent.type(screen.getByLabelText('CNPJ'), '11222333000180');
    await userEvent.tab();
    expect(screen.getByLabelText('CNPJ')).toHaveAccessibleDescription('Esse CNPJ não é válido. Confira os números e as letras.');

    await userEvent.type(screen.getByLabelText('Telefone'), '1198');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));

    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-80');
    expect(screen.getByLabelText('CNPJ')).toHaveFocus();
    expect(screen.getByLabelText('Telefone')).toHaveAccessibleDescription('Informe o telefone com DDD, como (11) 3456-7890.');
    expect(screen.getByLabelText('CEP')).toHaveAccessibleDescription('Informe o CEP com 8 dígitos.');
    expect(screen.getByLabelText('Rua')).toHaveAccessibleDescription('Informe a rua.');
    expect(screen.getByLabelText('Número')).toHaveAccessibleDescription('Informe o número (ou S/N).');
    expect(screen.getByLabelText('Bairro')).toHaveAccessibleDescription('Informe o bairro.');
    expect(screen.getByLabelText('Cidade')).toHaveAccessibleDescription('Informe a cidade.');
    expect(screen.getByLabelText('Estado')).toHaveAccessibleDescription('Selecione o estado.');
    expect(screen.getByLabelText('Nome do laboratório')).toHaveValue('Laboratório Vida');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(auth.refreshProfile).not.toHaveBeenCalled();
  });

  it('When everything is valid, then the exact PATCH body is sent to /v1/users/{id} and the profile is reloaded', async () => {
    const auth = openOnboarding();
    await fillLaboratory();
    await userEvent.type(screen.getByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Rua')).toHaveValue('Avenida Paulista'));
    await userEvent.type(screen.getByLabelText('Número'), ' 1000 ');
    await userEvent.type(screen.getByLabelText('Complemento'), 'Sala 42');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));

    await waitFor(() => expect(auth.refreshProfile).toHaveBeenCalledTimes(1));
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/v1/users/665f1c2e9b1d8a0012345678',
        body: {
          laboratory: {
            name: 'Laboratório Vida',
            cnpj: '11.222.333/0001-81',
            phone: '(11) 98765-4321',
            address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: 'Sala 42', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
          },
          onboardingCompleted: true,
        },
      },
    ]);
  });

  it('When the complement is left empty, then it is not sent at all', async () => {
    const auth = openOnboarding();
    await fillLaboratory();
    await userEvent.type(screen.getByLabelText('CEP'), '99999999');
    await screen.findByText('Não encontramos esse CEP. Preencha o endereço manualmente.');
    await userEvent.type(screen.getByLabelText('Rua'), 'Rua das Flores');
    await userEvent.type(screen.getByLabelText('Número'), 'S/N');
    await userEvent.type(screen.getByLabelText('Bairro'), 'Centro');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Pequenópolis');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'MG');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));

    await waitFor(() => expect(auth.refreshProfile).toHaveBeenCalled());
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({
      laboratory: {
        name: 'Laboratório Vida',
        cnpj: '11.222.333/0001-81',
        phone: '(11) 98765-4321',
        address: { cep: '99999-999', street: 'Rua das Flores', number: 'S/N', district: 'Centro', city: 'Pequenópolis', state: 'MG' },
      },
      onboardingCompleted: true,
    });
  });

  it('When the API refuses the data, then its Portuguese message is shown, the profile is not reloaded and the form keeps its values', async () => {
    patchReply = apiError(400, 'Confira os dados do laboratório.', 'VALIDATION');
    const auth = openOnboarding();
    await fillLaboratory();
    await userEvent.type(screen.getByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Rua')).toHaveValue('Avenida Paulista'));
    await userEvent.type(screen.getByLabelText('Número'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));

    expect(await screen.findByText('Confira os dados do laboratório.')).toHaveAttribute('role', 'alert');
    expect(auth.refreshProfile).not.toHaveBeenCalled();
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('Número')).toHaveValue('1000');
    expect(screen.getByRole('button', { name: 'Salvar e continuar' })).toBeEnabled();
  });

  it('When saving is under way, then the button shows it is busy', async () => {
    patchReply = HANG;
    openOnboarding();
    await fillLaboratory();
    await userEvent.type(screen.getByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Rua')).toHaveValue('Avenida Paulista'));
    await userEvent.type(screen.getByLabelText('Número'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar e continuar' })).toHaveAttribute('aria-busy', 'true'));
  });

  it('When a technician who accepted an invitation onboards, then only their name is asked (no CNPJ, no address) and saved', async () => {
    const auth = memberAuth(memberProfile({ name: 'Carla', onboardingCompleted: false, team: { accountId: '665f1c2e9b1d8a0012349999', role: 'TECHNICIAN', laboratoryName: 'Laboratório Vida' } }));
    renderRoute(<Routes />, '/onboarding', { auth });
    expect(await screen.findByText('Você faz parte da equipe do Laboratório Vida. Confirme seu nome como deve aparecer nos certificados.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('CNPJ')).toBeNull();
    expect(screen.queryByLabelText('CEP')).toBeNull();
    await userEvent.type(screen.getByLabelText('Nome completo'), ' Técnica');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));

    await waitFor(() => expect(auth.refreshProfile).toHaveBeenCalledTimes(1));
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ name: 'Carla Técnica', onboardingCompleted: true }]);
  });

  it('When a member who already onboarded opens it, then the Guard sends them on to ?redirect=', async () => {
    renderRoute(
      <>
        <Routes />
        <LocationProbe />
      </>,
      '/onboarding?redirect=%2Fplanos',
      { auth: memberAuth() },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/planos'));
  });

  it('When a visitor opens it, then the Guard sends them to the login page', async () => {
    renderRoute(
      <>
        <Routes />
        <LocationProbe />
      </>,
      '/onboarding',
      { auth: visitorAuth() },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/autenticacao/login?redirect=%2Fonboarding'));
  });
});
