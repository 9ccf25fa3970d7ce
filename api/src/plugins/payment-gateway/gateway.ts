import type { InvoiceKind, PaymentMethod, PixCharge } from '../../modules/billing/documents';
import type { PlanInterval } from '../../modules/plans/documents';

/**
 * The payment gateway port: the only thing billing knows about whoever moves the money.
 * Adapters: `pix-api` (pix-api-gateway.ts: a bank's API Pix 2.9.0, over mTLS + OAuth2 — also what
 * the stand-in PSP serves in development) and `sandbox` (sandbox-gateway.ts: in process, no network;
 * the API's tests). A PIX charge is an API Pix `cob`: its txid is ours, its status and amount are
 * read back from the PSP before a payment counts (`readPixCharge`).
 */
export interface GatewayPlan {
  externalPlanId: string;
  priceCents: number;
  interval: PlanInterval;
}

export interface ChargeRequest {
  invoiceId: string;
  kind: InvoiceKind;
  customerId: string;
  amountCents: number;
  dueDate: Date;
  paymentMethod: PaymentMethod;
  description: string;
}

export interface Charge {
  externalId: string;
  /** PIX payload for PIX charges; null for card charges. */
  pix: PixCharge | null;
}

/** What the gateway tells the webhook when a charge is paid (the signed JSON body). */
export interface PaymentWebhookEvent {
  id: string;
  type: 'invoice.paid';
  createdAt: string;
  data: {
    invoiceId: string;
    externalId: string;
    amountCents: number;
    paidAt: string;
    /** PIX: the payment's end-to-end id (E2E, 32 characters), when the gateway knows it. */
    endToEndId?: string;
  };
}

/** A paid invoice to give back, the way it was paid (PIX: a devolução of the payment's E2E id). */
export interface RefundRequest {
  invoiceId: string;
  /** The gateway's charge id. */
  externalId: string;
  amountCents: number;
  paymentMethod: PaymentMethod;
  endToEndId: string | null;
  /** Why, in Portuguese (the gateway may show it to the payer). */
  reason: string;
}

export interface WebhookDelivery {
  statusCode: number;
  body: unknown;
}

/** A PIX charge as the PSP reports it (`GET /cob/{txid}`), in our units. */
export interface PixChargeReading {
  txid: string;
  /** OPEN: can still be paid; PAID: concluded; REMOVED: removed by us or by the PSP. */
  status: 'OPEN' | 'PAID' | 'REMOVED';
  amountCents: number;
  /** The Pix received for it. */
  payments: { endToEndId: string; amountCents: number; paidAt: string }[];
}

export interface PaymentGateway {
  readonly name: string;
  /** Sandbox gateways can simulate payments; production refuses them. */
  readonly isSandbox: boolean;
  /** Prices and intervals the gateway bills (the plan catalogue's source of truth). */
  listPlans(): Promise<GatewayPlan[]>;
  createCustomer(customer: { userId: string; email: string; name: string }): Promise<{ customerId: string }>;
  createSubscription(subscription: { customerId: string; externalPlanId: string; paymentMethod: PaymentMethod }): Promise<{ externalId: string }>;
  createCharge(request: ChargeRequest): Promise<Charge>;
  /** A fresh PIX payload (new txid and expiry) for a charge that is still open. */
  renewPix(request: ChargeRequest & { externalId: string }): Promise<PixCharge>;
  /** Removes an open charge: its first one and, when the PIX was renewed since, the current one (`currentTxid`). */
  cancelCharge(externalId: string, currentTxid?: string | null): Promise<void>;
  /** Gives a paid charge back the way it came (the right of withdrawal); answers the gateway's id of the refund. */
  refund(invoice: RefundRequest): Promise<{ refundId: string }>;
  /** Sandbox and stand-in only: pays the charge and sends the callback, as the real PSP would. */
  simulatePayment?(charge: { invoiceId: string; externalId: string; amountCents: number; txid?: string }): Promise<WebhookDelivery>;
  /**
   * API Pix adapters: the charge read back from the PSP (a callback is only a signal). Absent in
   * the sandbox, whose signed webhook carries the payment itself.
   */
  readPixCharge?(txid: string): Promise<PixChargeReading | null>;
  /** API Pix adapters: tells the PSP where to send the `/pix` callbacks (`PUT /webhook/{chave}`). */
  registerWebhook?(webhookUrl: string): Promise<void>;
}
