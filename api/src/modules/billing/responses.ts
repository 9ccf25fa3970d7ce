import type { Static } from 'typebox';
import type { PlanDocument } from '../plans/documents';
import { toPlanSummary } from '../plans/responses';
import type { PaymentStatus, PlanChange, PixQrCode, Withdrawal } from './billing-service';
import type { InvoiceDocument, SubscriptionDocument } from './documents';
import { creditsFor, priceFor, seatsOf } from './rules/pricing';
import { allowedStatusChanges } from './rules/state-machine';
import { hasReceipt } from './rules/receipt';
import { debitFailureMessage } from './rules/pix-automatic';
import type { AdminSubscriptionSchema, InvoiceResponse, PaymentStatusSchema, PixQRCodeSchema, PlanChangeSchema, SubscriptionResponse, WithdrawalSchema } from './schemas';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toSubscriptionResponse(subscription: SubscriptionDocument, plans: Map<string, PlanDocument>): SubscriptionResponse {
  const plan = plans.get(subscription.planId.toHexString());
  // Documents written by older code or by hand may lack the later fields: show them as empty.
  const pending = subscription.pendingPlanChange ?? null;
  const pendingPlan = pending ? plans.get(pending.planId.toHexString()) : undefined;
  return {
    _id: subscription._id.toHexString(),
    userId: subscription.userId.toHexString(),
    planId: subscription.planId.toHexString(),
    externalPlanId: subscription.externalPlanId,
    externalId: subscription.externalId,
    paymentMethod: subscription.paymentMethod,
    status: subscription.status,
    seats: seatsOf(subscription),
    hasAccess: subscription.status === 'ACTIVE',
    startDate: iso(subscription.startDate),
    currentPeriodStart: iso(subscription.currentPeriodStart ?? null),
    endDate: iso(subscription.endDate),
    cancelRequest: subscription.cancelRequest
      ? {
          reason: subscription.cancelRequest.reason,
          comment: subscription.cancelRequest.comment,
          requestedAt: subscription.cancelRequest.requestedAt.toISOString(),
        }
      : null,
    canceledAt: iso(subscription.canceledAt),
    pendingPlanChange:
      pending && pendingPlan
        ? {
            kind: pending.kind,
            plan: toPlanSummary(pendingPlan),
            invoiceId: pending.invoiceId ? pending.invoiceId.toHexString() : null,
            effectiveAt: iso(pending.effectiveAt),
            requestedAt: pending.requestedAt.toISOString(),
            seats: pending.seats ?? seatsOf(subscription),
            cycleAmountCents: priceFor(pendingPlan, pending.seats ?? seatsOf(subscription)),
            cycleCredits: creditsFor(pendingPlan, pending.seats ?? seatsOf(subscription)),
          }
        : null,
    cycleAmountCents: plan ? priceFor(plan, seatsOf(subscription)) : null,
    cycleCredits: plan ? creditsFor(plan, seatsOf(subscription)) : null,
    plan: plan ? toPlanSummary(plan) : null,
    adminDecision: subscription.adminDecision
      ? {
          status: subscription.adminDecision.status,
          byName: subscription.adminDecision.byName,
          reason: subscription.adminDecision.reason,
          at: subscription.adminDecision.at.toISOString(),
        }
      : null,
    withdrawnAt: iso(subscription.withdrawnAt),
    ...(subscription.pixAutomatic
      ? {
          pixAutomatic: {
            idRec: subscription.pixAutomatic.idRec,
            status: subscription.pixAutomatic.status,
            amountCents: subscription.pixAutomatic.amountCents,
            endedReason: subscription.pixAutomatic.endedReason,
            updatedAt: subscription.pixAutomatic.updatedAt.toISOString(),
          },
        }
      : {}),
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}

export function toInvoiceResponse(invoice: InvoiceDocument): InvoiceResponse {
  return {
    _id: invoice._id.toHexString(),
    subscriptionId: invoice.subscriptionId.toHexString(),
    userId: invoice.userId.toHexString(),
    planId: invoice.planId.toHexString(),
    kind: invoice.kind,
    amountCents: invoice.amountCents,
    description: invoice.description,
    dueDate: invoice.dueDate.toISOString(),
    status: invoice.status,
    paidAt: iso(invoice.paidAt),
    periodStart: iso(invoice.periodStart),
    periodEnd: iso(invoice.periodEnd),
    creditsGranted: invoice.creditsGranted,
    seats: seatsOf(invoice),
    refundedAt: iso(invoice.refundedAt),
    hasReceipt: hasReceipt(invoice),
    txid: invoice.pix?.txid ?? invoice.recurringCharge?.txid ?? null,
    endToEndId: invoice.endToEndId ?? null,
    ...(invoice.recurringCharge
      ? {
          recurringCharge: {
            txid: invoice.recurringCharge.txid,
            idRec: invoice.recurringCharge.idRec,
            status: invoice.recurringCharge.status,
            debitDate: invoice.recurringCharge.dueDate,
            attempts: invoice.recurringCharge.attempts,
            retryOn: invoice.recurringCharge.retryOn,
            failure: debitFailureMessage(invoice.recurringCharge),
          },
        }
      : {}),
    createdAt: invoice.createdAt.toISOString(),
  };
}

export function toPixResponse(pix: PixQrCode): Static<typeof PixQRCodeSchema> {
  return {
    invoiceId: pix.invoice._id.toHexString(),
    payload: pix.payload,
    qrCodeDataUrl: pix.qrCodeDataUrl,
    expiresAt: pix.expiresAt.toISOString(),
    amountCents: pix.invoice.amountCents,
    dueDate: pix.invoice.dueDate.toISOString(),
    status: pix.invoice.status === 'OVERDUE' ? 'OVERDUE' : 'PENDING',
  };
}

export function toPlanChangeResponse(change: PlanChange): Static<typeof PlanChangeSchema> {
  return {
    kind: change.kind,
    fromPlan: toPlanSummary(change.fromPlan),
    toPlan: toPlanSummary(change.toPlan),
    fromSeats: change.fromSeats,
    toSeats: change.toSeats,
    amountCents: change.amountCents,
    creditCents: change.creditCents,
    chargedAt: iso(change.chargedAt),
    dueDate: iso(change.dueDate),
    effectiveAt: iso(change.effectiveAt),
    invoiceId: change.invoiceId ? change.invoiceId.toHexString() : null,
    creditsNow: change.creditsNow,
    creditsTakenBack: change.creditsTakenBack,
    creditsAfter: change.creditsAfter,
    message: change.message,
  };
}

export function toPaymentStatusResponse({ subscription, invoice }: PaymentStatus): Static<typeof PaymentStatusSchema> {
  return {
    subscriptionId: subscription._id.toHexString(),
    subscriptionStatus: subscription.status,
    hasAccess: subscription.status === 'ACTIVE',
    invoice: invoice
      ? {
          _id: invoice._id.toHexString(),
          kind: invoice.kind,
          status: invoice.status,
          paid: invoice.status === 'PAID',
          amountCents: invoice.amountCents,
          dueDate: invoice.dueDate.toISOString(),
          paidAt: iso(invoice.paidAt),
          pixExpiresAt: iso(invoice.pix?.expiresAt ?? null),
        }
      : null,
  };
}

/** A subscription in the admin's list, with its member and what the admin may set now (state-machine.ts). */
export function toAdminSubscriptionResponse(
  subscription: SubscriptionDocument,
  plans: Map<string, PlanDocument>,
  member: { name: string; email: string } | null,
): Static<typeof AdminSubscriptionSchema> {
  return { ...toSubscriptionResponse(subscription, plans), member, allowedStatusChanges: allowedStatusChanges(subscription) };
}

export function toWithdrawalResponse(withdrawal: Withdrawal | null): Static<typeof WithdrawalSchema> {
  return withdrawal ? { available: true, until: withdrawal.until.toISOString(), amountCents: withdrawal.amountCents } : { available: false, until: null, amountCents: 0 };
}
