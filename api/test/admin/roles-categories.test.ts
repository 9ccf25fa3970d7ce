import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { UserDocument } from '../../src/modules/users/documents';
import { createActor, startTestApp, type TestActor, type TestApp } from '../helpers/app';
import { createCategory } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';

let t: TestApp;
const admins = () => t.db.collection<UserDocument>(COLLECTIONS.users).countDocuments({ role: 'ADMIN' });

beforeEach(async () => {
  t = await startTestApp();
});

afterEach(async () => {
  await t.close();
});

describe('The last admin (PATCH /v1/users/{id} { role })', () => {
  test('When an admin promotes a member and demotes them back, then both changes hold', async () => {
    const [admin, member] = await Promise.all([createActor(t, 'ADMIN'), createActor(t)]);
    const promoted = await t.call('PATCH', `/v1/users/${member.id}`, { token: admin.token, body: { role: 'ADMIN' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ADMIN');
    const demoted = await t.call('PATCH', `/v1/users/${member.id}`, { token: admin.token, body: { role: 'USER' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('USER');
    expect(await admins()).toBe(1);
  });

  test('When the only admin would be demoted (over HTTP only a race reaches this), then it is a 409 in Portuguese and nothing changes', async () => {
    const only = await createActor(t, 'ADMIN');
    await expect(t.app.usersRepository.updateRole(only.id, 'USER')).rejects.toMatchObject({
      statusCode: 409,
      code: 'LAST_ADMIN',
      message: 'Não é possível remover o último administrador. Promova outra pessoa a administradora antes.',
    });
    expect(await admins()).toBe(1);
  });

  test('When two admins demote each other at the same moment, then exactly one wins and one admin remains', async () => {
    const [first, second] = await Promise.all([createActor(t, 'ADMIN'), createActor(t, 'ADMIN')]);
    const [a, b] = await Promise.all([
      t.call('PATCH', `/v1/users/${second.id}`, { token: first.token, body: { role: 'USER' } }),
      t.call('PATCH', `/v1/users/${first.id}`, { token: second.token, body: { role: 'USER' } }),
    ]);
    // the loser is refused by the hook (403: no longer an admin) or, when both passed it, by the rule (409)
    expect([a.status, b.status].filter((status) => status === 200)).toHaveLength(1);
    const refused = a.status === 200 ? b : a;
    expect([403, 409]).toContain(refused.status);
    expectErrorShape(refused);
    expect(await admins()).toBe(1);
    expect(await t.db.collection(COLLECTIONS.locks).countDocuments({})).toBe(0);
  });

  test('When both demotions reach the rule together, then the roster lock lets one through and the other gets LAST_ADMIN', async () => {
    const [first, second] = await Promise.all([createActor(t, 'ADMIN'), createActor(t, 'ADMIN')]);
    const outcomes = await Promise.allSettled([
      t.app.usersRepository.updateRole(second.id, 'USER'),
      t.app.usersRepository.updateRole(first.id, 'USER'),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    expect(await admins()).toBe(1);
  });

  test('When a lock was left behind by a crashed request long ago, then the next role change takes it over', async () => {
    const [admin, member] = await Promise.all([createActor(t, 'ADMIN'), createActor(t)]);
    await t.db
      .collection<{ _id: string; owner: string; lockedAt: Date }>(COLLECTIONS.locks)
      .insertOne({ _id: 'admin-roster', owner: 'crashed', lockedAt: new Date(Date.now() - 60_000) });
    const result = await t.call('PATCH', `/v1/users/${member.id}`, { token: admin.token, body: { role: 'ADMIN' } });
    expect(result.status).toBe(200);
    expect(await admins()).toBe(2);
  });
});

describe('PATCH /v1/categories/order', () => {
  let admin: TestActor;

  test('When the admin sends ids in a new order, then the list follows it and the ones left out come after', async () => {
    admin = await createActor(t, 'ADMIN');
    const created = [];
    for (const name of ['Alfa', 'Beta', 'Gama', 'Delta']) created.push(await createCategory(t, admin, { name }));
    const [alfa, beta, gama, delta] = created.map((category) => category._id as string);
    const result = await t.call('PATCH', '/v1/categories/order', { token: admin.token, body: { ids: [gama, alfa] } });
    expect(result.status).toBe(200);
    expect(result.body.data.map((category: { _id: string; order: number }) => [category._id, category.order])).toEqual([
      [gama, 0],
      [alfa, 1],
      [beta, 2],
      [delta, 3],
    ]);
    const list = await t.call('GET', '/v1/categories');
    expect(list.body.data.map((category: { name: string }) => category.name)).toEqual(['Gama', 'Alfa', 'Beta', 'Delta']);
  });

  test('When an id repeats or is unknown, then it is a 400 in Portuguese and the order is unchanged', async () => {
    admin = await createActor(t, 'ADMIN');
    const one = (await createCategory(t, admin, { name: 'Única' }))._id as string;
    const repeated = await t.call('PATCH', '/v1/categories/order', { token: admin.token, body: { ids: [one, one] } });
    expectErrorShape(repeated, 400);
    expect(repeated.body.message).toBe('A lista de categorias tem itens repetidos.');
    const unknown = new ObjectId().toHexString();
    const missing = await t.call('PATCH', '/v1/categories/order', { token: admin.token, body: { ids: [unknown] } });
    expectErrorShape(missing, 400);
    expect(missing.body.message).toBe(`Categoria não encontrada: ${unknown}.`);
  });
});
