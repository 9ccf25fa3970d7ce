import type { InvoiceKind, PaymentMethod, PixCharge } from '../../modules/billing/documents';
import type { PlanInterval } from '../../modules/plans/documents';

/**
 * The payment gateway port: the only thing billing knows about whoever moves the money.
 * The sandbox adapter (sandbox-gateway.ts) is the default; a real one implements the same
 * interface and calls the same webhook (modules/billing/webhook-routes.ts) when a charge is paid.
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
  };
}

export interface WebhookDelivery {
  statusCode: number;
  body: unknown;
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
  cancelCharge(externalId: string): Promise<void>;
  /** Sandbox only: pays the charge and sends the signed webhook, as the real gateway would. */
  simulatePayment?(charge: { invoiceId: string; externalId: string; amountCents: number }): Promise<WebhookDelivery>;
}
