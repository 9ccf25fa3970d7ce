import { ObjectId } from 'mongodb';
import { COLLECTIONS } from './helpers/collections';
import type { UserDocument } from '../src/modules/users/documents';
import { createActor, startTestApp, type TestActor, type TestApp } from './helpers/app';
import { expectErrorShape } from './helpers/http';

let t: TestApp;
let admin: TestActor;
const base = Date.parse('2025-01-01T00:00:00.000Z');

/** 24 listed people (plus the admin): names, roles, subscriptions and credits chosen for each filter. */
const PEOPLE: { name: string; email: string; role?: 'ADMIN'; subscriber?: boolean; used?: number }[] = [
  { name: 'Ana Lima', email: 'ana.lima@lab.com', subscriber: true, used: 3 },
  { name: 'Bruno Souza', email: 'bruno@lab.com', subscriber: true },
  { name: 'Carla Dias', email: 'carla@outro.com', used: 1 },
  { name: 'Diego Ramos', email: 'diego@lab.com', role: 'ADMIN' },
  { name: 'Elisa Ana Prado', email: 'elisa@lab.com' },
  { name: 'Fábio (Teste) .*', email: 'fabio@lab.com' },
  { name: 'Gina Moraes', email: 'gina+ANA@lab.com', subscriber: true, used: 2 },
  ...Array.from({ length: 17 }, (_, index) => ({
    name: `Pessoa ${String(index + 1).padStart(2, '0')}`,
    email: `pessoa${index + 1}@lista.com`,
  })),
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await createActor(t, 'ADMIN', 'Zuleica Admin');
  // The admin was created "now"; every listed person is older, one minute apart.
  await t.db.collection<UserDocument>(COLLECTIONS.users).insertMany(
    PEOPLE.map((person, index) => ({
      _id: new ObjectId(),
      providerId: `lista-${index}`,
      email: person.email,
      name: person.name,
      role: person.role ?? 'USER',
      subscription: null,
      hasActiveSubscription: person.subscriber ?? false,
      onboardingCompleted: true,
      laboratory: null,
      credits: { balance: 5, used: person.used ?? 0 },
      createdAt: new Date(base + index * 60_000),
      updatedAt: new Date(base + index * 60_000),
    })),
  );
});

afterAll(async () => {
  await t.close();
});

const list = (query: Record<string, string | number | boolean> = {}) => t.call('GET', '/v1/users/', { token: admin.token, query });
const names = (body: { data: { name: string }[] }) => body.data.map((user) => user.name);

describe('GET /v1/users/ (admin list)', () => {
  test('When no parameter is sent, then page 1, limit 10, newest first, with meta', async () => {
    const result = await list();
    expect(result.status).toBe(200);
    expect(result.body.meta).toEqual({ page: 1, limit: 10, total: 25, totalPages: 3 });
    expect(result.body.data).toHaveLength(10);
    expect(result.body.data[0].email).toBe(admin.account.email);
    expect(names(result.body).slice(1, 3)).toEqual(['Pessoa 17', 'Pessoa 16']);
  });

  test('When the path has no trailing slash, then it answers the same', async () => {
    const result = await t.call('GET', '/v1/users', { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body.meta.total).toBe(25);
  });

  test('When page and limit are given, then that slice comes back and the last page is partial', async () => {
    const page3 = await list({ page: 3, limit: 10 });
    expect(page3.body.meta).toEqual({ page: 3, limit: 10, total: 25, totalPages: 3 });
    expect(page3.body.data).toHaveLength(5);
    const beyond = await list({ page: 9 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
  });

  test('When limit is 100, then it is accepted; 101, 0 or a page of 0 are 400', async () => {
    expect((await list({ limit: 100 })).body.data).toHaveLength(25);
    for (const query of [{ limit: 101 }, { limit: 0 }, { page: 0 }, { page: 'um' }] as Record<string, string | number>[]) {
      const result = await list(query);
      expectErrorShape(result, 400);
    }
  });

  test.each([
    ['name', 'asc', 'Ana Lima'],
    ['name', 'desc', 'Zuleica Admin'],
    ['email', 'asc', 'Ana Lima'],
    ['createdAt', 'asc', 'Ana Lima'],
  ])('When sorted by %s %s, then %s comes first', async (field, criteria, first) => {
    const result = await list({ field, criteria, limit: 100 });
    expect(result.status).toBe(200);
    expect(result.body.data[0].name).toBe(first);
    const values = result.body.data.map((user: Record<string, string>) => user[field]);
    const sorted = [...values].sort();
    expect(values).toEqual(criteria === 'asc' ? sorted : sorted.reverse());
  });

  test('When the sort field is not in the allow-list, or criteria is unknown, then 400', async () => {
    expectErrorShape(await list({ field: 'providerId' }), 400);
    expectErrorShape(await list({ field: 'credits.used' }), 400);
    expectErrorShape(await list({ criteria: 'up' }), 400);
  });

  test('When searchTerm is given, then it matches name or e-mail, ignoring case', async () => {
    const result = await list({ searchTerm: 'ANA', field: 'name', criteria: 'asc' });
    expect(names(result.body)).toEqual(['Ana Lima', 'Elisa Ana Prado', 'Gina Moraes']);
    expect(result.body.meta.total).toBe(3);
    const byEmail = await list({ searchTerm: '@OUTRO.com' });
    expect(names(byEmail.body)).toEqual(['Carla Dias']);
  });

  test('When searchTerm has regex characters, then they match literally', async () => {
    expect(names((await list({ searchTerm: '.*' })).body)).toEqual(['Fábio (Teste) .*']);
    expect(names((await list({ searchTerm: '(Teste)' })).body)).toEqual(['Fábio (Teste) .*']);
    expect((await list({ searchTerm: '^A' })).body.data).toEqual([]);
    expect((await list({ searchTerm: '[' })).status).toBe(200);
  });

  test('When searchTerm is blank, then it is no filter', async () => {
    expect((await list({ searchTerm: '   ' })).body.meta.total).toBe(25);
  });

  test('When role is ADMIN, USER, ALL or absent, then the list is filtered accordingly', async () => {
    expect((await list({ role: 'ADMIN', limit: 100 })).body.meta.total).toBe(2);
    expect((await list({ role: 'USER', limit: 100 })).body.meta.total).toBe(23);
    expect((await list({ role: 'ALL' })).body.meta.total).toBe(25);
    expect((await list()).body.meta.total).toBe(25);
    expectErrorShape(await list({ role: 'ROOT' }), 400);
  });

  test('When isSubscriber is true or false, then it filters on hasActiveSubscription', async () => {
    const yes = await list({ isSubscriber: true, field: 'name', criteria: 'asc' });
    expect(names(yes.body)).toEqual(['Ana Lima', 'Bruno Souza', 'Gina Moraes']);
    expect((await list({ isSubscriber: false })).body.meta.total).toBe(22);
    expectErrorShape(await list({ isSubscriber: 'talvez' }), 400);
  });

  test('When hasUsedCredits is true or false, then it filters on credits.used > 0', async () => {
    const yes = await list({ hasUsedCredits: true, field: 'name', criteria: 'asc' });
    expect(names(yes.body)).toEqual(['Ana Lima', 'Carla Dias', 'Gina Moraes']);
    expect((await list({ hasUsedCredits: false })).body.meta.total).toBe(22);
  });

  test('When filters are combined, then all of them apply', async () => {
    const result = await list({ isSubscriber: true, hasUsedCredits: true, searchTerm: 'lab.com', role: 'USER', field: 'name', criteria: 'desc' });
    expect(names(result.body)).toEqual(['Gina Moraes', 'Ana Lima']);
    expect(result.body.meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
  });
});
