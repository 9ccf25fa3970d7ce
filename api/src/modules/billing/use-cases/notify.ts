import type { MailService } from '../../mail/mail-service';
import type { InvoiceDocument, SubscriptionDocument } from '../documents';
import type { BillingContext } from './context';
import { pixQrCode } from './pix-qr-code';
import { pixReminderDue, type PixReminder } from '../rules/reminders';
import { addDays, RENEWAL_LEAD_DAYS } from '../rules/calendar';

/**
 * The billing e-mails (modules/mail), each keyed by the event it is about so that running the
 * same step again (a replayed callback, a retried request) queues one message. They are queued
 * right after the change is written; a failure to queue is logged, never the member's error.
 */
export interface BillingMail {
  /** A PIX checkout or renewal was issued: the copy-and-paste code and QR code the API serves for it. */
  pixChargeIssued(subscription: SubscriptionDocument): Promise<void>;
  /**
   * The calendar's messages at the clock's now, after a reconciliation pass: the charge of every
   * open PIX renewal (once per invoice) and the reminders due (rules/reminders.ts). Answers how many
   * messages it queued for the first time.
   */
  pixCalendar(): Promise<number>;
  /** The subscription was paused because `invoice` was not paid by its due date. */
  paymentOverdue(subscription: SubscriptionDocument, invoice: InvoiceDocument): Promise<void>;
  /** An invoice was paid: the receipt. */
  paymentConfirmed(invoice: InvoiceDocument): Promise<void>;
  /** The member asked to cancel at the end of the period: until when access lasts, and one click to stay. */
  cancelRequested(subscription: SubscriptionDocument): Promise<void>;
  /** The subscription ended now (cancelled at once, or withdrawn within 7 days). */
  canceled(subscription: SubscriptionDocument): Promise<void>;
  /** A cancel request was undone (`before` had it, `after` does not): the subscription renews as usual. */
  reactivated(before: SubscriptionDocument, after: SubscriptionDocument): Promise<void>;
  /** Pix Automático: the payer's bank authorized the recurrence ("Pix Automático ativado"). */
  pixAutomaticActivated(subscription: SubscriptionDocument): Promise<void>;
  /** Pix Automático: a debit attempt of `invoice` failed ("Não conseguimos debitar seu Pix Automático"). */
  /** `retryOn`: the retry the PSP holds (`YYYY-MM-DD`), or null when none is left. */
  pixAutomaticDebitFailed(invoice: InvoiceDocument, attempt: number, retryOn: string | null): Promise<void>;
}

export function billingMail(ctx: BillingContext, mail: MailService, webUrl: string): BillingMail {
  const subscriptionUrl = `${webUrl}/assinatura`;
  const plansUrl = `${webUrl}/planos`;
  const recipient = async (userId: InvoiceDocument['userId']) => (await ctx.users.findById(userId))?.email ?? null;
  const safely = async (what: string, send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (error) {
      ctx.log.error({ err: error, email: what }, 'billing e-mail could not be queued');
    }
  };

  /**
   * A PIX message about the subscription's oldest open invoice (`only`: if it is that one), with
   * the code and QR code the API serves for it; keyed by the invoice. Answers whether it was queued now.
   */
  const pixMessage = async (template: PixReminder | 'pix-charge-issued', subscription: SubscriptionDocument, only?: InvoiceDocument) => {
    if (subscription.paymentMethod !== 'PIX') return false;
    const to = await recipient(subscription.userId);
    if (!to) return false;
    const pix = await pixQrCode(ctx, subscription);
    if (only && !pix.invoice._id.equals(only._id)) return false;
    const { created } = await mail.send({
      template,
      to,
      userId: subscription.userId,
      eventKey: pix.invoice._id.toHexString(),
      data: { amountCents: pix.invoice.amountCents, dueDate: pix.invoice.dueDate.toISOString(), pixCode: pix.payload, subscriptionUrl },
      inlineImages: { 'pix-qr': pix.qrCodeDataUrl },
    });
    return created;
  };

  return {
    pixChargeIssued: (subscription) => safely('pix-charge-issued', () => pixMessage('pix-charge-issued', subscription)),

    async pixCalendar() {
      const now = ctx.now();
      let queued = 0;
      for (const invoice of await ctx.invoices.listPendingDueBetween(now, addDays(now, RENEWAL_LEAD_DAYS))) {
        const subscription = await ctx.subscriptions.findById(invoice.subscriptionId);
        if (!subscription) continue;
        const debit = invoice.recurringCharge;
        if (debit && (debit.status === 'ATIVA' || debit.status === 'CRIADA')) {
          // Debited by Pix Automático: the date and amount, no code to pay.
          const to = await recipient(subscription.userId);
          if (!to || (await mail.queued('pix-automatic-next-debit', debit.txid))) continue;
          await safely('pix-automatic-next-debit', () => mail.hooks.pixAutomaticNextDebit({ email: to, userId: subscription.userId }, debit.txid, { amountCents: invoice.amountCents, debitDate: invoice.dueDate.toISOString() }));
          queued += 1;
          continue;
        }
        const templates: (PixReminder | 'pix-charge-issued')[] = invoice.kind === 'RENEWAL' ? ['pix-charge-issued'] : [];
        const reminder = pixReminderDue(invoice, now);
        if (reminder) templates.push(reminder);
        for (const template of templates) {
          // Asked first: building the message may renew an expired PIX code at the gateway.
          if (await mail.queued(template, invoice._id.toHexString())) continue;
          await safely(template, async () => {
            if (await pixMessage(template, subscription, invoice)) queued += 1;
          });
        }
      }
      return queued;
    },

    pixAutomaticActivated: (subscription) =>
      safely('pix-automatic-activated', async () => {
        const recurrence = subscription.pixAutomatic;
        const to = await recipient(subscription.userId);
        if (!recurrence || !to) return;
        await mail.hooks.pixAutomaticActivated({ email: to, userId: subscription.userId }, recurrence.idRec, { maxAmountCents: recurrence.amountCents });
      }),

    pixAutomaticDebitFailed: (invoice, attempt, retryOn) =>
      safely('pix-automatic-debit-failed', async () => {
        const to = await recipient(invoice.userId);
        if (!to || !invoice.recurringCharge) return;
        await mail.hooks.pixAutomaticDebitFailed({ email: to, userId: invoice.userId }, `${invoice.recurringCharge.txid}#${attempt}`, {
          amountCents: invoice.amountCents,
          debitDate: invoice.dueDate.toISOString(),
          // Noon in São Paulo, so the date reads the same in the message.
          ...(retryOn ? { retryDate: `${retryOn}T15:00:00.000Z` } : {}),
        });
      }),

    paymentOverdue: (subscription, invoice) =>
      safely('payment-overdue', async () => {
        const to = await recipient(subscription.userId);
        if (!to) return;
        await mail.send({
          template: 'payment-overdue',
          to,
          userId: subscription.userId,
          eventKey: invoice._id.toHexString(),
          data: { amountCents: invoice.amountCents, dueDate: invoice.dueDate.toISOString(), subscriptionUrl },
        });
      }),

    paymentConfirmed: (invoice) =>
      safely('payment-confirmed', async () => {
        if (invoice.amountCents <= 0) return;
        const to = await recipient(invoice.userId);
        if (!to) return;
        const subscription = await ctx.subscriptions.findById(invoice.subscriptionId);
        const periodStart = invoice.periodStart ?? subscription?.currentPeriodStart ?? invoice.paidAt ?? ctx.now();
        const periodEnd = invoice.periodEnd ?? subscription?.endDate ?? periodStart;
        await mail.send({
          template: 'payment-confirmed',
          to,
          userId: invoice.userId,
          eventKey: invoice._id.toHexString(),
          data: { amountCents: invoice.amountCents, periodStart: periodStart.toISOString(), periodEnd: periodEnd.toISOString(), credits: invoice.creditsGranted, subscriptionUrl },
        });
      }),

    cancelRequested: (subscription) =>
      safely('cancel-requested', async () => {
        const request = subscription.cancelRequest;
        const to = await recipient(subscription.userId);
        if (!request || !subscription.endDate || !to) return;
        await mail.send({
          template: 'cancel-requested',
          to,
          userId: subscription.userId,
          eventKey: `${subscription._id.toHexString()}@${request.requestedAt.toISOString()}`,
          data: { accessUntil: subscription.endDate.toISOString(), subscriptionUrl },
        });
      }),

    canceled: (subscription) =>
      safely('subscription-canceled', async () => {
        const to = await recipient(subscription.userId);
        if (subscription.status !== 'CANCELED' || !to) return;
        await mail.send({
          template: 'subscription-canceled',
          to,
          userId: subscription.userId,
          eventKey: subscription._id.toHexString(),
          data: { canceledAt: (subscription.canceledAt ?? ctx.now()).toISOString(), plansUrl },
        });
      }),

    reactivated: (before, after) =>
      safely('subscription-reactivated', async () => {
        const to = await recipient(after.userId);
        if (!before.cancelRequest || after.cancelRequest || after.status !== 'ACTIVE' || !after.endDate || !to) return;
        await mail.send({
          template: 'subscription-reactivated',
          to,
          userId: after.userId,
          eventKey: `${after._id.toHexString()}@${before.cancelRequest.requestedAt.toISOString()}`,
          data: { renewsAt: after.endDate.toISOString(), subscriptionUrl },
        });
      }),
  };
}
