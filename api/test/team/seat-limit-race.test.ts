import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { LaboratoryAccountDocument } from '../../src/modules/team/documents';
import type { TestActor } from '../helpers/app';
import { expectInvariants, startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createAccount } from '../helpers/identity';
import { addTechnician, invite, labManager } from '../helpers/team';

/**
 * Issue 25, item 8: fewer seats racing an acceptance. Whatever arrives first, the laboratory never
 * ends with more people than the seats its subscription pays for (the limit is lowered by one
 * conditional update before the seats are given up, so an acceptance in between is refused).
 */
let t: BillingTestApp;
const ROUNDS = 16;

/** A bank's PSP takes a while to answer: the stand-in PSP waits this long before each answer, so requests overlap as they would. */
const PSP_ROUND_TRIP_MS = 15;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  t.app.pixStandIn!.setDelay(PSP_ROUND_TRIP_MS);
});

afterAll(async () => {
  await t.close();
});

const accountOf = (managerId: string) =>
  t.db.collection<LaboratoryAccountDocument>(COLLECTIONS.laboratoryAccounts).findOne({ managerId: new ObjectId(managerId) });

/** A 3-seat lab: the manager, one technician, and a third person holding a pending invitation (one free seat). */
async function labWithOneFreeSeat() {
  const lab = await labManager(t, t.plans.mensal, 3);
  await addTechnician(t, lab.manager);
  const account = await createAccount({ displayName: 'Terceira Pessoa' });
  const created = await t.call('POST', '/v1/users', { token: account.idToken, body: {} });
  const third: TestActor = { account, token: account.idToken, id: created.body._id, profile: created.body };
  const { token } = await invite(t, lab.manager, account.email);
  return { ...lab, third, invitationToken: token };
}

/** Starts `call` after `ms` milliseconds. */
const after = <T>(ms: number, call: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), ms));
/** Over the rounds each request starts a little before, with, or after the other (0–35 ms apart). */
const stagger = (round: number) => ({ first: round % 2 ? ((round >> 1) % 8) * 5 : 0, second: round % 2 ? 0 : ((round >> 1) % 8) * 5 });

const accept = (person: TestActor, token: string) => t.call('POST', `/v1/team/invitations/by-token/${token}/accept`, { token: person.token });

async function expectWithinPaidSeats(managerId: string, subscriptionSeats: number, round: number) {
  const account = (await accountOf(managerId))!;
  if (account.seatsUsed > subscriptionSeats || account.seats !== subscriptionSeats) {
    throw new Error(`rodada ${round}: ${account.seatsUsed} assentos ocupados, limite ${account.seats}, assinatura paga ${subscriptionSeats}`);
  }
}

describe('Fewer seats racing an acceptance', () => {
  test(`When a manager re-subscribes with 2 seats while the last free seat is accepted, ${ROUNDS} times at once, then the laboratory never ends over the seats paid for`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const { manager, subscriptionId, third, invitationToken } = await labWithOneFreeSeat();
      expect((await t.call('PATCH', `/v1/subscriptions/cancel/${subscriptionId}`, { token: manager.token })).status).toBe(200);

      const [subscribed, accepted] = await Promise.all([
        after(stagger(round).first, () => t.call('POST', '/v1/subscriptions', { token: manager.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', seats: 2 } })),
        after(stagger(round).second, () => accept(third, invitationToken)),
      ]);
      // One of the two gives way, with its reason in Portuguese.
      if (subscribed.status === 201) {
        expect(accepted.status).toBe(409);
        expect(accepted.body.code).toBe('SEATS_FULL');
        await expectWithinPaidSeats(manager.id, 2, round);
      } else {
        expect(subscribed.body.code).toBe('SEATS_IN_USE');
        expect(accepted.status).toBe(200);
        await expectWithinPaidSeats(manager.id, 3, round);
      }
      await expectInvariants(t, `rodada ${round}`);
    }
  });

  test(`When a manager gives up the free seat while it is accepted, ${ROUNDS} times at once, then the laboratory never ends over the seats paid for`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const { manager, subscriptionId, third, invitationToken } = await labWithOneFreeSeat();
      const [changed, accepted] = await Promise.all([
        after(stagger(round).first, () => t.call('PATCH', `/v1/subscriptions/${subscriptionId}/plan`, { token: manager.token, body: { externalPlanId: t.plans.mensal.externalPlanId, seats: 2 } })),
        after(stagger(round).second, () => accept(third, invitationToken)),
      ]);
      if (changed.status === 200) {
        expect(accepted.body.code).toBe('SEATS_FULL');
        await expectWithinPaidSeats(manager.id, 2, round);
      } else {
        expect(changed.body.code).toBe('SEATS_IN_USE');
        expect(accepted.status).toBe(200);
        await expectWithinPaidSeats(manager.id, 3, round);
      }
      await expectInvariants(t, `rodada ${round}`);
    }
  });
});
