import type { PaymentWebhookEvent, RecurrenceReading, RecurringChargeReading } from '../../../plugins/payment-gateway/gateway';
import { AppError, conflict } from '../../../http/app-error';
import type { InvoiceDocument, PixAutomaticState, RecurringChargeState, SubscriptionDocument } from '../documents';
import type { PlanDocument } from '../../plans/documents';
import { addDays, addInterval } from '../rules/calendar';
import { debtorOf, nextRetryDate, recurrenceEndedReason, RETRY_POLICY } from '../rules/pix-automatic';
import type { BillingContext } from './context';
import { pixPaidEvent } from './confirm-pix';
import type { PaymentOutcome } from './pay-invoice';

export const pixAutomaticUnavailable = () =>
  conflict('O Pix Automático não está disponível agora. Assine com PIX comum: você paga cada ciclo pelo QR code.', 'PIX_AUTOMATIC_UNAVAILABLE');
export const noPixAutomatic = () => conflict('Esta assinatura não tem Pix Automático ativo.', 'PIX_AUTOMATIC_NOT_ACTIVE');

const day = (at: Date) => at.toISOString().slice(0, 10);
/** The recurring charge's date (`dataDeVencimento`): the day before the invoice is due (`endDate`). */
export const debitDay = (invoiceDue: Date) => day(addDays(invoiceDue, -1));
export const ENDED_WITH_SUBSCRIPTION = 'O Pix Automático foi cancelado junto com a assinatura.';
export const ENDED_BY_PLAN_CHANGE = 'O Pix Automático foi cancelado porque o plano mudou (o valor de uma autorização não pode ser alterado). Os próximos ciclos serão cobrados por PIX comum.';
const port = (ctx: BillingContext) => {
  const automatic = ctx.gateway.pixAutomatic;
  if (!automatic) throw pixAutomaticUnavailable();
  return automatic;
};

/** The payer of the recurrence: a CPF (a person) or a CNPJ (a laboratory), and the name their bank shows. */
export interface PixAutomaticPayer {
  document: string;
  name: string;
}

/**
 * Checkout by Pix Automático (JORNADA_3): after the first invoice's immediate charge exists, a
 * location and a recurrence at the PSP, and the invoice's code becomes the composite QR — one scan
 * pays the first cycle and asks the payer's bank to authorize the next ones.
 */
export async function startRecurrence(ctx: BillingContext, subscription: SubscriptionDocument, plan: PlanDocument, payer: PixAutomaticPayer): Promise<SubscriptionDocument> {
  const automatic = port(ctx);
  const [first] = await ctx.invoices.findOpen(subscription._id);
  if (!first?.pix) throw pixAutomaticUnavailable();
  const at = ctx.now();
  const created = await automatic.createRecurrence({
    contract: subscription._id.toHexString(),
    object: plan.name,
    debtor: debtorOf(payer),
    // An estimate (the spec's "data estimada de primeiro pagamento"): the next cycle if the first is paid today.
    startDate: day(addInterval(at, plan.interval)),
    interval: plan.interval,
    amountCents: first.amountCents,
    retryPolicy: RETRY_POLICY,
    firstTxid: first.pix.txid,
  });
  await ctx.invoices.setPix(first._id, { payload: created.payload, txid: first.pix.txid, expiresAt: first.pix.expiresAt }, at);
  const state: PixAutomaticState = { idRec: created.idRec, status: 'CRIADA', debtor: payer, amountCents: first.amountCents, createdAt: at, updatedAt: at, endedReason: null };
  await ctx.subscriptions.setPixAutomatic(subscription._id, state, null);
  ctx.log.info({ subscriptionId: subscription._id.toHexString(), idRec: created.idRec, txid: first.pix.txid }, 'Pix Automático recurrence created');
  return { ...subscription, pixAutomatic: state };
}

export interface RecurrenceSync {
  idRec: string;
  outcome: 'UPDATED' | 'UNCHANGED' | 'UNKNOWN';
  status?: PixAutomaticState['status'];
  /** The subscription before and after (the e-mail hooks read them). */
  before?: SubscriptionDocument;
  after?: SubscriptionDocument;
}

/** A `/rec` callback or the reconciliation: the recurrence read back from the PSP, its status kept. */
export async function syncRecurrence(ctx: BillingContext, idRec: string, known?: RecurrenceReading | null): Promise<RecurrenceSync> {
  const subscription = await ctx.subscriptions.findByIdRec(idRec);
  const current = subscription?.pixAutomatic;
  if (!subscription || !current || current.idRec !== idRec) return { idRec, outcome: 'UNKNOWN' };
  const reading = known === undefined ? await port(ctx).readRecurrence(idRec) : known;
  if (!reading) return { idRec, outcome: 'UNKNOWN' };
  if (reading.status === current.status) return { idRec, outcome: 'UNCHANGED', status: current.status };
  const at = ctx.now();
  const state: PixAutomaticState = { ...current, status: reading.status, updatedAt: at, endedReason: current.endedReason ?? recurrenceEndedReason(reading) };
  if (!(await ctx.subscriptions.setPixAutomatic(subscription._id, state, idRec))) return { idRec, outcome: 'UNCHANGED', status: current.status };
  ctx.log.info({ subscriptionId: subscription._id.toHexString(), idRec, from: current.status, to: reading.status }, 'Pix Automático recurrence changed');
  return { idRec, outcome: 'UPDATED', status: reading.status, before: subscription, after: { ...subscription, pixAutomatic: state } };
}

/**
 * Ends the member's Pix Automático at the PSP (`PATCH /rec` CANCELADA): "Desativar", a cancelled
 * subscription, a plan change (API Pix 2.9.0 lets a recurrence's amount never be revised). The
 * cycles that follow are paid by plain PIX. Answers the subscription as stored.
 */
export async function stopRecurrence(ctx: BillingContext, subscription: SubscriptionDocument, reason: string): Promise<SubscriptionDocument> {
  const current = subscription.pixAutomatic;
  if (!current || (current.status !== 'CRIADA' && current.status !== 'APROVADA')) return subscription;
  await port(ctx).cancelRecurrence(current.idRec);
  const at = ctx.now();
  const state: PixAutomaticState = { ...current, status: 'CANCELADA', updatedAt: at, endedReason: reason };
  await ctx.subscriptions.setPixAutomatic(subscription._id, state, current.idRec);
  return { ...subscription, pixAutomatic: state };
}

/**
 * A renewal of a subscription whose recurrence is APROVADA: a recurring charge (`PUT /cobr/{txid}`)
 * the payer's bank debits on the due date. Null when the cycle must be paid by plain PIX instead
 * (no authorization, a different amount, or the PSP refused the charge — e.g. outside the 2-to-10
 * days window the Pix Automático rules set).
 */
export async function issueRecurringCharge(
  ctx: BillingContext,
  subscription: SubscriptionDocument,
  invoice: { invoiceId: string; amountCents: number; dueDate: Date; description: string },
): Promise<{ externalId: string; recurringCharge: RecurringChargeState } | null> {
  const recurrence = subscription.pixAutomatic;
  const automatic = ctx.gateway.pixAutomatic;
  if (!automatic || subscription.paymentMethod !== 'PIX' || recurrence?.status !== 'APROVADA' || recurrence.amountCents !== invoice.amountCents) return null;
  const txid = `CLBR${invoice.invoiceId}`;
  try {
    // Debited the day before the paid period ends, so a cycle paid on time never leaves a gap in access.
    const reading = await automatic.createRecurringCharge({ txid, idRec: recurrence.idRec, dueDate: debitDay(invoice.dueDate), amountCents: invoice.amountCents, description: invoice.description });
    return { externalId: txid, recurringCharge: chargeState(reading, null) };
  } catch (error) {
    ctx.log.warn({ txid, idRec: recurrence.idRec, err: error instanceof Error ? error.message : String(error) }, 'recurring charge not created; the cycle is charged by plain PIX');
    return null;
  }
}

/** A cancelled invoice's recurring charge, cancelled at the PSP too (`PATCH /cobr/{txid}`) and kept as it now reads. */
export async function cancelRecurringCharge(ctx: BillingContext, invoice: InvoiceDocument): Promise<void> {
  const charge = invoice.recurringCharge;
  const automatic = ctx.gateway.pixAutomatic;
  if (!charge || !automatic || (charge.status !== 'ATIVA' && charge.status !== 'CRIADA')) return;
  await automatic.cancelRecurringCharge(charge.txid);
  const reading = await automatic.readRecurringCharge(charge.txid);
  await ctx.invoices.setRecurringCharge(invoice._id, reading ? chargeState(reading, null) : { ...charge, status: 'CANCELADA', retryOn: null }, ctx.now());
}

const chargeState = (reading: RecurringChargeReading, retryOn: string | null): RecurringChargeState => {
  const failures = reading.attempts.filter((attempt) => attempt.status === 'REJEITADA');
  return {
    txid: reading.txid,
    idRec: reading.idRec,
    status: reading.status,
    dueDate: reading.dueDate,
    attempts: reading.attempts.length,
    failures: failures.length,
    lastFailure: failures.at(-1)?.failure ?? null,
    retryOn: reading.attempts.at(-1)?.status === 'AGENDADA' && reading.attempts.length > 1 ? reading.attempts.at(-1)!.date : retryOn,
  };
};

export interface RecurringChargeSync {
  txid: string;
  /**
   * PAID / DUPLICATE: the cycle is paid (now / already); NOT_CONFIRMED: the PSP's record does not
   * show the cycle's amount debited; RETRY_SCHEDULED: a failed debit will be tried again on
   * `retryOn`; FAILED: the debit failed for good (the overdue rules follow); PENDING: nothing new;
   * UNKNOWN_CHARGE: no invoice has this txid; REFUSED: billing refused the payment.
   */
  outcome: 'PAID' | 'DUPLICATE' | 'NOT_CONFIRMED' | 'RETRY_SCHEDULED' | 'FAILED' | 'PENDING' | 'UNKNOWN_CHARGE' | 'REFUSED';
  invoiceId?: string;
  retryOn?: string;
  /** A debit attempt failed since the last reading (the "débito falhou" e-mail). */
  /** A failure not seen before, and the retry the PSP holds for it (`YYYY-MM-DD`; null: none left). */
  newFailure?: { invoice: InvoiceDocument; attempt: number; retryOn: string | null };
  code?: string;
  message?: string;
}

/**
 * A `/cobr` callback or the reconciliation: the recurring charge read back from the PSP (`GET
 * /cobr/{txid}`). Paid only when the PSP shows it CONCLUIDA with a Pix of the invoice's amount
 * (then the ordinary payment: the cycle renews, credits arrive, a replay is a no-op); a failed
 * debit is retried while `PERMITE_3R_7D` allows (`POST /cobr/{txid}/retentativa/{data}`).
 */
export async function syncRecurringCharge(ctx: BillingContext, txid: string, pay: (event: PaymentWebhookEvent) => Promise<PaymentOutcome>): Promise<RecurringChargeSync> {
  const invoice = await ctx.invoices.findByRecurringTxid(txid);
  if (!invoice?.recurringCharge) return { txid, outcome: 'UNKNOWN_CHARGE' };
  const invoiceId = invoice._id.toHexString();
  if (invoice.status === 'PAID' || invoice.status === 'REFUNDED') return { txid, invoiceId, outcome: 'DUPLICATE' };
  if (invoice.status === 'CANCELED') return { txid, invoiceId, outcome: 'PENDING' };
  const automatic = port(ctx);
  let reading = await automatic.readRecurringCharge(txid);
  if (!reading) return { txid, invoiceId, outcome: 'UNKNOWN_CHARGE' };
  const before = invoice.recurringCharge;
  const failedAttempts = reading.attempts.filter((attempt) => attempt.status === 'REJEITADA').length;
  const newlyFailed = failedAttempts > before.failures;

  if (reading.status === 'CONCLUIDA') {
    await ctx.invoices.setRecurringCharge(invoice._id, chargeState(reading, null), ctx.now());
    const payment = reading.payments[0];
    if (!payment || reading.amountCents !== invoice.amountCents || payment.amountCents !== invoice.amountCents) {
      ctx.log.warn({ txid, invoiceId }, 'recurring charge not confirmed by the PSP');
      return { txid, invoiceId, outcome: 'NOT_CONFIRMED' };
    }
    try {
      const outcome = await pay(pixPaidEvent(ctx, invoice, payment));
      return { txid, invoiceId, outcome: outcome.duplicate ? 'DUPLICATE' : 'PAID' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { txid, invoiceId, outcome: 'REFUSED', code: error.code, message: error.message };
    }
  }

  let retryOn: string | null = null;
  const last = reading.attempts.at(-1);
  if (reading.status === 'ATIVA' && last?.status === 'REJEITADA') {
    const date = nextRetryDate(reading, ctx.now());
    if (date) {
      try {
        reading = await automatic.retryRecurringCharge(txid, date);
        retryOn = date;
      } catch (error) {
        ctx.log.warn({ txid, date, err: error instanceof Error ? error.message : String(error) }, 'recurring charge retry not scheduled');
      }
    }
  }
  const state = chargeState(reading, retryOn);
  await ctx.invoices.setRecurringCharge(invoice._id, state, ctx.now());
  const scheduled = reading.status === 'ATIVA' && reading.attempts.at(-1)?.status === 'AGENDADA';
  const failedForGood = reading.status === 'REJEITADA' || reading.status === 'EXPIRADA' || reading.status === 'CANCELADA' || (reading.status === 'ATIVA' && !scheduled && failedAttempts > 0);
  const result: RecurringChargeSync = { txid, invoiceId, outcome: failedForGood ? 'FAILED' : scheduled && failedAttempts > 0 ? 'RETRY_SCHEDULED' : 'PENDING' };
  if (scheduled && failedAttempts > 0) result.retryOn = reading.attempts.at(-1)!.date;
  if (newlyFailed) result.newFailure = { invoice, attempt: failedAttempts, retryOn: result.retryOn ?? null };
  return result;
}

/** Recurrences of subscriptions that ended or will end (a cancellation the PSP missed, or the calendar's): cancelled at the PSP. */
export async function stopEndedRecurrences(ctx: BillingContext): Promise<void> {
  if (!ctx.gateway.pixAutomatic) return;
  for (const subscription of await ctx.subscriptions.listWithLiveRecurrence()) {
    if (subscription.status !== 'CANCELED' && !subscription.cancelRequest) continue;
    try {
      await stopRecurrence(ctx, subscription, ENDED_WITH_SUBSCRIPTION);
    } catch (error) {
      ctx.log.warn({ idRec: subscription.pixAutomatic!.idRec, err: error instanceof Error ? error.message : String(error) }, 'recurrence not cancelled during reconciliation');
    }
  }
}

export interface PixAutomaticReconciliation {
  recurrences: RecurrenceSync[];
  charges: RecurringChargeSync[];
}

/** Reconciliation: open recurrences and open recurring charges read back, so a lost callback loses nothing. */
export async function reconcilePixAutomatic(ctx: BillingContext, pay: (event: PaymentWebhookEvent) => Promise<PaymentOutcome>): Promise<PixAutomaticReconciliation> {
  const report: PixAutomaticReconciliation = { recurrences: [], charges: [] };
  if (!ctx.gateway.pixAutomatic) return report;
  await stopEndedRecurrences(ctx);
  for (const subscription of await ctx.subscriptions.listWithLiveRecurrence()) {
    try {
      report.recurrences.push(await syncRecurrence(ctx, subscription.pixAutomatic!.idRec));
    } catch (error) {
      ctx.log.warn({ idRec: subscription.pixAutomatic!.idRec, err: error instanceof Error ? error.message : String(error) }, 'recurrence not read during reconciliation');
    }
  }
  for (const invoice of await ctx.invoices.listOpenRecurring()) {
    const open = invoice.recurringCharge!.status === 'ATIVA' || invoice.recurringCharge!.status === 'CRIADA';
    if (!open) continue;
    try {
      report.charges.push(await syncRecurringCharge(ctx, invoice.recurringCharge!.txid, pay));
    } catch (error) {
      ctx.log.warn({ txid: invoice.recurringCharge!.txid, err: error instanceof Error ? error.message : String(error) }, 'recurring charge not read during reconciliation');
    }
  }
  return report;
}
