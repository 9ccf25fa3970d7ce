import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PixCharge } from '../../modules/billing/documents';
import type { ChargeRequest, GatewayPlan, PaymentGateway, PixAutomaticPort, PixChargeReading, RefundRequest, WebhookDelivery } from './gateway';
import { PixApiProblemError, PixApiUnavailableError, pixUnavailable, type PixApiClient } from './pix-api-client';
import { PixApiAutomatic, type ReceiverAccount } from './pix-automatic';
import {
  Cob,
  CobRemoval,
  CobRequest,
  Devolucao,
  DevolucaoRequest,
  EmptyAnswer,
  WebhookConfig,
  type CobAnswer,
  type CobRequestBody,
  type DevolucaoAnswer,
} from './pix-api-schemas';
import { SANDBOX_PLANS } from './sandbox-gateway';
import { StandInActionAnswer, StandInPayAnswer } from './stand-in/stand-in-schemas';

export interface PixApiGatewayOptions {
  client: PixApiClient;
  /** The club's PIX key at the PSP (`chave` of every charge, the webhook's key). */
  pixKey: string;
  /** How long a charge can be paid. */
  pixTtlMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Development only: the stand-in PSP's "pay" action (a payer paying in their bank's app). */
  standIn?: boolean;
  /** The club's account at the PSP; with it, Pix Automático (recurring charges are credited there). */
  receiverAccount?: ReceiverAccount;
}


const toValor = (cents: number) => (cents / 100).toFixed(2);
const toCents = (valor: string) => Math.round(Number(valor) * 100);

/**
 * The txid of an invoice's charge: made by us, so a retry after a timeout asks for the same charge
 * (`PUT /cob/{txid}` is idempotent on it). `CLB` + the invoice id (24 hex) = 27 characters; a
 * renewed charge (the first expired) adds a suffix from its time, still within API Pix's 26–35.
 */
export function txidFor(invoiceId: string, renewedAt?: Date): string {
  const base = `CLB${invoiceId}`;
  return renewedAt ? `${base}${Math.floor(renewedAt.getTime() / 60_000).toString(36).toUpperCase()}` : base;
}

/** The PAYMENT_GATEWAY=pix-api adapter: a bank's API Pix 2.9.0 (immediate charges, webhook, refunds). */
export class PixApiGateway implements PaymentGateway {
  readonly name = 'pix-api';
  readonly isSandbox: boolean;
  readonly pixAutomatic?: PixAutomaticPort;

  constructor(private readonly options: PixApiGatewayOptions) {
    this.isSandbox = options.standIn === true;
    if (options.receiverAccount) this.pixAutomatic = new PixApiAutomatic(options.client, options.receiverAccount);
  }

  /** A bank has no plan catalogue: the club's prices are its own (the same list the sandbox serves). */
  async listPlans(): Promise<GatewayPlan[]> {
    return SANDBOX_PLANS.map((plan) => ({ ...plan, externalPlanId: plan.externalPlanId.replace('sandbox-', 'pix-') }));
  }

  async createCustomer(customer: { userId: string }): Promise<{ customerId: string }> {
    return { customerId: `pix_cus_${customer.userId}` };
  }

  async createSubscription(subscription: { customerId: string; externalPlanId: string }): Promise<{ externalId: string }> {
    // API Pix has no subscription object for a plain PIX: each cycle is its own charge.
    return { externalId: `pix_sub_${createHash('sha256').update(`${subscription.customerId}:${subscription.externalPlanId}:${this.options.now().getTime()}`).digest('hex').slice(0, 18)}` };
  }

  async createCharge(request: ChargeRequest) {
    const txid = txidFor(request.invoiceId);
    if (request.paymentMethod !== 'PIX') return { externalId: txid, pix: null };
    return { externalId: txid, pix: await this.putCob(txid, request) };
  }

  async renewPix(request: ChargeRequest & { externalId: string }): Promise<PixCharge> {
    return this.putCob(txidFor(request.invoiceId, this.options.now()), request);
  }

  /**
   * Removes the invoice's open charges (`PATCH /cob/{txid}`): the first and, when the PIX was
   * renewed, the current one, so a cancelled invoice leaves no payable QR behind. One already paid
   * or removed stays as it is.
   */
  async cancelCharge(externalId: string, currentTxid?: string | null): Promise<void> {
    for (const txid of new Set([externalId, currentTxid ?? externalId])) {
      try {
        await this.options.client.call({
          method: 'PATCH',
          path: `/cob/${txid}`,
          scopes: ['cob.write'],
          requestSchema: CobRemoval,
          body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
          responseSchema: Cob,
          txid,
        });
      } catch (error) {
        // Not found, or no longer ATIVA (paid, already removed): nothing left to remove.
        if (!(error instanceof PixApiProblemError && error.status < 500)) throw error;
      }
    }
  }

  /** `PUT /pix/{e2eid}/devolucao/{id}`: the id is ours (the invoice), so a retry asks for the same refund. */
  async refund(invoice: RefundRequest): Promise<{ refundId: string }> {
    if (!invoice.endToEndId) throw new Error('devolução PIX sem o endToEndId do pagamento');
    const id = `D${invoice.invoiceId}`;
    const answer = await this.options.client.call<DevolucaoAnswer>({
      method: 'PUT',
      path: `/pix/${invoice.endToEndId}/devolucao/${id}`,
      scopes: ['pix.write'],
      requestSchema: DevolucaoRequest,
      body: { valor: toValor(invoice.amountCents), natureza: 'ORIGINAL', descricao: invoice.reason.slice(0, 140) },
      responseSchema: Devolucao,
      txid: invoice.externalId,
    });
    return { refundId: answer.rtrId };
  }

  async readPixCharge(txid: string): Promise<PixChargeReading | null> {
    let cob: CobAnswer;
    try {
      cob = await this.options.client.call<CobAnswer>({ method: 'GET', path: `/cob/${txid}`, scopes: ['cob.read'], responseSchema: Cob, txid });
    } catch (error) {
      if (error instanceof PixApiProblemError && error.status === 404) return null;
      throw error;
    }
    return {
      txid: cob.txid,
      status: cob.status === 'ATIVA' ? 'OPEN' : cob.status === 'CONCLUIDA' ? 'PAID' : 'REMOVED',
      amountCents: toCents(cob.valor.original),
      payments: (cob.pix ?? []).map((pix) => ({ endToEndId: pix.endToEndId, amountCents: toCents(pix.valor), paidAt: pix.horario })),
    };
  }

  async registerWebhook(webhookUrl: string): Promise<void> {
    await this.options.client.call({
      method: 'PUT',
      path: `/webhook/${encodeURIComponent(this.options.pixKey)}`,
      scopes: ['webhook.write'],
      requestSchema: WebhookConfig,
      body: { webhookUrl },
      responseSchema: EmptyAnswer,
    });
  }

  /**
   * Stand-in only: a payer pays the charge in their bank's app; the stand-in then sends the `/pix`
   * callback to the API and answers what the API answered it, translated for the pay route.
   */
  async simulatePayment(charge: { invoiceId: string; externalId: string; amountCents: number; txid?: string }): Promise<WebhookDelivery> {
    if (!this.isSandbox) throw new Error('só o PSP substituto (stand-in) paga uma cobrança sozinho');
    const txid = charge.txid ?? charge.externalId;
    const answer = await this.options.client.call<{ callback: { status: number; body: unknown } | null }>({
      method: 'POST',
      path: `/stand-in/cob/${txid}/pagar`,
      scopes: ['cob.read'],
      responseSchema: StandInPayAnswer,
      txid,
    });
    if (!answer.callback) return { statusCode: 503, body: { code: 'PIX_CALLBACK_LOST', message: 'O PSP não entregou o aviso do pagamento; a conciliação vai confirmá-lo.' } };
    const results = (answer.callback.body as { results?: { txid: string; outcome: string; statusCode?: number; code?: string; message?: string }[] } | null)?.results ?? [];
    const mine = results.find((result) => result.txid === txid);
    if (answer.callback.status >= 400 || !mine) return { statusCode: answer.callback.status >= 400 ? answer.callback.status : 502, body: answer.callback.body };
    if (mine.outcome === 'PAID') return { statusCode: 200, body: { duplicate: false } };
    if (mine.outcome === 'DUPLICATE') return { statusCode: 200, body: { duplicate: true } };
    return { statusCode: mine.statusCode ?? 409, body: { code: mine.code ?? 'PAYMENT_NOT_CONFIRMED', message: mine.message ?? 'O pagamento não foi confirmado.' } };
  }

  async simulatePayerAction(action: { recurrence: string; act: 'aprovar' | 'rejeitar' | 'cancelar' } | { debit: string; ok: boolean }) {
    if (!this.isSandbox) throw new Error('só o PSP substituto (stand-in) age como o banco do pagador');
    const answer = await this.options.client.call<{ status: string; callback: { status: number } | null }>(
      'recurrence' in action
        ? { method: 'POST', path: `/stand-in/rec/${action.recurrence}/${action.act}`, scopes: ['rec.read'], responseSchema: StandInActionAnswer }
        : { method: 'POST', path: `/stand-in/cobr/${action.debit}/debitar`, scopes: ['cobr.read'], body: { resultado: action.ok ? 'ok' : 'falha' }, responseSchema: StandInActionAnswer, txid: action.debit },
    );
    return { status: answer.status, callbackStatus: answer.callback?.status ?? null };
  }

  private async putCob(txid: string, request: ChargeRequest): Promise<PixCharge> {
    const body: CobRequestBody = {
      calendario: { expiracao: Math.round(this.options.pixTtlMs / 1000) },
      valor: { original: toValor(request.amountCents) },
      chave: this.options.pixKey,
      solicitacaoPagador: request.description.slice(0, 140),
    };
    let cob: CobAnswer;
    try {
      cob = await this.options.client.call<CobAnswer>({ method: 'PUT', path: `/cob/${txid}`, scopes: ['cob.write'], requestSchema: CobRequest, body, responseSchema: Cob, txid });
    } catch (error) {
      // A retry after a timeout whose first request did reach the PSP: the charge exists; read it.
      const existing = error instanceof PixApiProblemError ? await this.readCobOrNull(txid) : null;
      if (existing && existing.status === 'ATIVA' && existing.valor.original === body.valor.original) {
        cob = existing;
      } else {
        this.options.log.warn({ txid, err: error instanceof Error ? error.message : String(error) }, 'API Pix charge not created');
        throw error instanceof PixApiUnavailableError ? pixUnavailable() : error;
      }
    }
    if (!cob.pixCopiaECola) {
      this.options.log.error({ txid }, 'API Pix charge without pixCopiaECola');
      throw pixUnavailable();
    }
    const created = new Date(cob.calendario.criacao);
    return { payload: cob.pixCopiaECola, txid: cob.txid, expiresAt: new Date(created.getTime() + cob.calendario.expiracao * 1000) };
  }

  private async readCobOrNull(txid: string): Promise<CobAnswer | null> {
    try {
      return await this.options.client.call<CobAnswer>({ method: 'GET', path: `/cob/${txid}`, scopes: ['cob.read'], responseSchema: Cob, txid });
    } catch {
      return null;
    }
  }
}
