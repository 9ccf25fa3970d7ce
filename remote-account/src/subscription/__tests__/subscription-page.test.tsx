import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { personaProfile, renderRoute } from '@clube/dev-harness/test';
import type { Subscription, UserProfile } from '@clube/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';
import { ANUAL, invoiceOf, MENSAL, page, subscriptionOf, TRIMESTRAL } from '../../__tests__/support/billing';

let server: MockApi;
let subscription: Subscription;
let invoices = [invoiceOf({ status: 'PAID', kind: 'FIRST', amountCents: 23990, paidAt: '2026-01-01T12:00:00.000Z', planId: TRIMESTRAL._id })];

beforeAll(async () => {
  await import('../subscription-page');
  server = startMockApi(
    mockApi('get', '/v1/plans/', () => page([MENSAL, TRIMESTRAL, ANUAL])),
    mockApi('get', '/v1/subscriptions/{id}', () => subscription),
    mockApi('get', '/v1/subscriptions/{id}/invoices', () => page(invoices)),
    mockApi('get', '/v1/subscriptions/{id}/invoices/{invoiceId}/receipt.pdf', () => '%PDF-1.4 recibo' as never),
    mockApi('patch', '/v1/subscriptions/reactivate/{id}', () => (subscription = { ...subscription, cancelRequest: null })),
    mockApi('patch', '/v1/subscriptions/', ({ body }) => (subscription = { ...subscription, paymentMethod: body.paymentMethod ?? subscription.paymentMethod })),
    mockApi('get', '/v1/subscriptions/{id}/plan-preview', ({ request }) => {
      const seats = new URL(request.url).searchParams.get('seats');
      if (seats === '1') return apiError(409, 'Remova pessoas da equipe antes de reduzir para 1 assentos.', 'SEATS_IN_USE');
      if (seats)
        return {
          kind: 'UPGRADE',
          amountCents: 15993,
          creditCents: 0,
          chargedAt: null,
          dueDate: null,
          effectiveAt: null,
          invoiceId: null,
          creditsNow: 36,
          creditsTakenBack: 0,
          creditsAfter: 60,
          message: `Cobramos agora a diferença proporcional de ${seats} assentos.`,
          fromPlan: subscription.plan,
          toPlan: subscription.plan,
        } as never;
      const target = [MENSAL, TRIMESTRAL, ANUAL].find((plan) => plan.externalPlanId === new URL(request.url).searchParams.get('externalPlanId'))!;
      const upgrade = target.priceCents > TRIMESTRAL.priceCents;
      return {
        kind: upgrade ? 'UPGRADE' : 'DOWNGRADE',
        amountCents: upgrade ? 62290 : 0,
        creditCents: upgrade ? 23990 : 0,
        chargedAt: null,
        dueDate: null,
        effectiveAt: upgrade ? null : '2026-04-01T12:00:00.000Z',
        invoiceId: null,
        creditsNow: 10,
        creditsTakenBack: upgrade ? 4 : 0,
        creditsAfter: upgrade ? 66 : 10,
        message: upgrade ? 'Cobramos R$ 622,90 agora.' : 'O novo preço vale a partir de 01/04/2026.',
        fromPlan: subscription.plan,
        toPlan: { _id: target._id, externalPlanId: target.externalPlanId, name: target.name, interval: target.interval, priceCents: target.priceCents, creditsPerCycle: target.creditsPerCycle },
      } as never;
    }),
    mockApi('delete', '/v1/subscriptions/{id}/pix-automatico', () => (subscription = { ...subscription, pixAutomatic: { ...subscription.pixAutomatic!, status: 'CANCELADA', endedReason: 'Você desativou o Pix Automático. Os próximos ciclos serão cobrados por PIX comum.' } })),
    mockApi('patch', '/v1/subscriptions/{subscriptionId}/plan', ({ body }) => ({
      subscription,
      change: {
        kind: 'UPGRADE',
        amountCents: 50000,
        creditCents: 36280,
        chargedAt: null,
        dueDate: null,
        effectiveAt: null,
        invoiceId: 'inv-up',
        message: `Troca para ${body.externalPlanId} registrada.`,
        fromPlan: subscription.plan,
        toPlan: subscription.plan,
      } as never,
    })),
  );
});
beforeEach(() => {
  subscription = subscriptionOf(TRIMESTRAL);
  invoices = [invoiceOf({ status: 'PAID', kind: 'FIRST', amountCents: 23990, paidAt: '2026-01-01T12:00:00.000Z', planId: TRIMESTRAL._id })];
  server.requests.length = 0;
});
afterAll(() => server.close());

/** The subscriber has no laboratory unless a test gives one (with one, seats can be added: issue 25). */
function openSubscription(path = '/assinatura', persona: 'assinante' | 'membro' = 'assinante', overrides: Partial<UserProfile> = {}) {
  const auth = testAuth(profileOf(persona, { laboratory: null, ...(persona === 'assinante' ? { subscription: subscription._id, credits: { balance: 10, used: 2 } } : {}), ...overrides }));
  renderRoute(<Routes />, path, { auth });
  return auth;
}

/**
 * A Trimestral subscription on Pix Automático (authorized) whose renewal, due 01/04/2026, the bank
 * debits on 31/03: its last debit failed and the bank tries again on `retryOn`.
 */
function onPixAutomatic(overrides: Partial<Subscription>, renewal: { status: 'PENDING' | 'OVERDUE'; attempts: number; retryOn: string }) {
  const idRec = 'RR9999999920260101ABCDEFGHIJK';
  subscription = subscriptionOf(TRIMESTRAL, { ...overrides, pixAutomatic: { idRec, status: 'APROVADA', amountCents: 23990, endedReason: null, updatedAt: '2026-01-01T12:00:00.000Z' } });
  const failure = `O débito não foi feito (saldo insuficiente). Vamos tentar de novo em ${renewal.retryOn.split('-').reverse().join('/')}.`;
  invoices = [
    invoiceOf({
      _id: '665000000000000000000b02',
      status: renewal.status,
      kind: 'RENEWAL',
      amountCents: 23990,
      planId: TRIMESTRAL._id,
      dueDate: '2026-04-01T12:00:00.000Z',
      recurringCharge: { txid: 'CLBR665000000000000000000b02', idRec, status: 'ATIVA', debitDate: '2026-03-31', attempts: renewal.attempts, retryOn: renewal.retryOn, failure },
    }),
  ];
}

describe('/assinatura', () => {
  it('When the member has no subscription, then the plans are offered with links to the checkout', async () => {
    openSubscription('/assinatura', 'membro');
    const plans = await screen.findByRole('list', { name: 'Planos' });
    expect(within(plans).getByRole('link', { name: 'Assinar o plano Trimestral' })).toHaveAttribute('href', `/checkout/assinar?planId=${TRIMESTRAL._id}`);
  });

  it('When the subscription is active, then plan, status in words, period, next charge, credits and the invoices are shown', async () => {
    openSubscription();
    expect(await screen.findByRole('heading', { name: 'Plano Trimestral' })).toBeInTheDocument();
    expect(screen.getByText('Ativa')).toBeInTheDocument();
    expect(screen.getByText('01/01/2026 a 01/04/2026')).toBeInTheDocument();
    expect(screen.getByText(/Saldo: 10 créditos · usados: 2 · próximos 12 em 01\/04\/2026/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Faturas da assinatura' });
    expect(await within(table).findByText('Paga')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancelar assinatura' })).toHaveAttribute('href', `/planos/cancelar?subscription=${subscription._id}`);
  });

  it('When an invoice is paid, then its receipt (PDF) downloads with the member token; an open invoice has none', async () => {
    invoices = [
      invoiceOf({ _id: 'inv-paid', status: 'PAID', kind: 'FIRST', amountCents: 23990, dueDate: '2026-01-01T12:00:00.000Z', paidAt: '2026-01-01T12:00:00.000Z', planId: TRIMESTRAL._id }),
      invoiceOf({ _id: 'inv-open', status: 'PENDING', kind: 'RENEWAL', amountCents: 23990, dueDate: '2026-04-01T12:00:00.000Z', planId: TRIMESTRAL._id }),
    ];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:recibo'), revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    openSubscription();
    const table = await screen.findByRole('table', { name: 'Faturas da assinatura' });
    await within(table).findByText('Paga');
    expect(within(table).getAllByRole('button', { name: /Baixar o recibo/ })).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Baixar o recibo da fatura de 01/01/2026 em PDF' }));
    expect(await screen.findByText('O recibo em PDF foi salvo.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.endsWith('receipt.pdf')).map((r) => r.url)).toEqual([`/v1/subscriptions/${subscription._id}/invoices/inv-paid/receipt.pdf`]);
    expect(downloads).toEqual(['recibo-2026-01-01.pdf']);
    click.mockRestore();
  });

  it('When the administration paused the subscription, then the status says so and why, not "por falta de pagamento"', async () => {
    subscription = subscriptionOf(TRIMESTRAL, { status: 'PAUSED', adminDecision: { status: 'PAUSED', byName: 'Ana Admin', reason: 'Pedido do laboratório', at: '2026-01-10T12:00:00.000Z' } });
    openSubscription();
    expect(await screen.findByText('Pausada pela administração do Clube: Pedido do laboratório')).toBeInTheDocument();
    expect(screen.queryByText('Pausada por falta de pagamento')).toBeNull();
  });

  it('When a cancel was requested, then the status says until when and "Continuar assinatura" restores it', async () => {
    subscription = subscriptionOf(TRIMESTRAL, { cancelRequest: { reason: 'Está caro para mim', comment: null, requestedAt: '2026-02-01T12:00:00.000Z' } });
    openSubscription();
    expect(await screen.findByText('Cancelamento solicitado — acesso até 01/04/2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar assinatura' }));
    expect(await screen.findByText('Ativa')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', url: `/v1/subscriptions/reactivate/${subscription._id}`, body: undefined }]);
  });

  it('When the member picks a more expensive plan, then the preview shows what is charged now before confirming', async () => {
    openSubscription('/assinatura?trocar=plan_anual');
    expect(await screen.findByLabelText('Novo plano')).toHaveValue('plan_anual');
    expect(await screen.findByTestId('preview-amount')).toHaveTextContent(/^R\$\s622,90$/);
    expect(screen.getByText('Cobramos R$ 622,90 agora.')).toBeInTheDocument();
    expect(screen.getByText(/66 depois da troca\.$/)).toBeInTheDocument();
    expect(server.requests.some((r) => r.url === `/v1/subscriptions/${subscription._id}/plan-preview?externalPlanId=plan_anual`)).toBe(true);
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar troca para Anual' }));
    expect(await screen.findByText('Troca para plan_anual registrada.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PATCH')).toEqual({ method: 'PATCH', url: `/v1/subscriptions/${subscription._id}/plan`, body: { externalPlanId: 'plan_anual' } });
  });

  it('When the member picks a cheaper plan, then nothing is charged now and the new price applies from the next renewal', async () => {
    openSubscription();
    await userEvent.selectOptions(await screen.findByLabelText('Novo plano'), 'plan_mensal');
    expect(await screen.findByText('Nada é cobrado agora.')).toBeInTheDocument();
    expect(screen.getByText('Nada é cobrado agora.').closest('p')).toHaveTextContent('Nada é cobrado agora. O novo preço vale a partir de 01/04/2026.');
  });

  it('When a laboratory subscription adds seats, then the preview shows the prorated charge and the confirmation sends the seats; fewer seats than in use shows the reason', async () => {
    subscription = subscriptionOf(TRIMESTRAL, { seats: 3 });
    openSubscription();
    expect(await screen.findByRole('heading', { name: 'Trocar de plano ou de assentos' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Plano')).toHaveValue('plan_trimestral');
    const seats = screen.getByLabelText('Número de assentos');
    expect(seats).toHaveValue(3);
    expect(server.requests.some((r) => r.url.includes('plan-preview'))).toBe(false);

    await userEvent.clear(seats);
    await userEvent.type(seats, '5');
    expect(await screen.findByTestId('preview-amount')).toHaveTextContent(/^R\$\s159,93$/);
    expect(server.requests.some((r) => r.url === `/v1/subscriptions/${subscription._id}/plan-preview?externalPlanId=plan_trimestral&seats=5`)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar 5 assentos' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PATCH')).toEqual({ method: 'PATCH', url: `/v1/subscriptions/${subscription._id}/plan`, body: { externalPlanId: 'plan_trimestral', seats: 5 } }),
    );

    await userEvent.clear(seats);
    await userEvent.type(seats, '1');
    expect(await screen.findByText('Remova pessoas da equipe antes de reduzir para 1 assentos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar/ })).toBeNull();
  });

  it('When the payment method is shown, then only PIX is offered: no card form or gateway exists (issue 25)', async () => {
    openSubscription();
    const method = await screen.findByLabelText('Forma de pagamento');
    expect(within(method).getAllByRole('option').map((option) => option.textContent)).toEqual(['PIX']);
    expect(screen.queryByText(/Cartão de crédito/)).toBeNull();
  });

  it('When a 3-seat Trimestral subscription is shown, then the price, the next charge and the next credits are the whole subscription’s, with "3 assentos × R$ 239,90" (issue 25)', async () => {
    subscription = subscriptionOf(TRIMESTRAL, { seats: 3 });
    openSubscription();
    const price = (await screen.findByText('Preço')).nextElementSibling;
    expect(price).toHaveTextContent(/^R\$\s719,70 por trimestre \(3 assentos × R\$\s239,90\)$/);
    expect(screen.getByText('Próxima cobrança').nextElementSibling).toHaveTextContent(/^01\/04\/2026 — R\$\s719,70$/);
    expect(screen.getByText(/Saldo: 10 créditos · usados: 2 · próximos 36 em 01\/04\/2026/)).toBeInTheDocument();
  });

  it('When a 3-seat lab waits for a change to Mensal, then the next charge and credits are the Mensal’s for 3 seats (issue 25)', async () => {
    subscription = subscriptionOf(TRIMESTRAL, {
      seats: 3,
      pendingPlanChange: { kind: 'DOWNGRADE', plan: subscriptionOf(MENSAL).plan!, invoiceId: null, effectiveAt: '2026-04-01T12:00:00.000Z', requestedAt: '2026-02-01T12:00:00.000Z', seats: 3, cycleAmountCents: 3 * 8990, cycleCredits: 9 },
    });
    openSubscription();
    expect((await screen.findByText('Próxima cobrança')).nextElementSibling).toHaveTextContent(/^01\/04\/2026 — R\$\s269,70$/);
    expect(screen.getByText(/próximos 9 em 01\/04\/2026/)).toBeInTheDocument();
  });

  it('When a single-seat member with a laboratory changes the plan, then 2 or more seats can be chosen and previewed like any change (issue 25)', async () => {
    openSubscription('/assinatura', 'assinante', { laboratory: personaProfile('assinante')!.laboratory });
    expect(await screen.findByRole('heading', { name: 'Trocar de plano ou de assentos' })).toBeInTheDocument();
    const seats = await screen.findByLabelText('Número de assentos');
    expect(seats).toHaveValue(1);
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    expect(await screen.findByTestId('preview-amount')).toHaveTextContent(/^R\$\s159,93$/);
    expect(server.requests.some((r) => r.url === `/v1/subscriptions/${subscription._id}/plan-preview?externalPlanId=plan_trimestral&seats=3`)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar 3 assentos' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PATCH')).toEqual({ method: 'PATCH', url: `/v1/subscriptions/${subscription._id}/plan`, body: { externalPlanId: 'plan_trimestral', seats: 3 } }),
    );
  });

  it('When a single-seat member has no laboratory yet, then the plan change says where to register the CNPJ to add seats (issue 25)', async () => {
    openSubscription();
    expect(await screen.findByRole('link', { name: 'Cadastrar o CNPJ em Meu laboratório' })).toHaveAttribute('href', '/usuario/laboratorio');
    expect(screen.queryByLabelText('Número de assentos')).toBeNull();
  });

  it('When Pix Automático is active, then the next debit shows with its date and amount, a failed debit says what happens next, and "Desativar" turns it off', async () => {
    onPixAutomatic({ endDate: '2026-04-01T12:00:00.000Z' }, { status: 'PENDING', attempts: 2, retryOn: '2026-04-01' });
    openSubscription();
    expect(await screen.findByText(/Pix Automático ativo — próximo débito em 01\/04\/2026 de/)).toHaveTextContent(/R\$\s239,90/);
    expect(await screen.findByRole('alert')).toHaveTextContent('O débito não foi feito (saldo insuficiente). Vamos tentar de novo em 01/04/2026.');
    // No QR code on its own: paying by PIX replaces the retries only when asked.
    expect(screen.queryByLabelText('PIX copia e cola')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar agora por PIX' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Você desativou o Pix Automático. Os próximos ciclos serão cobrados por PIX comum.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url === `/v1/subscriptions/${subscription._id}/pix-automatico`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Desativar' })).toBeNull();
  });

  it('When the retry of a failed debit failed too and the period ended, then the page says access is paused and until when to pay, and offers to pay by PIX now', async () => {
    onPixAutomatic({ status: 'PAUSED', hasAccess: false, endDate: '2026-04-08T12:00:00.000Z' }, { status: 'OVERDUE', attempts: 3, retryOn: '2026-04-02' });
    openSubscription();
    expect(await screen.findByText('Pausada por falta de pagamento')).toBeInTheDocument();
    expect(await screen.findByText(/a fatura de 01\/04\/2026 venceu sem pagamento\. Pague até 08\/04\/2026 para voltar a ter acesso; depois disso, a assinatura é cancelada\./)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Vamos tentar de novo em 02/04/2026.');
    expect(screen.getByRole('button', { name: 'Pagar agora por PIX' })).toBeInTheDocument();
    // Not "ativo" next to "Pausada": the authorization stands at the bank and the retry is named.
    expect(screen.getByText(/^Pix Automático autorizado no seu banco — nova tentativa de débito em 02\/04\/2026 de/)).toHaveTextContent(/R\$\s239,90/);
    expect(screen.queryByText(/Pix Automático ativo/)).toBeNull();
  });

  it('When the administration paused the subscription with an open invoice, then no overdue deadline is claimed', async () => {
    subscription = subscriptionOf(TRIMESTRAL, { status: 'PAUSED', hasAccess: false, endDate: '2026-04-08T12:00:00.000Z', adminDecision: { status: 'PAUSED', byName: 'Ana Admin', reason: 'Pedido do laboratório', at: '2026-01-10T12:00:00.000Z' } });
    invoices = [invoiceOf({ _id: '665000000000000000000b03', status: 'OVERDUE', kind: 'RENEWAL', amountCents: 23990, planId: TRIMESTRAL._id, dueDate: '2026-04-01T12:00:00.000Z' })];
    openSubscription();
    expect(await screen.findByText(/Pausada pela administração do Clube/)).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Vencida' });
    expect(screen.queryByText(/venceu sem pagamento/)).toBeNull();
  });

  it('When an upgrade takes the unused days’ credits back on payment, then the preview says how many before confirming (issue 25)', async () => {
    openSubscription('/assinatura?trocar=plan_anual');
    expect(await screen.findByText('Créditos: 10 agora. Quando o pagamento for confirmado, saem 4 (dos dias não usados, descontados do preço) e entram 60: 66 depois da troca.')).toBeInTheDocument();
  });
});
