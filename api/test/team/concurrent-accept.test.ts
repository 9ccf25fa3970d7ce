import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { SeatDocument } from '../../src/modules/team/documents';
import type { TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createAccount } from '../helpers/identity';
import { invite, labManager } from '../helpers/team';

/** "Seats never exceed what was bought, even under concurrent acceptances" (issue 16). */
let t: BillingTestApp;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

describe('Concurrent acceptances', () => {
  test('When 10 invited people accept at the same moment for 2 free seats, then exactly 2 get in and 8 get 409 SEATS_FULL', async () => {
    const { manager } = await labManager(t, t.plans.mensal, 3); // the manager + 2 free seats
    const people: { actor: TestActor; token: string }[] = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const account = await createAccount({ displayName: `Técnico ${index + 1}` });
        const created = await t.call('POST', '/v1/users', { token: account.idToken, body: {} });
        return { actor: { account, token: account.idToken, id: created.body._id, profile: created.body }, token: '' };
      }),
    );
    // Pending invitations may outnumber free seats; invited one by one (each checks a free seat exists).
    for (const person of people) person.token = (await invite(t, manager, person.actor.account.email)).token;

    const results = await Promise.all(
      people.map((person) => t.call('POST', `/v1/team/invitations/by-token/${person.token}/accept`, { token: person.actor.token })),
    );

    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of results.filter((result) => result.status === 409)) expect(refused.body.code).toBe('SEATS_FULL');

    const team = await t.call('GET', '/v1/team', { token: manager.token });
    expect(team.body.account).toMatchObject({ seats: 3, seatsUsed: 3 });
    expect(team.body.members).toHaveLength(3);
    const accountId = new ObjectId(team.body.account.id as string);
    const active = await t.db.collection<SeatDocument>(COLLECTIONS.seats).countDocuments({ accountId, status: 'ACTIVE' });
    expect(active).toBe(3);

    // The two who got in have access; the eight refused keep their invitation pending and have none.
    const winners = people.filter((_, index) => results[index]!.status === 200);
    const losers = people.filter((_, index) => results[index]!.status !== 200);
    for (const { actor } of winners) expect((await t.call('GET', `/v1/users/${actor.id}`, { token: actor.token })).body.hasActiveSubscription).toBe(true);
    for (const { actor } of losers) expect((await t.call('GET', `/v1/users/${actor.id}`, { token: actor.token })).body.hasActiveSubscription).toBe(false);
    expect(team.body.invitations).toHaveLength(8);
  });
});
