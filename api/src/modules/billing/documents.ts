import type { ObjectId } from 'mongodb';

/** Subscriptions and invoices (collections and indexes in collections.ts). */

export const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'PAUSED', 'CANCELED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_METHODS = ['PIX', 'CREDIT_CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CancelRequest {
  reason: string;
  comment: string | null;
  requestedAt: Date;
}

/** One paid period cut short by an upgrade: what of it is credited back. */
export interface SupersededPeriod {
  invoiceId: ObjectId;
  creditedCents: number;
  creditsTakenBack: number;
}

/** A plan change waiting for a payment (upgrade) or for the next cycle (downgrade). */
export interface PendingPlanChange {
  kind: 'UPGRADE' | 'DOWNGRADE';
  planId: ObjectId;
  externalPlanId: string;
  requestedAt: Date;
  /** Upgrade: the invoice charging the prorated difference. */
  invoiceId: ObjectId | null;
  /** Downgrade: when the new plan starts (the current endDate). */
  effectiveAt: Date | null;
  /** Upgrade: value of the paid, unused time credited against the new price (see rules/pricing.ts). */
  creditCents?: number;
  /** Upgrade: credits of that unused time, held (taken from the balance) until paid, given back if it lapses. */
  creditsHeld?: number;
  /** Upgrade (since issue 25): credits of that unused time, left in the balance until the upgrade is paid and taken then; nothing to give back if it lapses. */
  creditsTakenOnPayment?: number;
  /** Upgrade: the paid invoices whose unused time this upgrade credits (marked superseded when it is paid). */
  supersedes?: SupersededPeriod[];
  /** Seats of the target (laboratory accounts); missing = the subscription's current seats. */
  seats?: number;
}

/** An admin's decision on the status (PATCH /subscriptions/status): who, why, when. */
export interface AdminDecision {
  status: SubscriptionStatus;
  byUserId: ObjectId;
  byName: string;
  reason: string | null;
  at: Date;
}

/**
 * Pix Automático (API Pix 2.9.0 `/rec`): the member's authorization for the PSP to debit each
 * cycle. Statuses are the specification's (CRIADA → APROVADA, or REJEITADA / EXPIRADA /
 * CANCELADA), always as last read back from the PSP, never as a callback claimed.
 */
export interface PixAutomaticState {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  /** The payer the PSP asks: a person (CPF) or a laboratory (CNPJ), 11 or 14 characters. */
  debtor: { document: string; name: string };
  /** The recurrence's fixed amount per cycle (plan price × seats when it was authorized). */
  amountCents: number;
  createdAt: Date;
  updatedAt: Date;
  /** Why it ended, in Portuguese, for the member (rejected, cancelled by the payer, by us, plan change). */
  endedReason: string | null;
}

export interface SubscriptionDocument {
  _id: ObjectId;
  userId: ObjectId;
  planId: ObjectId;
  externalPlanId: string;
  /** The gateway's subscription id; `externalCustomerId` its customer. */
  externalId: string;
  externalCustomerId: string;
  paymentMethod: PaymentMethod;
  status: SubscriptionStatus;
  /** `status !== 'CANCELED'`, written with every status change: drives the unique partial index. */
  isOpen: boolean;
  /** First paid day; null until the first payment. */
  startDate: Date | null;
  currentPeriodStart: Date | null;
  /** ACTIVE: end of the paid period. PAUSED: the last day to pay before it is canceled. */
  endDate: Date | null;
  cancelRequest: CancelRequest | null;
  canceledAt: Date | null;
  pendingPlanChange: PendingPlanChange | null;
  /**
   * Seats bought (integer ≥ 1; missing = 1 for documents written before laboratory accounts).
   * More than 1: a laboratory account subscription (team/documents.ts); price and credits are × seats.
   */
  seats?: number;
  /**
   * The admin's decision that set the current status (missing or null: the status came from the
   * member, a payment or the calendar). Any later status change of another kind clears it.
   */
  adminDecision?: AdminDecision | null;
  /** Ended by the member's right of withdrawal (art. 49 CDC): every payment refunded. */
  withdrawnAt?: Date | null;
  /** Pix Automático: the recurrence authorized (or asked for) at the PSP; missing/null: plain PIX each cycle. */
  pixAutomatic?: PixAutomaticState | null;
  createdAt: Date;
  updatedAt: Date;
}

/** REFUNDED: paid, then given back (the right of withdrawal); the money went back the way it came. */
export const INVOICE_STATUSES = ['PENDING', 'PAID', 'OVERDUE', 'CANCELED', 'REFUNDED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * FIRST: opens a cycle that starts when paid (checkout, reactivation). RENEWAL: the next cycle of
 * an active subscription, period fixed in advance. UPGRADE: the prorated difference of a plan change.
 * GRANT: a period an admin granted without payment (amount 0, PAID when written, no credits).
 */
export const INVOICE_KINDS = ['FIRST', 'RENEWAL', 'UPGRADE', 'GRANT'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export interface PixCharge {
  payload: string;
  txid: string;
  expiresAt: Date;
  /** The QR code PNG (data URL), rendered once per payload and kept with it. */
  qrCodeDataUrl?: string;
}

/**
 * A cycle charged by Pix Automático (`PUT /cobr/{txid}`): the payer's bank debits it on the due
 * date; a failed debit is retried (`retentativa`) while the policy allows. Status as last read back.
 */
export interface RecurringChargeState {
  txid: string;
  idRec: string;
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  /** `YYYY-MM-DD`: the debit date the PSP holds. */
  dueDate: string;
  /** Debit attempts so far (the first, then retries), and how many of them failed. */
  attempts: number;
  failures: number;
  /** The last failed attempt, in the PSP's words ("AM04: Saldo insuficiente"); null when none failed. */
  lastFailure: string | null;
  /** `YYYY-MM-DD` of a retry asked for and not settled yet. */
  retryOn: string | null;
}

export interface InvoiceDocument {
  _id: ObjectId;
  subscriptionId: ObjectId;
  userId: ObjectId;
  /** The plan this invoice pays for (an upgrade's or downgrade's target plan). */
  planId: ObjectId;
  kind: InvoiceKind;
  /** Unique per subscription: a renewal's is its period start, so two job instances issue it once. */
  cycleKey: string;
  amountCents: number;
  description: string;
  dueDate: Date;
  status: InvoiceStatus;
  paidAt: Date | null;
  /** RENEWAL only; FIRST and UPGRADE periods start when paid. */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The gateway's charge id. */
  externalId: string;
  pix: PixCharge | null;
  creditsGranted: number;
  /** UPGRADE: the credit for unused paid time that paid the rest of the new plan's price. */
  creditAppliedCents?: number;
  /** PAID, period cut short by an upgrade: when, how much of its value and credits were credited back. */
  supersededAt?: Date | null;
  creditedCents?: number;
  creditsTakenBack?: number;
  /** PAID, period given up by an explicit "cancel now" (the member's or an admin's decision). */
  forfeitedAt?: Date | null;
  /** Seats this invoice pays for (amount = plan price × seats); missing = 1. */
  seats?: number;
  /** The PIX end-to-end id of the payment (E2E, from the gateway), when known. */
  endToEndId?: string | null;
  /** Pix Automático: this cycle is debited by a recurring charge instead of paid by a QR code. */
  recurringCharge?: RecurringChargeState | null;
  /** REFUNDED: when, how much, and the gateway's id of the refund (null until the gateway took it). */
  refundedAt?: Date | null;
  refundedCents?: number;
  refundExternalId?: string | null;
  createdAt: Date;
  updatedAt: Date;
}
