import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { SubscriptionDocument } from './documents';
import { subscriptionNotFound } from './billing-service';
import { perUserReadLimit } from '../../plugins/rate-limit';
import { ownCacheMember } from '../../plugins/response-cache';
import { ownerOnly, ownerOrAdmin, type OwnerResolver } from '../../http/authentication';
import { errorResponses, IdParams, paginated } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import { AdminSubscriptionSchema, CancelRequestBody, ChangePlanBody, CreateSubscriptionBody, InvoiceParams, InvoiceSchema, PageOnlyQuery, PaymentStatusSchema, PixQRCodeSchema, PlanPreviewQuery, PlanPreviewSchema, PlanChangeResponse, SubscriptionIdParams, SubscriptionListQuery, SubscriptionSchema, UpdateStatusBody, UpdateSubscriptionBody, UserIdParams, WithdrawalSchema } from './schemas';
import { toAdminSubscriptionResponse, toInvoiceResponse, toPaymentStatusResponse, toPixResponse, toPlanChangeResponse, toSubscriptionResponse, toWithdrawalResponse } from './responses';
import { badRequest, conflict } from '../../http/app-error';
import { isValidCnpj, normalizeCnpj } from '@clube/documents/cnpj';
import { isValidCpf, normalizeCpf } from '@clube/documents/cpf';
import type { PaymentMethod } from './documents';
import { invoiceNotFound } from './billing-service';
import { receiptFileName, receiptPdf } from './receipt-pdf';
import { hasReceipt } from './rules/receipt';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { found, routeOptions } from '../../http/route-options';

const route = routeOptions(['subscriptions']);

/** The Pix Automático payer of a checkout: PIX only, a CPF or CNPJ with valid check digits. */
function pixAutomaticPayer(body: { documento: string; nome: string }, paymentMethod: PaymentMethod) {
  if (paymentMethod !== 'PIX') throw badRequest('O Pix Automático só vale para pagamento por PIX.', 'PIX_AUTOMATIC_NEEDS_PIX');
  const cpf = normalizeCpf(body.documento);
  if (cpf.length === 11 && /^\d+$/.test(body.documento.replace(/[.-]/g, ''))) {
    if (!isValidCpf(body.documento)) throw badRequest('CPF inválido: confira os números.', 'INVALID_CPF');
    return { document: cpf, name: body.nome.trim() };
  }
  if (!isValidCnpj(body.documento)) throw badRequest('CNPJ inválido: confira os números e letras.', 'INVALID_CNPJ');
  return { document: normalizeCnpj(body.documento), name: body.nome.trim() };
}

/**
 * PRODUCT.md §5, paths exactly as the seed calls them. Rules (state machine, money, credits)
 * live in rules/ (state-machine.ts, lifecycle.ts, plan-change.ts, pricing.ts); each operation is a
 * use case in use-cases/.
 */
const subscriptions: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.subscriptionsRepository;
  const { billing } = fastify;

  /** The owner of the subscription a request names (in params or body); null → only admins, then 404. */
  const subscriptionOwner =
    (idOf: (request: FastifyRequest) => string): OwnerResolver =>
    (request) => {
      const id = idOf(request);
      // The profile points at one of its member's own subscriptions (billing's syncUser: the open
      // one, else the newest, of that member), so the one a member reads on every visit is settled
      // without a lookup; any other id is looked up.
      const { user } = request;
      if (user?.subscription && user.subscription.toHexString() === id.toLowerCase()) return { userId: user._id };
      return repository.findOwner(id).then((userId) => (userId ? { userId } : null));
    };
  const byParamId = subscriptionOwner((request) => (request.params as { id: string }).id);
  const byBodyId = subscriptionOwner((request) => (request.body as { subscriptionId: string }).subscriptionId);
  const byParamSubscriptionId = subscriptionOwner((request) => (request.params as { subscriptionId: string }).subscriptionId);
  const userOfParams = ownerOrAdmin((request) => ({ userId: (request.params as { userId: string }).userId }));

  const load = async (id: string): Promise<SubscriptionDocument> => {
    return found(await repository.findById(id), subscriptionNotFound);
  };
  const view = async (subscription: SubscriptionDocument) => toSubscriptionResponse(subscription, await fastify.plansRepository.mapAll());

  fastify.get(
    '/paginated',
    route('admin', 'Assinaturas, mais novas primeiro, com o nome e o e-mail do membro (admin); página 1 e limite 10 por padrão', {
      description: 'member: parte do nome ou do e-mail do membro (texto literal, sem diferenciar maiúsculas).',
      querystring: SubscriptionListQuery,
      response: { 200: paginated(AdminSubscriptionSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      const { page: _page, limit: _limit, ...query } = request.query;
      const [plans, filters] = await Promise.all([fastify.plansRepository.mapAll(), billing.listFilters(query)]);
      return listPage(
        request.query,
        (page, limit) => repository.list({ ...filters, page, limit }),
        async (rows) => {
          const members = await fastify.usersRepository.findSummaries(rows.map((row) => row.userId));
          const byId = new Map(members.map((member) => [member._id.toHexString(), { name: member.name, email: member.email }]));
          return rows.map((subscription) => toAdminSubscriptionResponse(subscription, plans, byId.get(subscription.userId.toHexString()) ?? null));
        },
      );
    },
  );

  fastify.get(
    '/user/:userId',
    route(userOfParams, 'Assinaturas de um usuário, mais novas primeiro (o próprio ou admin)', {
      params: UserIdParams,
      querystring: PageOnlyQuery,
      response: { 200: paginated(SubscriptionSchema), ...errorResponses(401, 403) },
    }),
    async (request) => {
      const plans = await fastify.plansRepository.mapAll();
      return listPage(
        request.query,
        (page, limit) => repository.list({ page, limit, userId: request.params.userId }),
        (rows) => rows.map((subscription) => toSubscriptionResponse(subscription, plans)),
      );
    },
  );

  fastify.get(
    '/:id',
    route(ownerOrAdmin(byParamId), 'Uma assinatura com o resumo do plano (dono ou admin)', {
      params: IdParams,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404) },
    }),
    // Kept for its member alone (plugins/response-cache.ts): stale on any subscription or plan write (`members`) or theirs.
    // Nothing in it follows the clock: a renewal or an expiry is the reconciliation job's write.
    (request, reply) => {
      const member = ownCacheMember(request);
      // The kept body first: a hit makes no function.
      return fastify.responseCache.sendKept(request, reply, member) ?? fastify.responseCache.readOwn(request, reply, { member, topics: [], build: async () => view(await load(request.params.id)) });
    },
  );

  fastify.get(
    '/:id/pixQRCode',
    route(ownerOrAdmin(byParamId), 'PIX copia e cola + QR code da fatura em aberto, com validade (dono ou admin)', {
      params: IdParams,
      response: { 200: PixQRCodeSchema, ...errorResponses(401, 403, 404, 409) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request) => toPixResponse(await billing.pixQrCode(await load(request.params.id))),
  );

  fastify.get(
    '/:id/payment-status',
    route(ownerOrAdmin(byParamId), 'Situação do pagamento da fatura em aberto (ou da última): para confirmar o PIX sem recarregar (dono ou admin)', {
      params: IdParams,
      response: { 200: PaymentStatusSchema, ...errorResponses(401, 403, 404) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request) => toPaymentStatusResponse(await billing.paymentStatus(await load(request.params.id))),
  );

  fastify.get(
    '/:id/plan-preview',
    route(ownerOrAdmin(byParamId), 'Prévia da troca de plano e/ou de assentos: quanto seria cobrado agora (com o crédito dos dias não usados) ou a partir de quando (dono ou admin)', {
      description: 'seats: padrão, os atuais. Mais valor por ciclo (preço × assentos) é upgrade proporcional; menos vale no próximo ciclo. 409 SEATS_IN_USE: menos assentos do que os ocupados; 422 LABORATORY_REQUIRED: mais de 1 assento sem laboratório com CNPJ válido.',
      params: IdParams,
      querystring: PlanPreviewQuery,
      response: { 200: PlanPreviewSchema, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request) => {
      const change = await billing.previewPlanChange(await load(request.params.id), request.query.externalPlanId, request.query.seats);
      // A preview issues nothing: the id an upgrade would get is not an invoice yet.
      const preview = toPlanChangeResponse(change);
      const pending = change.invoiceId !== null && (await fastify.invoicesRepository.findById(change.invoiceId)) !== null;
      return { ...preview, invoiceId: pending ? preview.invoiceId : null };
    },
  );

  fastify.get(
    '/:id/invoices',
    route(ownerOrAdmin(byParamId), 'Faturas da assinatura, mais novas primeiro (dono ou admin)', {
      params: IdParams,
      querystring: PageOnlyQuery,
      response: { 200: paginated(InvoiceSchema), ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const subscription = await load(request.params.id);
      return listPage(request.query, (page, limit) => fastify.invoicesRepository.listBySubscription(subscription._id, page, limit), (rows) => rows.map(toInvoiceResponse));
    },
  );

  fastify.post(
    '/',
    route('signed-in', 'Checkout: cria a assinatura PENDING e a primeira fatura (preço do plano × assentos)', {
      description:
        'seats (1 a 100, padrão 1): 2 ou mais criam a conta de laboratório, com o comprador como gestor; exige laboratório com CNPJ válido no perfil (422 LABORATORY_REQUIRED).',
      body: CreateSubscriptionBody,
      response: { 201: SubscriptionSchema, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request, reply) => {
      const payer = request.body.pixAutomatico ? pixAutomaticPayer(request.body.pixAutomatico, request.body.paymentMethod) : undefined;
      const subscription = await billing.subscribe(request.user!, request.body.planId, request.body.paymentMethod, request.body.seats, payer);
      return reply.code(201).send(await view(subscription));
    },
  );

  fastify.delete(
    '/:id/pix-automatico',
    route(ownerOrAdmin(byParamId), 'Desativa o Pix Automático (cancela a recorrência no PSP); os próximos ciclos são cobrados por PIX comum (dono ou admin)', {
      params: IdParams,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409, 503) },
    }),
    async (request) => view(await billing.stopPixAutomatic(await load(request.params.id))),
  );

  fastify.patch(
    '/status',
    route('admin', 'Muda o status por decisão do admin (ACTIVE dispensa as faturas em aberto); guarda quem decidiu e o motivo (adminDecision)', {
      body: UpdateStatusBody,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      const reason = request.body.reason?.trim() || null;
      return view(await billing.overrideStatus(await load(request.body.subscriptionId), request.body.status, request.user!, reason));
    },
  );

  fastify.patch(
    '/',
    route(ownerOrAdmin(byBodyId), 'Altera a forma de pagamento (dono ou admin)', {
      description: 'Só PIX é aceito: CREDIT_CARD responde 422 PAYMENT_METHOD_UNAVAILABLE enquanto não houver um gateway de cartão.',
      body: UpdateSubscriptionBody,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request) => view(await billing.updatePaymentMethod(await load(request.body.subscriptionId), request.body.paymentMethod)),
  );

  fastify.patch(
    '/:subscriptionId/plan',
    route(ownerOrAdmin(byParamSubscriptionId), 'Troca de plano e/ou de assentos: upgrade cobra agora a diferença proporcional; downgrade vale no próximo ciclo', {
      params: SubscriptionIdParams,
      body: ChangePlanBody,
      response: { 200: PlanChangeResponse, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request) => {
      const { subscription, change } = await billing.changePlan(
        await load(request.params.subscriptionId),
        request.body.externalPlanId,
        request.body.seats,
      );
      return { subscription: await view(subscription), change: toPlanChangeResponse(change) };
    },
  );

  fastify.post(
    '/cancelRequest/:id',
    route(ownerOnly(byParamId), 'Pede o cancelamento: o acesso continua até endDate, depois a assinatura é cancelada (só o dono)', {
      params: IdParams,
      body: CancelRequestBody,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      const comment = request.body.comment?.trim();
      return view(await billing.requestCancel(await load(request.params.id), request.body.reason.trim(), comment || undefined));
    },
  );

  fastify.patch(
    '/cancel/:id',
    route(ownerOrAdmin(byParamId), 'Cancela agora: o acesso termina e as faturas em aberto são canceladas (dono ou admin)', {
      params: IdParams,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => view(await billing.cancelNow(await load(request.params.id))),
  );

  fastify.get(
    '/:id/withdrawal',
    route(ownerOrAdmin(byParamId), 'O direito de arrependimento agora (art. 49 do CDC): se vale, até quando e quanto seria devolvido (dono ou admin)', {
      description: 'Vale para a primeira compra do membro, até 7 dias depois do pagamento.',
      params: IdParams,
      response: { 200: WithdrawalSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => toWithdrawalResponse(await billing.withdrawalPreview(await load(request.params.id))),
  );

  fastify.post(
    '/:id/withdrawal',
    route(ownerOnly(byParamId), 'Arrependimento (art. 49 do CDC): encerra agora e devolve todos os pagamentos pelo mesmo meio (só o dono)', {
      description:
        'Primeira compra, até 7 dias depois do pagamento: o acesso termina na hora (o dos técnicos de uma conta de laboratório também), as faturas pagas ficam REFUNDED e o gateway devolve o valor (PIX: devolução). Fora do prazo: 409 INVALID_TRANSITION.',
      params: IdParams,
      body: CancelRequestBody,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      const comment = request.body.comment?.trim();
      return view(await billing.withdraw(await load(request.params.id), request.body.reason.trim(), comment || undefined));
    },
  );

  fastify.get(
    '/:id/invoices/:invoiceId/receipt.pdf',
    route(ownerOrAdmin(byParamId), 'Recibo em PDF de uma fatura paga: quem recebeu (empresa, CNPJ), quem pagou (nome, CNPJ do laboratório), valor, período, data e o identificador PIX (E2E) quando conhecido (dono ou admin)', {
      description: 'A nota fiscal é outro documento. 409 RECEIPT_UNAVAILABLE: fatura não paga ou sem valor (período concedido).',
      params: InvoiceParams,
      produces: ['application/pdf'],
      response: { 200: Type.String({ description: 'PDF', contentMediaType: 'application/pdf' }), ...errorResponses(401, 403, 404, 409) },
    }, { rateLimit: perUserReadLimit(fastify) }),
    async (request, reply) => {
      const subscription = await load(request.params.id);
      const invoice = await fastify.invoicesRepository.findById(request.params.invoiceId);
      if (!invoice || !invoice.subscriptionId.equals(subscription._id)) throw invoiceNotFound();
      if (!hasReceipt(invoice)) throw conflict('Só faturas pagas têm recibo.', 'RECEIPT_UNAVAILABLE');
      const payer = await fastify.usersRepository.findById(subscription.userId);
      const plans = await fastify.plansRepository.mapAll();
      const pdf = await receiptPdf({
        invoice,
        subscription,
        plan: plans.get(invoice.planId.toHexString()) ?? null,
        payer,
        company: fastify.config.company,
        issuedAt: fastify.clock.now(),
      });
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receiptFileName(invoice)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  fastify.patch(
    '/reactivate/:id',
    route(ownerOrAdmin(byParamId), 'Desfaz o pedido de cancelamento, ou abre um novo ciclo (nova fatura) se o período acabou (dono ou admin)', {
      params: IdParams,
      response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => view(await billing.reactivate(await load(request.params.id))),
  );
};

export default subscriptions;
