import { renderRoute } from '@clube/dev-harness/test';
import type { Laboratory } from '@clube/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LaboratoryForm } from '../laboratory-form';

const PAULISTA = { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista', service: 'open-cep' };

// A real HTTP server in BrasilAPI's place: one known CEP, one that never answers, one that fails, 404 for the rest.
const lookups: string[] = [];
const brasilApi = http.createServer((req, res) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Content-Type', 'application/json');
  lookups.push(req.url ?? '');
  if (req.url === '/cep/v2/01310100') return res.end(JSON.stringify(PAULISTA));
  if (req.url === '/cep/v2/88888888') return undefined;
  res.statusCode = req.url === '/cep/v2/50000000' ? 500 : 404;
  return res.end(JSON.stringify({ name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.' }));
});

beforeAll(() => new Promise<void>((resolve) => brasilApi.listen(0, '127.0.0.1', resolve)));
afterAll(() => {
  brasilApi.closeAllConnections();
  return new Promise((resolve) => brasilApi.close(resolve));
});
beforeEach(() => (lookups.length = 0));

function renderForm(laboratory: Laboratory | null = null) {
  const onSubmit = jest.fn<Promise<unknown>, [Laboratory]>().mockResolvedValue(undefined);
  const brasilApiUrl = `http://127.0.0.1:${(brasilApi.address() as AddressInfo).port}`;
  renderRoute(<LaboratoryForm laboratory={laboratory} onSubmit={onSubmit} submitLabel="Salvar" />, '/usuario/laboratorio', { config: { brasilApiUrl } });
  return onSubmit;
}

describe('LaboratoryForm', () => {
  it('When a known CEP is typed, then the address is filled, the focus moves to the number, and the saved body has the masks', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Nome do laboratório'), 'Laboratório Vida');
    await userEvent.type(screen.getByLabelText('CNPJ'), '11222333000181');
    await userEvent.type(screen.getByLabelText('Telefone'), '1134567890');
    await userEvent.type(screen.getByLabelText('CEP'), '01310100');

    await waitFor(() => expect(screen.getByLabelText('Rua')).toHaveValue('Avenida Paulista'));
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
    expect(screen.getByLabelText('Número')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Número'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Laboratório Vida',
      cnpj: '11.222.333/0001-81',
      phone: '(11) 3456-7890',
      address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    expect(lookups).toEqual(['/cep/v2/01310100']);
  });

  it('When BrasilAPI fails, then the page says so at once and the address is typed by hand', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('CEP'), '50000000');
    expect(await screen.findByText('Não foi possível buscar esse CEP agora. Preencha o endereço manualmente.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Rua'), 'Rua do Bom Jesus');
    expect(screen.getByLabelText('Rua')).toHaveValue('Rua do Bom Jesus');
  });

  it('When BrasilAPI does not answer, then after 4 s the manual fallback is offered and the typed street is kept', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('CEP'), '88888888');
    expect(screen.getByText('Buscando endereço…')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Rua'), 'Rua Lenta');
    expect(await screen.findByText('A busca de CEP está demorando. Você pode preencher manualmente.', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Rua')).toHaveValue('Rua Lenta');
    expect(screen.getByLabelText('Rua')).toBeEnabled();
  }, 10000);

  it('When the profile already has a laboratory, then the form opens pre-filled with the masks (a mobile phone included)', () => {
    renderForm({
      name: 'Laboratório Vida',
      cnpj: '11222333000181',
      phone: '11987654321',
      address: { cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: 'Sala 42', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(screen.getByLabelText('Complemento')).toHaveValue('Sala 42');
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
    expect(lookups).toEqual([]);
  });

  it('When a laboratory registered in 2026 types its alphanumeric CNPJ, then the field keeps the letters in the mask, in upper case, on a keyboard with letters, and the form saves it (issue 25)', async () => {
    const onSubmit = renderForm({
      name: 'Laboratório Novo',
      cnpj: '11222333000181',
      phone: '1134567890',
      address: { cep: '01310100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    const cnpj = screen.getByLabelText('CNPJ');
    expect(cnpj).not.toHaveAttribute('inputmode', 'numeric');
    await userEvent.clear(cnpj);
    await userEvent.type(cnpj, '12abc34501de35');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ cnpj: '12.ABC.345/01DE-35' });
  });

  it('When a stored alphanumeric CNPJ opens the form, then it is shown with its mask (issue 25)', () => {
    renderForm({
      name: 'Laboratório Novo',
      cnpj: '12ABC34501DE35',
      phone: '1134567890',
      address: { cep: '01310100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    expect(screen.getByLabelText('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
  });
});
