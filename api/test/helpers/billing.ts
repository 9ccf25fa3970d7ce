import { ObjectId, type Document } from 'mongodb';
import { billingInvariantViolations, type BillingSnapshot } from '../../src/modules/billing/rules/invariants';
import type { InvoiceDocument, SubscriptionDocument } from '../../src/modules/billing/documents';
import type { PlanDocument } from '../../src/modules/plans/documents';
import type { UnlockDocument } from '../../src/modules/entitlements/documents';
import type { LaboratoryAccountDocument, SeatDocument } from '../../src/modules/team/documents';
import { DAY_MS } from '../../src/modules/billing/rules/calendar';
import { COLLECTIONS } from './collections';
import type { UserDocument } from '../../src/modules/users/documents';
import { seedPlans } from '../../src/seed/plans';
import { startTestApp, type StartOptions, type TestApp } from './app';

/** A clock the test moves by hand: time-dependent rules are tested without waiting. */
export class TestClock {
  private current: number;

  constructor(start: string | Date) {
    this.current = new Date(start).getTime();
  }

  readonly now = (): Date => new Date(this.current);

  set(date: string | Date): void {
    this.current = new Date(date).getTime();
  }

  advanceDays(days: number): void {
    this.current += days * DAY_MS;
  }
}

export interface BillingTestApp extends TestApp {
  clock: TestClock;
  plans: { mensal: PlanView; trimestral: PlanView; anual: PlanView };
}

export interface PlanView {
  _id: string;
  name: string;
  priceCents: number;
  externalPlanId: string;
  creditsPerCycle: number;
}

/** An app on a hand-moved clock with the club's plans seeded. */
export async function startBillingApp(start = '2026-03-10T12:00:00.000Z', options: StartOptions = {}): Promise<BillingTestApp> {
  const clock = new TestClock(start);
  const testApp = await startTestApp({ ...options, now: clock.now });
  await seedPlans(testApp.app);
  const list = (await testApp.call('GET', '/v1/plans')).body.data as PlanView[];
  const byName = (name: string) => {
    const plan = list.find((candidate) => candidate.name === name);
    if (!plan) throw new Error(`plano ${name} não semeado`);
    return plan;
  };
  return Object.assign(testApp, { clock, plans: { mensal: byName('Mensal'), trimestral: byName('Trimestral'), anual: byName('Anual') } });
}

export async function userDoc(testApp: TestApp, id: string): Promise<UserDocument> {
  return (await testApp.db.collection<UserDocument>(COLLECTIONS.users).findOne({ _id: new ObjectId(id) }))!;
}

/** The stored billing state at the clock's now (tests read the database directly to judge it). */
export async function billingSnapshot(testApp: TestApp, now: Date): Promise<BillingSnapshot> {
  const all = <T extends Document>(name: string) => testApp.db.collection<T>(name).find({}).toArray() as Promise<T[]>;
  const [users, subscriptions, invoices, plans, unlocks, laboratoryAccounts, seats] = await Promise.all([
    all<UserDocument>(COLLECTIONS.users),
    all<SubscriptionDocument>(COLLECTIONS.subscriptions),
    all<InvoiceDocument>(COLLECTIONS.invoices),
    all<PlanDocument>(COLLECTIONS.plans),
    all<UnlockDocument>(COLLECTIONS.unlocks),
    all<LaboratoryAccountDocument>(COLLECTIONS.laboratoryAccounts),
    all<SeatDocument>(COLLECTIONS.seats),
  ]);
  return { now, users, subscriptions, invoices, plans, unlocks, laboratoryAccounts, seats };
}

/** Fails with the list of broken billing invariants (billing/invariants.ts), if any. */
export async function expectInvariants(t: BillingTestApp, step = ''): Promise<void> {
  const violations = billingInvariantViolations(await billingSnapshot(t, t.clock.now()));
  if (violations.length) throw new Error(`invariantes violados${step ? ` após ${step}` : ''}:\n${violations.join('\n')}`);
}
