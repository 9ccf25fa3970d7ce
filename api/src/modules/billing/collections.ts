import type { IndexDeclaration } from '../../store/indexes';

/** The collections only the billing module touches (subscriptions- and invoices-repository.ts). */
export const BILLING_COLLECTIONS = { subscriptions: 'subscriptions', invoices: 'invoices' } as const;

const { subscriptions, invoices } = BILLING_COLLECTIONS;

/**
 * "At most one non-CANCELED subscription per user": partial indexes on MongoDB do not accept
 * `$in` / `$ne` on every server version, so subscriptions carry a boolean `isOpen`
 * (status !== 'CANCELED', see `isOpenSubscriptionStatus`) kept in step with `status` by every
 * write, and the unique index only covers documents with `isOpen: true`.
 */
export const BILLING_INDEXES: IndexDeclaration[] = [
  {
    collection: subscriptions,
    key: { userId: 1 },
    options: { unique: true, name: 'one_open_subscription_per_user', partialFilterExpression: { isOpen: { $eq: true } } },
  },
  { collection: subscriptions, key: { userId: 1, createdAt: -1 } },
  { collection: subscriptions, key: { planId: 1, createdAt: -1 } },
  { collection: subscriptions, key: { createdAt: -1 } },
  // the reconciliation job's scans, and "one invoice per cycle" even with two job instances
  { collection: subscriptions, key: { status: 1, endDate: 1 } },
  { collection: invoices, key: { subscriptionId: 1, cycleKey: 1 }, options: { unique: true, name: 'one_invoice_per_cycle' } },
  { collection: invoices, key: { subscriptionId: 1, createdAt: -1 } },
  // a PIX payment names its charge by txid (a PSP's notification finds the invoice by it): never two
  // invoices with the same one; invoices without PIX (card, grants) stay out of the index
  {
    collection: invoices,
    key: { 'pix.txid': 1 },
    options: { unique: true, name: 'invoice_pix_txid_unique', partialFilterExpression: { 'pix.txid': { $type: 'string' } } },
  },
  { collection: invoices, key: { status: 1, dueDate: 1 } },
  // Pix Automático: a `/rec` callback names the recurrence, a `/cobr` one the recurring charge's txid
  {
    collection: subscriptions,
    key: { 'pixAutomatic.idRec': 1 },
    options: { unique: true, name: 'subscription_id_rec_unique', partialFilterExpression: { 'pixAutomatic.idRec': { $type: 'string' } } },
  },
  {
    collection: invoices,
    key: { 'recurringCharge.txid': 1 },
    options: { unique: true, name: 'invoice_cobr_txid_unique', partialFilterExpression: { 'recurringCharge.txid': { $type: 'string' } } },
  },
  // admin metrics (the repositories' metrics operations): each pipeline's first $match runs on one of these
  { collection: subscriptions, key: { startDate: 1 } },
  { collection: subscriptions, key: { canceledAt: 1 } },
  { collection: subscriptions, key: { 'cancelRequest.requestedAt': 1 } },
  { collection: invoices, key: { status: 1, paidAt: 1 } },
];
