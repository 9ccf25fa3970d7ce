import type { FastifyInstance } from 'fastify';
import { ObjectId } from 'mongodb';
import type { PlanDocument, PlanInterval } from '../modules/plans/documents';
import { DEMO_MEMBER } from './demo-users';

type Presentation = Pick<PlanDocument, 'name' | 'description' | 'creditsPerCycle' | 'features' | 'highlight' | 'order'>;

/** How the club presents each of the gateway's plans (admins edit this later; prices stay the gateway's). */
export const PLAN_PRESENTATION: Record<PlanInterval, Presentation> = {
  MONTHLY: {
    name: 'Mensal',
    description: 'Para conhecer o Clube sem compromisso: cancele quando quiser.',
    creditsPerCycle: 3,
    features: ['Todos os vídeos do catálogo', 'Conteúdos exclusivos para assinantes', '3 créditos por mês para conteúdos premium'],
    highlight: false,
    order: 1,
  },
  QUARTERLY: {
    name: 'Trimestral',
    description: 'O equilíbrio entre economia e flexibilidade para a equipe do laboratório.',
    creditsPerCycle: 12,
    features: [
      'Todos os vídeos do catálogo',
      'Conteúdos exclusivos para assinantes',
      '12 créditos por trimestre para conteúdos premium',
      'Economia de 11% em relação ao mensal',
    ],
    highlight: true,
    order: 2,
  },
  YEARLY: {
    name: 'Anual',
    description: 'O melhor preço para quem quer o Clube o ano todo.',
    creditsPerCycle: 60,
    features: [
      'Todos os vídeos do catálogo',
      'Conteúdos exclusivos para assinantes',
      '60 créditos por ano para conteúdos premium',
      'Economia de 20% em relação ao mensal',
      'Prioridade nas sugestões de conteúdo',
    ],
    highlight: false,
    order: 3,
  },
};

/**
 * The plans the gateway bills, with the club's presentation. Idempotent: existing plans keep
 * their (admin-edited) presentation; price and interval follow the gateway.
 */
export async function seedPlans(app: FastifyInstance): Promise<{ plansCreated: number }> {
  const at = app.clock.now();
  let plansCreated = 0;
  for (const gatewayPlan of await app.paymentGateway.listPlans()) {
    const created = await app.plansRepository.upsertFromGateway(gatewayPlan, {
      _id: new ObjectId(),
      ...PLAN_PRESENTATION[gatewayPlan.interval],
      active: true,
      createdAt: at,
      updatedAt: at,
    });
    if (created) plansCreated += 1;
  }
  return { plansCreated };
}

/**
 * The demo member holds a paid quarterly subscription (with its credits), paid through the stand-in
 * PSP. Before the API listens the stand-in has nowhere to send its callback: the
 * reconciliation then reads the paid charge back, as it does for any lost callback.
 */
export async function seedDemoSubscription(app: FastifyInstance): Promise<{ subscriptionsCreated: number }> {
  const member = await app.usersRepository.findByEmail(DEMO_MEMBER.email);
  if (!member || member.subscription) return { subscriptionsCreated: 0 };
  const plan = (await app.plansRepository.listActive()).find((candidate) => candidate.interval === 'QUARTERLY');
  if (!plan || !app.paymentGateway.simulatePayment) return { subscriptionsCreated: 0 };
  const subscription = await app.billing.subscribe(member, plan._id.toHexString(), 'PIX');
  const [invoice] = await app.invoicesRepository.findOpen(subscription._id);
  if (invoice) {
    const delivery = await app.paymentGateway.simulatePayment({ invoiceId: invoice._id.toHexString(), externalId: invoice.externalId, amountCents: invoice.amountCents, txid: invoice.pix?.txid });
    if (delivery.statusCode >= 300) await app.billing.reconcile();
  }
  return { subscriptionsCreated: 1 };
}
