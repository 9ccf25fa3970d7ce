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
    mockApi('post', '/v1/subscriptions/', () => subscriptionOf(MENSAL, { status: 'PENDING', hasAccess: false, startDate: null, currentPeriodStart: null, endDate: null })),
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
    expect(screen.getByText('R$ 89,90')).toBeInTheDocument();
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
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', url: '/v1/subscriptions', body: { planId: MENSAL._id, paymentMethod: 'PIX' } });
  }, 15000);

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
