import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { plan } from '../../__tests__/support/fixtures';

const MONTHLY = plan({ _id: '1'.repeat(24), name: 'Mensal', priceCents: 8990, interval: 'MONTHLY', creditsPerCycle: 3 });
const QUARTERLY = plan({ _id: '2'.repeat(24), name: 'Trimestral', priceCents: 23990, interval: 'QUARTERLY', creditsPerCycle: 12, highlight: true, features: ['Economia de 11%'] });
const YEARLY = plan({ _id: '3'.repeat(24), name: 'Anual', priceCents: 86280, interval: 'YEARLY', creditsPerCycle: 60 });

const api = startMockApi(
  mockApi('get', '/v1/plans/', () => ({ data: [MONTHLY, QUARTERLY, YEARLY] })),
  mockApi('get', '/v1/subscriptions/{id}', ({ params }) => ({
    _id: params.id ?? '',
    canceledAt: null,
    adminDecision: null,
    withdrawnAt: null,
    cancelRequest: null,
    currentPeriodStart: '2026-01-10T12:00:00.000Z',
    externalId: 'sandbox-sub-1',
    hasAccess: true,
    seats: 1,
    cycleAmountCents: 23990,
    cycleCredits: 12,
    pendingPlanChange: null,
    plan: { _id: QUARTERLY._id, creditsPerCycle: 12, externalPlanId: QUARTERLY.externalPlanId, interval: 'QUARTERLY' as const, name: 'Trimestral', priceCents: 23990 },
    userId: 'harness-assinante',
    planId: QUARTERLY._id,
    externalPlanId: QUARTERLY.externalPlanId,
    status: 'ACTIVE' as const,
    paymentMethod: 'PIX' as const,
    startDate: '2026-01-10T12:00:00.000Z',
    endDate: '2026-04-10T12:00:00.000Z',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
  })),
);
afterEach(() => api.reset());
afterAll(() => api.close());

const card = (name: string) => screen.getByRole('article', { name });

describe('/planos', () => {
  it('When a guest opens it, then each plan shows price, monthly equivalent, saving against monthly, credits, and a button to its checkout', async () => {
    renderRoute(<Routes />, '/planos', { persona: 'visitante' });
    await screen.findByRole('heading', { level: 2, name: 'Trimestral' }, { timeout: 5000 });
    const quarterly = card('Trimestral');
    expect(quarterly).toHaveTextContent('R$ 239,90 por pessoa por trimestre');
    expect(quarterly).toHaveTextContent('Equivale a R$ 79,97 por pessoa por mês');
    expect(quarterly).toHaveTextContent('Equipes a partir de 2 assentos, um por pessoa.');
    expect(quarterly).toHaveTextContent('Economia de R$ 29,80 (11%) em relação ao mensal');
    expect(quarterly).toHaveTextContent('12 créditos a cada ciclo');
    expect(within(quarterly).getByText('Mais escolhido')).toBeInTheDocument();
    expect(card('Anual')).toHaveTextContent('Economia de R$ 216,00 (20%) em relação ao mensal');
    expect(card('Mensal')).not.toHaveTextContent('Economia');
    expect(within(card('Mensal')).getByRole('link', { name: 'Assinar Mensal' })).toHaveAttribute('href', `/checkout/assinar?planId=${MONTHLY._id}`);
    expect(screen.getByText('Como pago com PIX?')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.startsWith('/v1/subscriptions'))).toBe(false);
  });

  it('When a guest types how many people the team has, then every plan shows its total and a checkout for that many seats', async () => {
    const user = userEvent.setup();
    renderRoute(<Routes />, '/planos', { persona: 'visitante' });
    const people = await screen.findByLabelText('Pessoas na equipe', {}, { timeout: 5000 });
    await user.clear(people);
    await user.type(people, '4');
    const totals = screen.getByRole('list', { name: 'Total por plano' });
    expect(totals).toHaveTextContent('Mensal: R$ 359,60 por mês (4 × R$ 89,90)');
    expect(totals).toHaveTextContent('Anual: R$ 3.451,20 por ano (4 × R$ 862,80)');
    expect(within(totals).getByRole('link', { name: 'Assinar Mensal para 4 pessoas' })).toHaveAttribute('href', `/checkout/assinar?planId=${MONTHLY._id}&assentos=4`);
    await user.clear(people);
    await user.type(people, '500');
    expect(screen.getByText('Informe um número de 1 a 100.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Total por plano' })).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('When a subscriber opens it, then their current plan is marked and leads to their subscription instead of the checkout', async () => {
    renderRoute(<Routes />, '/planos', { persona: 'assinante' });
    expect(await screen.findByText('Seu plano atual', {}, { timeout: 5000 })).toBeInTheDocument();
    const quarterly = card('Trimestral');
    expect(within(quarterly).getByText('Seu plano atual')).toBeInTheDocument();
    expect(within(quarterly).getByRole('link', { name: 'Ver minha assinatura' })).toHaveAttribute('href', '/assinatura');
    expect(within(card('Anual')).getByRole('link', { name: 'Assinar Anual' })).toBeInTheDocument();
  });
});
