import type { InvoiceKind, PaymentMethod, PixCharge } from '../../modules/billing/documents';
import type { PlanInterval } from '../../modules/plans/documents';

/**
 * The payment gateway port: the only thing billing knows about whoever moves the money.
 * One adapter, pix-api-gateway.ts: a bank's API Pix 2.9.0 over mTLS + OAuth2 — `PAYMENT_GATEWAY=pix-api`
 * in production, `pix-api-stand-in` against the stand-in PSP (stand-in/) in development and in the
 * API's tests. A PIX charge is an API Pix `cob`: its txid is ours, its status and amount are
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

/** A payment billing applies (use-cases/pay-invoice.ts), built only from what the PSP shows when the charge is read back (never from a callback's body). */
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

/**
 * Pix Automático (API Pix 2.9.0, `/locrec`, `/rec`, `/cobr`): statuses stay the specification's, so
 * billing and the admin read the same words the PSP's documentation uses.
 */
export type RecurrenceStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type RecurringChargeStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
/** `PERMITE_3R_7D`: up to 3 retries within 7 days after the due date; `NAO_PERMITE`: none. */
export type RetryPolicy = 'NAO_PERMITE' | 'PERMITE_3R_7D';

/** The payer of a recurrence: a person (CPF, 11 digits) or a company (CNPJ, 14 letters or digits). */
export type RecurrenceDebtor = { cpf: string; name: string } | { cnpj: string; name: string };

export interface RecurrenceRequest {
  /** Our contract number (the subscription id): `vinculo.contrato`. */
  contract: string;
  /** What the payer's bank shows: the plan's name (`vinculo.objeto`, ≤ 35). */
  object: string;
  debtor: RecurrenceDebtor;
  /** Due date of the first recurring charge (the second cycle), `YYYY-MM-DD`. */
  startDate: string;
  interval: PlanInterval;
  amountCents: number;
  retryPolicy: RetryPolicy;
  /** JORNADA_3: the immediate charge (`cob`) that pays the first cycle in the same scan. */
  firstTxid: string;
}

/** What `POST /locrec` + `POST /rec` + `GET /rec/{idRec}?txid=` gave: the one composite QR. */
export interface RecurrenceCreated {
  idRec: string;
  /** The composite BR Code (cob + rec): pays the first cycle and asks the payer to authorize the rest. */
  payload: string;
}

/** A recurrence as the PSP reports it (`GET /rec/{idRec}`). */
export interface RecurrenceReading {
  idRec: string;
  status: RecurrenceStatus;
  amountCents: number | null;
  retryPolicy: RetryPolicy;
  /** Who ended it, when it ended (rejected by the payer, cancelled by either side, expired). */
  ended: { by: 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR' | null; code: string; description: string } | null;
}

export interface RecurringChargeRequest {
  /** Ours: a retry after a timeout asks for the same charge (`PUT /cobr/{txid}`). */
  txid: string;
  idRec: string;
  /** `YYYY-MM-DD`; the PSP takes the charge only 2 to 10 days before it (the Pix Automático rules). */
  dueDate: string;
  amountCents: number;
  description: string;
}

/** One debit attempt of a recurring charge (`tentativas[]`). */
export interface RecurringChargeAttempt {
  date: string;
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  endToEndId: string;
  failure: string | null;
}

/** A recurring charge as the PSP reports it (`GET /cobr/{txid}`). */
export interface RecurringChargeReading {
  txid: string;
  idRec: string;
  status: RecurringChargeStatus;
  amountCents: number;
  dueDate: string;
  retryPolicy: RetryPolicy | null;
  attempts: RecurringChargeAttempt[];
  payments: { endToEndId: string; amountCents: number; paidAt: string }[];
}

/** The Pix Automático part of an API Pix adapter. */
export interface PixAutomaticPort {
  /** `POST /locrec`, `POST /rec` (JORNADA_3 with the first cycle's txid), `GET /rec/{idRec}?txid=`. */
  createRecurrence(request: RecurrenceRequest): Promise<RecurrenceCreated>;
  /** `GET /rec/{idRec}`; null when the PSP does not know it. */
  readRecurrence(idRec: string): Promise<RecurrenceReading | null>;
  /** `PATCH /rec/{idRec}` `{status: CANCELADA}`; one already ended stays as it is. */
  cancelRecurrence(idRec: string): Promise<void>;
  /** `PUT /cobr/{txid}`: a cycle's charge, debited on its due date by the payer's bank. */
  createRecurringCharge(request: RecurringChargeRequest): Promise<RecurringChargeReading>;
  /** `GET /cobr/{txid}`; null when the PSP does not know it. */
  readRecurringCharge(txid: string): Promise<RecurringChargeReading | null>;
  /** `POST /cobr/{txid}/retentativa/{data}`: one more debit attempt on `date` (`PERMITE_3R_7D`). */
  retryRecurringCharge(txid: string, date: string): Promise<RecurringChargeReading>;
  /** `PATCH /cobr/{txid}` `{status: CANCELADA}`; one already ended stays as it is. */
  cancelRecurringCharge(txid: string): Promise<void>;
  /** `PUT /webhookrec` and `PUT /webhookcobr`: where the `/rec` and `/cobr` callbacks go. */
  registerRecurrenceWebhooks(webhookUrl: string): Promise<void>;
}

export interface PaymentGateway {
  readonly name: string;
  /**
   * True against the stand-in PSP (development and tests): its payer can pay and debit by itself,
   * which the `/v1/sandbox/…` routes expose; production refuses the stand-in.
   */
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
  /** Stand-in only: pays the charge and sends the callback, as the real PSP would. */
  simulatePayment?(charge: { invoiceId: string; externalId: string; amountCents: number; txid?: string }): Promise<WebhookDelivery>;
  /** API Pix adapters: the charge read back from the PSP (a callback is only a signal). */
  readPixCharge?(txid: string): Promise<PixChargeReading | null>;
  /** API Pix adapters: tells the PSP where to send the `/pix` callbacks (`PUT /webhook/{chave}`). */
  registerWebhook?(webhookUrl: string): Promise<void>;
  /** API Pix adapters: Pix Automático (recurrences and their charges); absent without the club's account at the PSP. */
  readonly pixAutomatic?: PixAutomaticPort;
  /**
   * Stand-in only: the payer's bank acting on a recurrence (approve, reject, cancel the
   * authorization) or settling a recurring charge's debit; the stand-in then posts its callback.
   */
  simulatePayerAction?(action: { recurrence: string; act: 'aprovar' | 'rejeitar' | 'cancelar' } | { debit: string; ok: boolean }): Promise<{ status: string; callbackStatus: number | null }>;
}
