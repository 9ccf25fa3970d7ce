import { apiError, delay, mockApi, mockBrasilApi, reply, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';

const profile = profileOf('membro');
const PRACA_DA_SE = { cep: '01001000', state: 'SP', city: 'São Paulo', neighborhood: 'Sé', street: 'Praça da Sé', service: 'open-cep' };

let server: MockApi;
let refuse = false;

beforeAll(async () => {
  await import('../laboratory-page');
  server = startMockApi(
    mockBrasilApi('get', '/cep/v2/:cep', async ({ params }) => {
      await delay(50);
      if (params.cep === '01001000') return PRACA_DA_SE;
      return reply(404, { name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error' });
    }),
    mockApi('patch', '/v1/users/{id}', ({ body }) => (refuse ? apiError(400, 'Confira os dados do laboratório.', 'VALIDATION') : { ...profile, ...body })),
  );
});
afterEach(() => {
  server.requests.length = 0;
  refuse = false;
});
afterAll(() => server.close());

function openLaboratory() {
  const auth = testAuth(profile);
  renderRoute(<Routes />, '/usuario/laboratorio', { auth });
  return auth;
}

describe('laboratory page', () => {
  it('When it opens, then the form shows what the profile holds', async () => {
    openLaboratory();
    expect(await screen.findByLabelText('Nome do laboratório')).toHaveValue(profile.laboratory?.name);
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(screen.getByLabelText('Número')).toHaveValue('1000');
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
  });

  it('When a new CEP is found by the lookup and saved, then the PATCH carries only the laboratory, the profile is reloaded and a toast confirms', async () => {
    const auth = openLaboratory();
    const cep = await screen.findByLabelText('CEP');
    await userEvent.clear(cep);
    await userEvent.type(cep, '01001000');
    await waitFor(() => expect(screen.getByLabelText('Rua')).toHaveValue('Praça da Sé'));
    await userEvent.clear(screen.getByLabelText('Número'));
    await userEvent.type(screen.getByLabelText('Número'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Laboratório atualizado.')).toBeInTheDocument();
    expect(auth.refreshProfile).toHaveBeenCalledTimes(1);
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: `/v1/users/${profile._id}`,
        body: {
          laboratory: {
            name: profile.laboratory?.name,
            cnpj: '11.222.333/0001-81',
            phone: '(11) 3456-7890',
            address: { cep: '01001-000', street: 'Praça da Sé', number: '10', district: 'Sé', city: 'São Paulo', state: 'SP' },
          },
        },
      },
    ]);
  });

  it('When the API refuses, then its message is shown, nothing is reloaded and the values stay', async () => {
    refuse = true;
    const auth = openLaboratory();
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Confira os dados do laboratório.')).toHaveAttribute('role', 'alert');
    expect(auth.refreshProfile).not.toHaveBeenCalled();
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
  });
});
