import { randomBytes } from 'node:crypto';
import type { PixCharge } from '../../modules/billing/documents';
import type { ChargeRequest, GatewayPlan, PaymentGateway, PaymentWebhookEvent, RefundRequest, WebhookDelivery } from './gateway';
import { buildPixPayload } from './pix-br-code';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature';

export interface SandboxGatewayOptions {
  pix: { key: string; merchantName: string; merchantCity: string };
  webhookSecret: string;
  /** How long a PIX payload can be paid. */
  pixTtlMs: number;
  now: () => Date;
  /** Sends the signed webhook to the API (the real gateway would POST it over the network). */
  deliverWebhook: (rawBody: string, headers: Record<string, string>) => Promise<WebhookDelivery>;
}

/** The sandbox catalogue: what a real gateway's plan list would return. */
export const SANDBOX_PLANS: GatewayPlan[] = [
  { externalPlanId: 'sandbox-plano-mensal', priceCents: 8990, interval: 'MONTHLY' },
  { externalPlanId: 'sandbox-plano-trimestral', priceCents: 23990, interval: 'QUARTERLY' },
  { externalPlanId: 'sandbox-plano-anual', priceCents: 86280, interval: 'YEARLY' },
];

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;

/** A PIX end-to-end id as the Banco Central spells it: E + the payer's ISPB (8 digits) + yyyyMMddHHmm (UTC) + 11 letters or digits. */
function endToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `E00000000${stamp}${randomBytes(8).toString('hex').toUpperCase().slice(0, 11)}`;
}

/**
 * A gateway that runs inside the API: real PIX payloads (EMV BR Code + CRC16) and QR images,
 * no network. Paying is a button (POST /v1/sandbox/invoices/{id}/pay) that makes it send the
 * same signed webhook a real gateway would.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly isSandbox = true;

  constructor(private readonly options: SandboxGatewayOptions) {}

  async listPlans(): Promise<GatewayPlan[]> {
    return SANDBOX_PLANS.map((plan) => ({ ...plan }));
  }

  async createCustomer(customer: { userId: string }): Promise<{ customerId: string }> {
    return { customerId: `sbx_cus_${customer.userId}` };
  }

  async createSubscription(): Promise<{ externalId: string }> {
    return { externalId: id('sbx_sub') };
  }

  async createCharge(request: ChargeRequest) {
    const externalId = id('sbx_inv');
    return { externalId, pix: request.paymentMethod === 'PIX' ? this.pixFor(request) : null };
  }

  async renewPix(request: ChargeRequest & { externalId: string }): Promise<PixCharge> {
    return this.pixFor(request);
  }

  async cancelCharge(): Promise<void> {}

  /** Nothing moves in the sandbox: the refund is accepted at once, as a PSP accepts a devolução request. */
  async refund(invoice: RefundRequest): Promise<{ refundId: string }> {
    this.refunds.push(invoice);
    return { refundId: id('sbx_ref') };
  }

  /** The refunds asked of this sandbox, in order (what a test or the demo can check). */
  readonly refunds: RefundRequest[] = [];

  async simulatePayment(charge: { invoiceId: string; externalId: string; amountCents: number }): Promise<WebhookDelivery> {
    const now = this.options.now();
    const event: PaymentWebhookEvent = {
      id: id('sbx_evt'),
      type: 'invoice.paid',
      createdAt: now.toISOString(),
      data: { invoiceId: charge.invoiceId, externalId: charge.externalId, amountCents: charge.amountCents, paidAt: now.toISOString(), endToEndId: endToEndId(now) },
    };
    const rawBody = JSON.stringify(event);
    return this.options.deliverWebhook(rawBody, {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, this.options.webhookSecret),
    });
  }

  private pixFor(request: ChargeRequest): PixCharge {
    // 25 letters and digits, the most a BR Code txid holds; a new one for every payload.
    const txid = `CLB${randomBytes(11).toString('hex').toUpperCase()}`;
    const payload = buildPixPayload({ ...this.options.pix, amountCents: request.amountCents, txid, description: 'Clube assinatura' });
    return { payload, txid, expiresAt: new Date(this.options.now().getTime() + this.options.pixTtlMs) };
  }
}
