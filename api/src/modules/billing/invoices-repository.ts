import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectId } from 'mongodb';
import type { InvoiceDocument, PixCharge, RecurringChargeState } from './documents';
import { BILLING_COLLECTIONS } from './collections';
import { toObjectId } from '../../store/object-id';
import { findPage } from '../../store/pagination';

const OPEN = ['PENDING', 'OVERDUE'] as const;

/** Named operations only; the billing use cases are the only writers. */
export interface InvoicesRepository {
  findById(id: string | ObjectId): Promise<InvoiceDocument | null>;
  /** Newest first. */
  listBySubscription(subscriptionId: ObjectId, page: number, limit: number): Promise<{ data: InvoiceDocument[]; total: number }>;
  /** Every invoice of a subscription, oldest first (what the lifecycle decides on). */
  findAllBySubscription(subscriptionId: ObjectId): Promise<InvoiceDocument[]>;
  /** PENDING or OVERDUE, the oldest due date first (what the member should pay next). */
  findOpen(subscriptionId: ObjectId): Promise<InvoiceDocument[]>;
  /** Throws the driver's duplicate-key error when its cycle already has a live invoice. */
  insert(invoice: InvoiceDocument): Promise<void>;
  /**
   * PENDING/OVERDUE → CANCELED. A canceled invoice gives its cycle back (its cycleKey is
   * prefixed), so the unique (subscriptionId, cycleKey) index means "one live invoice per cycle".
   */
  cancelIfOpen(invoice: Pick<InvoiceDocument, '_id' | 'cycleKey'>, at: Date): Promise<boolean>;
  /** PENDING/OVERDUE → PAID, once: the lock that makes a payment apply once (with the PIX E2E id, when known). */
  claimPaid(id: ObjectId, paidAt: Date, at: Date, endToEndId?: string | null): Promise<InvoiceDocument | null>;
  /** The member's first payment (PAID or REFUNDED, never an admin's GRANT): a withdrawal is for a first purchase. */
  firstPaymentOfUser(userId: ObjectId): Promise<Pick<InvoiceDocument, '_id' | 'paidAt'> | null>;
  /** REFUNDED invoices the gateway has not taken yet (the call failed): the reconciliation sends them again. */
  listRefundsNotSent(): Promise<InvoiceDocument[]>;
  update(id: ObjectId, set: Partial<InvoiceDocument>, at: Date): Promise<void>;
  /** The PIX payload (and its rendered QR code) of an open invoice. */
  setPix(id: ObjectId, pix: PixCharge, at: Date): Promise<void>;
  /** The invoice whose current PIX charge has this txid (an API Pix callback names only the txid). */
  findByPixTxid(txid: string): Promise<InvoiceDocument | null>;
  /** Pix Automático: the invoice a recurring charge pays (a `/cobr` callback names its txid). */
  findByRecurringTxid(txid: string): Promise<InvoiceDocument | null>;
  /** Pix Automático: the recurring charge's state as last read back from the PSP. */
  setRecurringCharge(id: ObjectId, state: RecurringChargeState, at: Date): Promise<void>;
  /** Pix Automático: PENDING/OVERDUE invoices with a recurring charge (the reconciliation reads them back). */
  listOpenRecurring(): Promise<InvoiceDocument[]>;
  /** PENDING/OVERDUE invoices with a PIX charge: the reconciliation reads them back from the PSP. */
  listOpenWithPix(): Promise<InvoiceDocument[]>;
  /** For the reconciliation job: PENDING invoices whose due date has come. */
  listPendingDueBy(now: Date): Promise<InvoiceDocument[]>;
  /** PENDING invoices due in (from, to], soonest first (the PIX reminders' sweep). */
  listPendingDueBetween(from: Date, to: Date): Promise<InvoiceDocument[]>;
  /** The member's invoices, newest first (LGPD export). */
  allForUser(userId: ObjectId): Promise<InvoiceDocument[]>;
  /** LGPD erasure: invoices stay (fiscal records) with `erasureId` for the member and no PIX payload. Answers how many. */
  eraseOwner(userId: ObjectId, erasureId: ObjectId, at: Date): Promise<number>;
  /**
   * Admin metrics: PAID invoices with `paidAt` in [from, to), summed per calendar month of
   * `timeZone` ("2026-03"): one pipeline both backends run, $match first on { status, paidAt }.
   */
  paidByMonth(from: Date, to: Date, timeZone: string): Promise<{ month: string; amountCents: number; invoices: number }[]>;
}

export default fp(
  async function invoicesRepository(fastify: FastifyInstance) {
    const collection = () => fastify.store.collection<InvoiceDocument>(BILLING_COLLECTIONS.invoices);

    const repository: InvoicesRepository = {
      findById: (id) => collection().findOne({ _id: toObjectId(id) }),

      listBySubscription: (subscriptionId, page, limit) => findPage(collection(), { subscriptionId }, { createdAt: -1, _id: -1 }, page, limit),

      findAllBySubscription: (subscriptionId) => collection().find({ subscriptionId }).sort({ createdAt: 1, _id: 1 }).toArray(),

      findOpen: (subscriptionId) =>
        collection()
          .find({ subscriptionId, status: { $in: [...OPEN] } })
          .sort({ dueDate: 1, _id: 1 })
          .toArray(),

      async insert(invoice) {
        await collection().insertOne(invoice);
      },

      async cancelIfOpen(invoice, at) {
        const result = await collection().updateOne(
          { _id: invoice._id, status: { $in: [...OPEN] } },
          { $set: { status: 'CANCELED', cycleKey: `CANCELED:${invoice._id.toHexString()}:${invoice.cycleKey}`, updatedAt: at } },
        );
        return result.modifiedCount > 0;
      },

      claimPaid: (id, paidAt, at, endToEndId = null) =>
        collection().findOneAndUpdate(
          { _id: id, status: { $in: [...OPEN] } },
          { $set: { status: 'PAID', paidAt, updatedAt: at, ...(endToEndId ? { endToEndId } : {}) } },
          { returnDocument: 'after' },
        ),

      async firstPaymentOfUser(userId) {
        const [first] = await collection()
          .find({ userId, status: { $in: ['PAID', 'REFUNDED'] }, kind: { $in: ['FIRST', 'RENEWAL', 'UPGRADE'] } }, { projection: { _id: 1, paidAt: 1 } })
          .sort({ paidAt: 1, _id: 1 })
          .limit(1)
          .toArray();
        return first ?? null;
      },

      listRefundsNotSent: () => collection().find({ status: 'REFUNDED', refundExternalId: null }).sort({ refundedAt: 1, _id: 1 }).toArray(),

      async update(id, set, at) {
        await collection().updateOne({ _id: id }, { $set: { ...set, updatedAt: at } });
      },

      async setPix(id, pix, at) {
        await collection().updateOne({ _id: id, status: { $in: [...OPEN] } }, { $set: { pix, updatedAt: at } });
      },

      allForUser: (userId) => collection().find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray(),

      async eraseOwner(userId, erasureId, at) {
        return (await collection().updateMany({ userId }, { $set: { userId: erasureId, pix: null, updatedAt: at } })).matchedCount;
      },

      async paidByMonth(from, to, timeZone) {
        const rows = await collection()
          .aggregate<{ _id: string; amountCents: number; invoices: number }>([
            { $match: { status: 'PAID', paidAt: { $gte: from, $lt: to } } },
            {
              $group: {
                _id: { $dateToString: { format: '%Y-%m', date: '$paidAt', timezone: timeZone } },
                amountCents: { $sum: '$amountCents' },
                invoices: { $sum: 1 },
              },
            },
          ])
          .toArray();
        return rows.map((row) => ({ month: row._id, amountCents: row.amountCents, invoices: row.invoices }));
      },

      findByPixTxid: (txid) => collection().findOne({ 'pix.txid': txid }),

      findByRecurringTxid: (txid) => collection().findOne({ 'recurringCharge.txid': txid }),

      async setRecurringCharge(id, state, at) {
        await collection().updateOne({ _id: id }, { $set: { recurringCharge: state, updatedAt: at } });
      },

      listOpenRecurring: () =>
        collection()
          .find({ status: { $in: [...OPEN] }, 'recurringCharge.txid': { $type: 'string' } })
          .sort({ dueDate: 1, _id: 1 })
          .toArray(),

      listOpenWithPix: () =>
        collection()
          .find({ status: { $in: [...OPEN] }, 'pix.txid': { $type: 'string' } })
          .sort({ dueDate: 1, _id: 1 })
          .toArray(),

      listPendingDueBy: (now) => collection().find({ status: 'PENDING', dueDate: { $lte: now } }).sort({ dueDate: 1, _id: 1 }).toArray(),
      listPendingDueBetween: (from, to) =>
        collection()
          .find({ status: 'PENDING', dueDate: { $gt: from, $lte: to } })
          .sort({ dueDate: 1, _id: 1 })
          .toArray(),
    };

    fastify.decorate('invoicesRepository', repository);
  },
  { name: 'invoices-repository', dependencies: ['store'] },
);
