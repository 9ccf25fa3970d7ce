import { mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import type { Subscription } from '@clube/platform';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';
import { profileOf, testAuth } from '../../__tests__/support/auth';
import { ANUAL, MENSAL, page, subscriptionOf, TRIMESTRAL } from '../../__tests__/support/billing';

let server: MockApi;
let subscription: Subscription;
let withdrawal: { available: boolean; until: string | null; amountCents: number };
let plans = [MENSAL, TRIMESTRAL, ANUAL];
/** A plan cheaper than the seeded ones both per month and per cycle: the one kind a member who finds it expensive is offered (issue 25). */
const ESSENCIAL = { ...MENSAL, _id: '665000000000000000000004', externalPlanId: 'plan_essencial', name: 'Essencial', priceCents: 5990, creditsPerCycle: 2, order: 0 };

beforeAll(async () => {
  await import('../cancel-subscription-page');
  server = startMockApi(
    mockApi('get', '/v1/plans/', () => page(plans)),
    mockApi('get', '/v1/subscriptions/{id}', () => subscription),
    mockApi('post', '/v1/subscriptions/cancelRequest/{id}', ({ body }) => (subscription = { ...subscription, cancelRequest: { reason: body.reason, comment: body.comment ?? null, requestedAt: new Date().toISOString() } })),
    mockApi('patch', '/v1/subscriptions/reactivate/{id}', () => (subscription = { ...subscription, cancelRequest: null })),
    mockApi('get', '/v1/subscriptions/{id}/withdrawal', () => withdrawal),
    mockApi('post', '/v1/subscriptions/{id}/withdrawal', () => (subscription = { ...subscription, status: 'CANCELED', canceledAt: new Date().toISOString() })),
  );
});
beforeEach(() => {
  subscription = subscriptionOf(TRIMESTRAL);
  withdrawal = { available: false, until: null, amountCents: 0 };
  plans = [MENSAL, TRIMESTRAL, ANUAL];
  server.requests.length = 0;
});
afterAll(() => server.close());

function openCancel() {
  renderRoute(<Routes />, `/planos/cancelar?subscription=${subscription._id}`, { auth: testAuth(profileOf('assinante', { credits: { balance: 7, used: 5 } })) });
}

describe('/planos/cancelar', () => {
  it('When the member gives a reason, declines the cheaper plan and confirms, then the request is sent and "Continuar assinatura" undoes it', async () => {
    plans = [ESSENCIAL, MENSAL, TRIMESTRAL, ANUAL];
    openCancel();
    await userEvent.click(await screen.findByRole('radio', { name: 'Está caro para mim' }));
    await userEvent.type(screen.getByLabelText('Comentário (opcional)'), ' Orçamento apertado ');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { name: 'Antes de ir: que tal um plano mais em conta?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trocar para o Essencial' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Não, quero cancelar' }));

    expect(screen.getByText('Seu acesso continua até 01/04/2026, o fim do período já pago.')).toBeInTheDocument();
    expect(screen.getByText(/Você tem 7 créditos para usar até lá/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));

    expect(await screen.findByText('Cancelamento solicitado — acesso até 01/04/2026.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: `/v1/subscriptions/cancelRequest/${subscription._id}`,
      body: { reason: 'Está caro para mim', comment: 'Orçamento apertado' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Continuar assinatura' }));
    expect(await screen.findByText('Pronto! O cancelamento foi desfeito e sua assinatura segue ativa.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', url: `/v1/subscriptions/reactivate/${subscription._id}`, body: undefined }]);
  });

  it('When a first purchase was paid less than 7 days ago, then the right of withdrawal (art. 49 CDC) is stated and refunds everything at once', async () => {
    withdrawal = { available: true, until: '2026-01-17T12:00:00.000Z', amountCents: 23990 };
    openCancel();
    await userEvent.click(await screen.findByRole('radio', { name: 'Outro motivo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // Trimestral has no plan cheaper both per month and per cycle among these: no offer, straight to what ends.
    await screen.findByRole('heading', { name: 'O que acontece ao cancelar' });

    expect(screen.getByText(/Na primeira assinatura, você pode desistir em até 7 dias do pagamento/)).toHaveTextContent('(art. 49 do Código de Defesa do Consumidor)');
    expect(await screen.findByText(/Vale para esta assinatura até 17\/01\/2026/)).toHaveTextContent(/R\$\s239,90 são devolvidos/);
    await userEvent.click(screen.getByRole('button', { name: 'Desistir e receber o valor de volta' }));

    expect(await screen.findByText(/Pronto: a assinatura foi encerrada e/)).toHaveTextContent(/Pronto: a assinatura foi encerrada e R\$\s239,90 voltam para você pelo mesmo meio do pagamento/);
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: `/v1/subscriptions/${subscription._id}/withdrawal`, body: { reason: 'Outro motivo' } }]);
  });

  it('When the manager of a laboratory cancels, then the page warns that the technicians lose access on the same date', async () => {
    renderRoute(<Routes />, `/planos/cancelar?subscription=${subscription._id}`, {
      auth: testAuth(profileOf('assinante', { team: { accountId: '665f1c2e9b1d8a0012349999', role: 'MANAGER', laboratoryName: 'Laboratório Vida' } })),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Outro motivo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'O que acontece ao cancelar' });
    expect(screen.getByText('Os técnicos da sua equipe também perdem o acesso em 01/04/2026.')).toBeInTheDocument();
    expect(await screen.findByText(/Esta assinatura não está mais nesse prazo/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desistir e receber o valor de volta' })).toBeNull();
  });

  it('When no reason is picked, then a Portuguese message blocks going on', async () => {
    openCancel();
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Escolha um motivo.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /plano mais em conta/ })).toBeNull();
  });

  it('When the member is on the cheapest plan, then no offer is made and the page goes straight to what ends', async () => {
    subscription = subscriptionOf(MENSAL);
    openCancel();
    await userEvent.click(await screen.findByRole('radio', { name: 'Não estou usando' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'O que acontece ao cancelar' })).toBeInTheDocument();
  });

  it('When an annual member says it is too expensive, then no plan that costs more per month is offered and the page goes to what ends (issue 25)', async () => {
    subscription = subscriptionOf(ANUAL);
    openCancel();
    await userEvent.click(await screen.findByRole('radio', { name: 'Está caro para mim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'O que acontece ao cancelar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Trocar para o/ })).toBeNull();
  });

  it('When a 3-seat lab is offered a cheaper plan, then the offer shows its whole price against what they pay now, per month (issue 25)', async () => {
    plans = [ESSENCIAL, MENSAL, TRIMESTRAL, ANUAL];
    subscription = subscriptionOf(TRIMESTRAL, { seats: 3 });
    openCancel();
    await userEvent.click(await screen.findByRole('radio', { name: 'Está caro para mim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const offer = (await screen.findByRole('heading', { name: 'Antes de ir: que tal um plano mais em conta?' })).closest('section')!;
    expect(offer).toHaveTextContent(/plano Essencial por R\$\s179,70 por mês \(3 assentos × R\$\s59,90\)/);
    expect(offer).toHaveTextContent(/R\$\s179,70 por mês contra R\$\s239,90 por mês hoje/);
  });
});
