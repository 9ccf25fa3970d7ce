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

beforeAll(async () => {
  await import('../cancel-subscription-page');
  server = startMockApi(
    mockApi('get', '/v1/plans/', () => page([MENSAL, TRIMESTRAL, ANUAL])),
    mockApi('get', '/v1/subscriptions/{id}', () => subscription),
    mockApi('post', '/v1/subscriptions/cancelRequest/{id}', ({ body }) => (subscription = { ...subscription, cancelRequest: { reason: body.reason, comment: body.comment ?? null, requestedAt: new Date().toISOString() } })),
    mockApi('patch', '/v1/subscriptions/reactivate/{id}', () => (subscription = { ...subscription, cancelRequest: null })),
  );
});
beforeEach(() => {
  subscription = subscriptionOf(TRIMESTRAL);
  server.requests.length = 0;
});
afterAll(() => server.close());

function openCancel() {
  renderRoute(<Routes />, `/planos/cancelar?subscription=${subscription._id}`, { auth: testAuth(profileOf('assinante', { credits: { balance: 7, used: 5 } })) });
}

describe('/planos/cancelar', () => {
  it('When the member gives a reason, declines the cheaper plan and confirms, then the request is sent and "Continuar assinatura" undoes it', async () => {
    openCancel();
    await userEvent.click(await screen.findByRole('radio', { name: 'Está caro para mim' }));
    await userEvent.type(screen.getByLabelText('Comentário (opcional)'), ' Orçamento apertado ');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { name: 'Antes de ir: que tal um plano mais em conta?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trocar para o Mensal' })).toBeInTheDocument();
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
});
