import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';
import { invoiceOf, MENSAL, QR_PNG, subscriptionOf, TRIMESTRAL } from '../../__tests__/support/billing';

const PAYLOAD = '00020126360014br.gov.bcb.pix0114+5511999999999520400005303986540589.905802BR5905CLUBE6009SAO PAULO62070503***6304ABCD';
let server: MockApi;
let paid = false;

beforeAll(async () => {
  await import('../checkout-page');
  server = startMockApi(
    mockApi('get', '/v1/plans/{id}', ({ params }) =>
      params.id === MENSAL._id ? MENSAL : params.id === TRIMESTRAL._id ? { ...TRIMESTRAL, active: false } : apiError(404, 'Plano não encontrado.', 'NOT_FOUND'),
    ),
    mockApi('post', '/v1/subscriptions/', ({ body }) =>
      subscriptionOf(MENSAL, { status: 'PENDING', hasAccess: false, startDate: null, currentPeriodStart: null, endDate: null, seats: body.seats ?? 1 }),
    ),
    mockApi('get', '/v1/subscriptions/{id}', () => subscriptionOf(TRIMESTRAL)),
    mockApi('get', '/v1/subscriptions/{id}/pixQRCode', () => ({
      invoiceId: '665000000000000000000b01',
      payload: PAYLOAD,
      qrCodeDataUrl: QR_PNG,
      amountCents: 8990,
      dueDate: '2026-01-04T12:00:00.000Z',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      status: 'PENDING' as const,
    })),
    mockApi('get', '/v1/subscriptions/{id}/payment-status', ({ params }) => {
      const invoice = invoiceOf({ status: paid ? 'PAID' : 'PENDING' });
      return {
        subscriptionId: params.id ?? '',
        subscriptionStatus: paid ? ('ACTIVE' as const) : ('PENDING' as const),
        hasAccess: paid,
        invoice: { _id: invoice._id, kind: 'FIRST' as const, status: invoice.status, paid, amountCents: invoice.amountCents, dueDate: invoice.dueDate, paidAt: paid ? new Date().toISOString() : null, pixExpiresAt: null },
      };
    }),
  );
});
afterEach(() => {
  server.requests.length = 0;
  paid = false;
});
afterAll(() => server.close());

describe('checkout', () => {
  it('When the member generates the PIX and then pays, then the QR, the code and "Copiar código" show, and the page turns to the welcome by itself', async () => {
    const auth = testAuth(profileOf('membro'));
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute(<Routes />, `/checkout/assinar?planId=${MENSAL._id}`, { auth });

    expect(await screen.findByRole('heading', { name: 'Plano Mensal' })).toBeInTheDocument();
    expect(screen.getAllByText('R$ 89,90')).toHaveLength(2); // the plan's price and the total for 1 seat
    await userEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));

    expect(await screen.findByRole('img', { name: /QR Code do PIX/ })).toHaveAttribute('src', QR_PNG);
    expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(PAYLOAD);
    expect(screen.getByText(/O código expira em/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(writeText).toHaveBeenCalledWith(PAYLOAD);
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();

    paid = true;
    expect(await screen.findByRole('heading', { name: 'Boas-vindas ao Clube!' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('3 créditos')).toBeInTheDocument();
    expect(auth.refreshProfile).toHaveBeenCalled();
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', url: '/v1/subscriptions', body: { planId: MENSAL._id, paymentMethod: 'PIX', seats: 1 } });
  }, 15000);

  it('When a laboratory with a valid CNPJ buys 3 seats, then the total is price × 3, the POST carries the seats and the welcome counts the team credits', async () => {
    renderRoute(<Routes />, `/checkout/assinar?planId=${MENSAL._id}`, { auth: testAuth(profileOf('membro')) });
    const seats = await screen.findByLabelText('Número de assentos');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(/^R\$\s89,90$/);
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(/^R\$\s269,70$/);
    expect(screen.getByText(/× 3 assentos/)).toBeInTheDocument();

    await userEvent.clear(seats);
    await userEvent.type(seats, '101');
    expect(screen.getByText('O número de assentos vai de 1 a 100.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByLabelText('PIX copia e cola')).toHaveValue(PAYLOAD);
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', url: '/v1/subscriptions', body: { planId: MENSAL._id, paymentMethod: 'PIX', seats: 3 } });
    paid = true;
    expect(await screen.findByRole('heading', { name: 'Boas-vindas ao Clube!' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('9 créditos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a Equipe' })).toHaveAttribute('href', '/equipe');
  }, 15000);

  it('When the seat calculator on /planos sent 4 people (?assentos=4), then the checkout opens with 4 seats and their total before the QR', async () => {
    renderRoute(<Routes />, `/checkout/assinar?planId=${MENSAL._id}&assentos=4`, { auth: testAuth(profileOf('membro')) });
    expect(await screen.findByLabelText('Número de assentos')).toHaveValue(4);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(/^R\$\s359,60$/);
    expect(screen.queryByLabelText('PIX copia e cola')).toBeNull();
  });

  it('When the profile laboratory has no CNPJ, then no seats are asked and the page says a team needs the CNPJ, with a link to Meu laboratório', async () => {
    renderRoute(<Routes />, `/checkout/assinar?planId=${MENSAL._id}`, { auth: testAuth(profileOf('membro', { laboratory: null })) });
    expect(await screen.findByText(/Para comprar para uma equipe \(mais de um assento\), o laboratório precisa ter um CNPJ válido/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Número de assentos')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cadastrar o CNPJ em Meu laboratório' })).toHaveAttribute('href', '/usuario/laboratorio');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ planId: MENSAL._id, paymentMethod: 'PIX', seats: 1 }));
  });

  it('When the member chooses Pix Automático, then the laboratory\'s CNPJ is pre-filled, the bank\'s authorization is explained, a bad document is refused, and the POST carries the payer', async () => {
    renderRoute(<Routes />, `/checkout/assinar?planId=${MENSAL._id}`, { auth: testAuth(profileOf('membro')) });
    await userEvent.click(await screen.findByRole('radio', { name: /Pix Automático/ }));
    const documento = screen.getByLabelText('CPF ou CNPJ de quem paga');
    expect(documento).toHaveValue(profileOf('membro').laboratory!.cnpj);
    expect(screen.getByText('Seu banco vai pedir para autorizar os próximos pagamentos.')).toBeInTheDocument();

    await userEvent.clear(documento);
    await userEvent.type(documento, '529.982.247-24');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('Esse CPF não é válido. Confira os números.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(documento);
    await userEvent.type(documento, '529.982.247-25');
    await userEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByLabelText('PIX copia e cola')).toHaveValue(PAYLOAD);
    const nome = profileOf('membro').laboratory!.name;
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ planId: MENSAL._id, paymentMethod: 'PIX', seats: 1, pixAutomatico: { documento: '529.982.247-25', nome } });
  });

  it('When the plan does not exist, then the page says so and links to /planos', async () => {
    renderRoute(<Routes />, '/checkout/assinar?planId=665000000000000000000999', { auth: testAuth(profileOf('membro')) });
    expect(await screen.findByRole('heading', { name: 'Plano não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver os planos' })).toHaveAttribute('href', '/planos');
  });

  it('When the plan is no longer active, then the page says it is unavailable', async () => {
    renderRoute(<Routes />, `/checkout/assinar?planId=${TRIMESTRAL._id}`, { auth: testAuth(profileOf('membro')) });
    expect(await screen.findByRole('heading', { name: 'Plano indisponível' })).toBeInTheDocument();
  });

  it('When a subscriber opens another plan, then the plan change is offered instead of a new checkout', async () => {
    renderRoute(<Routes />, `/checkout/assinar?planId=${MENSAL._id}`, { auth: testAuth(profileOf('assinante')) });
    expect(await screen.findByRole('heading', { name: 'Você já tem uma assinatura' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trocar para o plano Mensal' })).toHaveAttribute('href', '/assinatura?trocar=plan_mensal');
    expect(screen.queryByRole('button', { name: 'Gerar PIX' })).toBeNull();
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(false));
  });
});
