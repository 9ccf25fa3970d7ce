import { seatsOf } from './pricing';
import type { InvoiceDocument, SubscriptionDocument } from '../documents';
import type { PlanDocument } from '../../plans/documents';
import type { LaboratoryAccountDocument, SeatDocument } from '../../team/documents';
import type { UnlockDocument } from '../../entitlements/documents';
import type { UserDocument } from '../../users/documents';
import { DAY_MS } from './calendar';
import { livePaidPeriods, periodValueCents } from './pricing';
import { renewalCycleKey } from './decision';
import { RENEWAL_LEAD_DAYS } from './calendar';

/** Everything stored that billing answers for, at one instant. */
export interface BillingSnapshot {
  now: Date;
  users: UserDocument[];
  subscriptions: SubscriptionDocument[];
  invoices: InvoiceDocument[];
  plans: PlanDocument[];
  unlocks: UnlockDocument[];
  /** Laboratory accounts and their seats (missing: none). */
  laboratoryAccounts?: LaboratoryAccountDocument[];
  seats?: SeatDocument[];
}

/** Rounding allowance per paid invoice, in centavos (proration rounds to the centavo). */
const CENTS_TOLERANCE_PER_INVOICE = 1;

const hex = (id: { toHexString(): string }) => id.toHexString();
type ObjectIdLike = UserDocument['_id'];

/**
 * The billing invariants, written once over stored state (modules/billing/README.md, "Invariants"); the
 * model-based suite asserts them after every step. Returns the violations in plain words.
 */
export function billingInvariantViolations(snapshot: BillingSnapshot): string[] {
  const { now } = snapshot;
  const violations: string[] = [];
  const plans = new Map(snapshot.plans.map((plan) => [hex(plan._id), plan]));
  const accounts = snapshot.laboratoryAccounts ?? [];
  const seats = snapshot.seats ?? [];
  const accountsById = new Map(accounts.map((account) => [hex(account._id), account]));
  const subsById = new Map(snapshot.subscriptions.map((sub) => [hex(sub._id), sub]));
  /** Users whose TECHNICIAN seat grants access now (their account's subscription is ACTIVE). */
  const seatAccess = new Set<string>();
  for (const seat of seats) {
    if (seat.status !== 'ACTIVE' || seat.role !== 'TECHNICIAN') continue;
    const account = accountsById.get(hex(seat.accountId));
    if (account && subsById.get(hex(account.subscriptionId))?.status === 'ACTIVE') seatAccess.add(hex(seat.userId));
  }

  // Seats: never more in use than bought; the count is the ACTIVE seats; the limit follows the subscription.
  for (const account of accounts) {
    const id = hex(account._id);
    const active = seats.filter((seat) => seat.status === 'ACTIVE' && seat.accountId.equals(account._id)).length;
    if (account.seatsUsed > account.seats) violations.push(`conta ${id}: ${account.seatsUsed} assentos ocupados de ${account.seats}`);
    if (account.seatsUsed !== active) violations.push(`conta ${id}: seatsUsed ${account.seatsUsed} ≠ ${active} assentos ativos`);
    const sub = subsById.get(hex(account.subscriptionId));
    const limit = sub ? Math.min(seatsOf(sub), sub.pendingPlanChange?.seats ?? Infinity) : null;
    if (limit !== null && account.seats !== limit) violations.push(`conta ${id}: limite ${account.seats} ≠ ${limit} assentos da assinatura`);
  }
  const activeSeatsByUser = new Map<string, number>();
  for (const seat of seats) if (seat.status === 'ACTIVE') activeSeatsByUser.set(hex(seat.userId), (activeSeatsByUser.get(hex(seat.userId)) ?? 0) + 1);
  for (const [userId, count] of activeSeatsByUser) if (count > 1) violations.push(`membro ${userId}: ${count} assentos ativos`);

  // Amounts: price × seats (an upgrade: what is charged plus the credit applied); credits: per cycle × seats.
  for (const invoice of snapshot.invoices) {
    const plan = plans.get(hex(invoice.planId));
    if (!plan || invoice.kind === 'GRANT' || invoice.status === 'CANCELED') continue;
    const expected = plan.priceCents * seatsOf(invoice);
    const charged = invoice.amountCents + (invoice.kind === 'UPGRADE' ? (invoice.creditAppliedCents ?? 0) : 0);
    if (charged !== expected) violations.push(`fatura ${hex(invoice._id)}: ${charged} centavos ≠ preço × ${seatsOf(invoice)} assento(s) = ${expected}`);
    if (invoice.status === 'PAID' && invoice.creditsGranted !== plan.creditsPerCycle * seatsOf(invoice)) {
      violations.push(`fatura ${hex(invoice._id)}: ${invoice.creditsGranted} créditos ≠ ${plan.creditsPerCycle} × ${seatsOf(invoice)} assento(s)`);
    }
  }
  /** Whose credits an unlock spent: the team's wallet (its manager) or the member's own. */
  const walletOf = (unlock: UnlockDocument) => {
    const account = unlock.accountId ? accountsById.get(hex(unlock.accountId)) : undefined;
    return account ? account.managerId : unlock.userId;
  };
  const invoicesBySub = Map.groupBy(snapshot.invoices, (invoice) => hex(invoice.subscriptionId));

  for (const sub of snapshot.subscriptions) {
    const id = hex(sub._id);
    const invoices = invoicesBySub.get(id) ?? [];
    const live = livePaidPeriods(invoices);

    if (sub.isOpen !== (sub.status !== 'CANCELED')) violations.push(`${id}: isOpen ${sub.isOpen} com status ${sub.status}`);

    // 1. Access only on a paid (or granted) period that covers now.
    if (sub.status === 'ACTIVE') {
      const covered = live.some((invoice) => invoice.periodStart! <= now && invoice.periodEnd! > now);
      if (!covered) violations.push(`${id}: ACTIVE sem período pago cobrindo agora`);
      if (!sub.endDate || sub.endDate <= now) violations.push(`${id}: ACTIVE com endDate vencido`);
    }

    // 2. Paid time is enjoyed, credited back (upgrade) or given up by an explicit cancel — never lost.
    for (const invoice of live) {
      if (invoice.periodEnd! <= now) continue;
      const keeps = (sub.status === 'ACTIVE' || sub.status === 'PAUSED') && sub.endDate !== null && sub.endDate >= invoice.periodEnd!;
      if (!keeps) violations.push(`${id}: período pago até ${invoice.periodEnd!.toISOString()} perdido (status ${sub.status})`);
    }

    // 4. One live invoice per cycle; the renewal is issued once inside the window.
    const cycles = new Map<string, number>();
    for (const invoice of invoices) {
      if (invoice.status === 'CANCELED') continue;
      cycles.set(invoice.cycleKey, (cycles.get(invoice.cycleKey) ?? 0) + 1);
    }
    for (const [cycleKey, count] of cycles) if (count > 1) violations.push(`${id}: ${count} faturas vivas no ciclo ${cycleKey}`);
    const payable = invoices.filter((invoice) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE');
    const renewalsByPeriod = new Map<string, number>();
    for (const invoice of invoices) {
      if (invoice.kind !== 'RENEWAL' || invoice.status === 'CANCELED' || !invoice.periodStart) continue;
      const key = invoice.periodStart.toISOString();
      renewalsByPeriod.set(key, (renewalsByPeriod.get(key) ?? 0) + 1);
    }
    for (const [period, count] of renewalsByPeriod) if (count > 1) violations.push(`${id}: ${count} renovações para ${period}`);
    if (sub.status === 'CANCELED' && payable.length) violations.push(`${id}: CANCELED com ${payable.length} fatura(s) a pagar`);
    const waitingUpgrade = sub.pendingPlanChange?.kind === 'UPGRADE';
    if (sub.status === 'ACTIVE' && !sub.cancelRequest && !waitingUpgrade && sub.endDate) {
      if (sub.endDate.getTime() <= now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS) {
        const key = renewalCycleKey(sub.endDate);
        if (!invoices.some((invoice) => invoice.cycleKey === key && invoice.status !== 'CANCELED')) {
          violations.push(`${id}: ACTIVE dentro da janela de renovação sem a renovação emitida`);
        }
      }
    }
    if (waitingUpgrade) {
      const pending = sub.pendingPlanChange!;
      const invoice = invoices.find((candidate) => pending.invoiceId && candidate._id.equals(pending.invoiceId));
      if (!invoice || invoice.status !== 'PENDING') violations.push(`${id}: upgrade pendente sem fatura em aberto`);
    }
  }

  // At most one open subscription per member; the profile agrees with it.
  const subsByUser = Map.groupBy(snapshot.subscriptions, (sub) => hex(sub.userId));
  for (const user of snapshot.users) {
    const id = hex(user._id);
    const subs = subsByUser.get(id) ?? [];
    const open = subs.filter((sub) => sub.isOpen);
    if (open.length > 1) violations.push(`membro ${id}: ${open.length} assinaturas abertas`);
    const newest = [...subs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (hex(b._id) > hex(a._id) ? 1 : -1))[0];
    const current = open[0] ?? newest ?? null;
    if ((user.subscription ? hex(user.subscription) : null) !== (current ? hex(current._id) : null)) {
      violations.push(`membro ${id}: perfil aponta para outra assinatura`);
    }
    const hasAccess = current?.status === 'ACTIVE' || seatAccess.has(id);
    if (user.hasActiveSubscription !== hasAccess) {
      violations.push(
        `membro ${id}: hasActiveSubscription ${user.hasActiveSubscription} com assinatura ${current?.status ?? 'nenhuma'}${seatAccess.has(id) ? ' e assento com acesso' : ''}`,
      );
    }

    // 3. Credits: the balance is what was granted minus taken back, held and spent (a refunded
    // payment's credits count until the withdrawal took them back: those already spent stay spent)...
    const invoices = subs.flatMap((sub) => invoicesBySub.get(hex(sub._id)) ?? []);
    const paid = invoices.filter((invoice) => invoice.status === 'PAID');
    const refunded = invoices.filter((invoice) => invoice.status === 'REFUNDED');
    const granted = [...paid, ...refunded].reduce((sum, invoice) => sum + invoice.creditsGranted - (invoice.creditsTakenBack ?? 0), 0);
    const held = subs.reduce((sum, sub) => sum + (sub.pendingPlanChange?.kind === 'UPGRADE' ? (sub.pendingPlanChange.creditsHeld ?? 0) : 0), 0);
    const spent = snapshot.unlocks.filter((unlock) => walletOf(unlock).equals(user._id) && unlock.settled).reduce((sum, unlock) => sum + unlock.credits, 0);
    if (user.credits.used !== spent) violations.push(`membro ${id}: credits.used ${user.credits.used} ≠ desbloqueios ${spent}`);
    if (user.credits.balance + user.credits.used !== granted - held) {
      violations.push(`membro ${id}: saldo ${user.credits.balance} + usados ${user.credits.used} ≠ concedidos ${granted} − retidos ${held}`);
    }
    // ...and never worth more than the money kept: each credit at its plan's price per credit. A
    // withdrawal gives every payment back (art. 49 CDC), so what was spent before it is the club's loss.
    for (const invoice of refunded) {
      if (invoice.refundedCents !== invoice.amountCents) violations.push(`fatura ${hex(invoice._id)}: devolvido ${invoice.refundedCents} ≠ pago ${invoice.amountCents}`);
    }
    const moneyKept = paid.reduce((sum, invoice) => sum + (invoice.kind === 'GRANT' ? 0 : invoice.amountCents), 0);
    const creditValue = paid.reduce((sum, invoice) => {
      const plan = plans.get(hex(invoice.planId));
      if (!plan || plan.creditsPerCycle === 0) return sum;
      return sum + ((invoice.creditsGranted - (invoice.creditsTakenBack ?? 0)) * plan.priceCents) / plan.creditsPerCycle;
    }, 0);
    if (creditValue > moneyKept + CENTS_TOLERANCE_PER_INVOICE * paid.length) {
      violations.push(`membro ${id}: créditos valem ${Math.round(creditValue)} centavos, mais que os ${moneyKept} pagos`);
    }
    // Paid value (what was paid plus credits applied) matches what was enjoyed, credited or forfeited.
    for (const invoice of paid) {
      if (invoice.creditedCents !== undefined && invoice.creditedCents > periodValueCents(invoice)) {
        violations.push(`fatura ${hex(invoice._id)}: crédito ${invoice.creditedCents} maior que o valor do período`);
      }
    }
  }
  violations.push(...pixAutomaticViolations(snapshot));
  return violations;
}

/**
 * Pix Automático (issue #28): a live authorization only on a subscription that goes on (never one
 * cancelled or asked to be cancelled), for the amount each cycle charges; at most one per
 * subscription id at the PSP; a cycle the bank may still debit is an open RENEWAL invoice of that
 * recurrence with no QR code beside it (never charged twice), and a debited charge is a paid invoice.
 */
function pixAutomaticViolations(snapshot: BillingSnapshot): string[] {
  const violations: string[] = [];
  const subsById = new Map(snapshot.subscriptions.map((sub) => [hex(sub._id), sub]));
  const idRecs = new Set<string>();
  for (const sub of snapshot.subscriptions) {
    const recurrence = sub.pixAutomatic;
    if (!recurrence) continue;
    if (idRecs.has(recurrence.idRec)) violations.push(`recorrência ${recurrence.idRec} em duas assinaturas`);
    idRecs.add(recurrence.idRec);
    const live = recurrence.status === 'CRIADA' || recurrence.status === 'APROVADA';
    if (live && (sub.status === 'CANCELED' || sub.cancelRequest)) violations.push(`assinatura ${hex(sub._id)}: Pix Automático ${recurrence.status} numa assinatura que termina`);
    if (!live && !recurrence.endedReason) violations.push(`assinatura ${hex(sub._id)}: Pix Automático ${recurrence.status} sem o motivo para o membro`);
  }
  for (const invoice of snapshot.invoices) {
    const charge = invoice.recurringCharge;
    if (!charge) continue;
    const sub = subsById.get(hex(invoice.subscriptionId));
    if (invoice.kind !== 'RENEWAL') violations.push(`fatura ${hex(invoice._id)}: cobrança recorrente numa fatura ${invoice.kind}`);
    if (sub?.pixAutomatic?.idRec !== charge.idRec) violations.push(`fatura ${hex(invoice._id)}: cobrança recorrente de outra recorrência`);
    const debitable = charge.status === 'ATIVA' || charge.status === 'CRIADA';
    if (debitable && invoice.status !== 'PENDING' && invoice.status !== 'OVERDUE') violations.push(`fatura ${hex(invoice._id)} ${invoice.status} ainda pode ser debitada (${charge.status})`);
    if (debitable && invoice.pix) violations.push(`fatura ${hex(invoice._id)}: débito agendado e QR code ao mesmo tempo`);
    if (charge.status === 'CONCLUIDA' && invoice.status !== 'PAID' && invoice.status !== 'REFUNDED') violations.push(`fatura ${hex(invoice._id)}: debitada e ${invoice.status}`);
    if (charge.failures > charge.attempts) violations.push(`fatura ${hex(invoice._id)}: ${charge.failures} falhas em ${charge.attempts} tentativas`);
    if (charge.attempts > 4) violations.push(`fatura ${hex(invoice._id)}: ${charge.attempts} tentativas (no máximo 1 + 3)`);
  }
  return violations;
}

/**
 * Between two instants, no paid credit disappears without a rule that says so (issue 25): a
 * member's balance falls only by what they spent (`credits.used`) or by the unused days' credits a
 * paid upgrade takes back (`creditsTakenBack`, named in its preview). Asking for a change, undoing
 * it or letting it lapse takes nothing. The model-based suite checks it after every step.
 */
export function creditStepViolations(before: BillingSnapshot, after: BillingSnapshot): string[] {
  const takenBack = (snapshot: BillingSnapshot, userId: ObjectIdLike) =>
    snapshot.invoices.filter((invoice) => invoice.status === 'PAID' && invoice.userId.equals(userId)).reduce((sum, invoice) => sum + (invoice.creditsTakenBack ?? 0), 0);
  const earlier = new Map(before.users.map((user) => [hex(user._id), user]));
  const violations: string[] = [];
  for (const user of after.users) {
    const was = earlier.get(hex(user._id));
    if (!was) continue;
    const lost = was.credits.balance - user.credits.balance;
    const explained = user.credits.used - was.credits.used + takenBack(after, user._id) - takenBack(before, user._id);
    if (lost > explained) {
      violations.push(`membro ${hex(user._id)}: saldo caiu de ${was.credits.balance} para ${user.credits.balance} sem desbloqueio nem upgrade pago que explique`);
    }
  }
  return violations;
}
