import { ObjectId } from 'mongodb';
import { COLLECTIONS } from './helpers/collections';
import type { UserDocument } from '../src/modules/users/documents';
import { createActor, createActors, snapshotData, startTestApp, type Actors, type TestApp } from './helpers/app';
import { expectErrorShape } from './helpers/http';
import { createAccount, forgeToken } from './helpers/identity';

let clock = Date.parse('2026-03-01T12:00:00.000Z');
const now = () => new Date((clock += 1000));

let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startTestApp({ now });
  actors = await createActors(t);
});

afterAll(async () => {
  await t.close();
});

const users = () => t.db.collection<UserDocument>(COLLECTIONS.users);

describe('GET /v1/health', () => {
  test('When anyone asks, then the answer is exactly { status: "ok" }', async () => {
    const result = await t.call('GET', '/v1/health');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok' });
  });
});

describe('POST /v1/users', () => {
  test('When a new account posts, then its profile is created from the token with the defaults', async () => {
    const account = await createAccount();
    const result = await t.call('POST', '/v1/users', { token: account.idToken, body: { name: 'Joana Prado' } });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      providerId: account.uid,
      email: account.email,
      name: 'Joana Prado',
      role: 'USER',
      subscription: null,
      hasActiveSubscription: false,
      onboardingCompleted: false,
      laboratory: null,
      credits: { balance: 0, used: 0 },
      consent: null,
      team: null,
      teamNotice: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(result.body.createdAt).getTime()).toBeGreaterThan(Date.parse('2026-03-01T12:00:00.000Z'));
  });

  test('When the same account posts again, then the existing profile comes back unchanged (idempotent)', async () => {
    const account = await createAccount();
    const first = await t.call('POST', '/v1/users', { token: account.idToken, body: { name: 'Primeiro Nome' } });
    const second = await t.call('POST', '/v1/users', { token: account.idToken, body: { name: 'Outro Nome' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await users().countDocuments({ providerId: account.uid })).toBe(1);
  });

  test('When two first requests race, then exactly one profile exists', async () => {
    const account = await createAccount();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', '/v1/users', { token: account.idToken, body: {} })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body._id)).size).toBe(1);
  });

  test('When no name is sent, then the token display name is used, or else the e-mail', async () => {
    const named = await createAccount({ displayName: 'Carla Nunes' });
    const plain = await createAccount();
    const withName = await t.call('POST', '/v1/users', { token: named.idToken });
    const withoutName = await t.call('POST', '/v1/users', { token: plain.idToken });
    expect(withName.body.name).toBe('Carla Nunes');
    expect(withoutName.body.name).toBe(plain.email.split('@')[0]);
  });

  test('When the e-mail already belongs to another profile, then 409 EMAIL_IN_USE and nothing changes', async () => {
    const account = await createAccount();
    await users().insertOne({
      ...actors.member.profile,
      _id: new ObjectId(),
      providerId: 'old-uid-of-same-person',
      email: account.email,
    });
    const before = await snapshotData(t.db);
    const result = await t.call('POST', '/v1/users', { token: account.idToken, body: {} });
    expectErrorShape(result, 409);
    expect(result.body.code).toBe('EMAIL_IN_USE');
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When the token is missing, malformed, foreign or expired, then 401 with a reason', async () => {
    const missing = await t.call('POST', '/v1/users', { body: {} });
    expectErrorShape(missing, 401);
    expect(missing.body.code).toBe('AUTH_REQUIRED');

    const malformed = await t.call('POST', '/v1/users', { body: {}, headers: { authorization: 'Token abc' } });
    expectErrorShape(malformed, 401);
    expect(malformed.body.code).toBe('INVALID_TOKEN');

    const garbage = await t.call('POST', '/v1/users', { body: {}, token: 'not.a.jwt' });
    expectErrorShape(garbage, 401);
    expect(garbage.body.code).toBe('INVALID_TOKEN');

    const foreign = await t.call('POST', '/v1/users', { body: {}, token: forgeToken({ uid: 'x1', projectId: 'demo-outro' }) });
    expectErrorShape(foreign, 401);
    expect(foreign.body.code).toBe('INVALID_TOKEN');

    const expired = await t.call('GET', `/v1/users/provider/${actors.member.account.uid}`, {
      token: forgeToken({ uid: actors.member.account.uid, expiresInSeconds: -60 }),
    });
    expectErrorShape(expired, 401);
    expect(expired.body.code).toBe('TOKEN_EXPIRED');
  });
});

describe('GET /v1/users/provider/{providerId}', () => {
  test('When members load their own profile, then they get it', async () => {
    const result = await t.call('GET', `/v1/users/provider/${actors.member.account.uid}`, { token: actors.member.token });
    expect(result.status).toBe(200);
    expect(result.body._id).toBe(actors.member.id);
  });

  test('When a signed-in account has no profile yet, then its own lookup is 404 (so the shell creates it)', async () => {
    const account = await createAccount();
    const result = await t.call('GET', `/v1/users/provider/${account.uid}`, { token: account.idToken });
    expectErrorShape(result, 404);
    expect(result.body.code).toBe('USER_NOT_FOUND');
  });

  test('When an account without a profile asks for someone else, then 403 PROFILE_REQUIRED', async () => {
    const account = await createAccount();
    const result = await t.call('GET', `/v1/users/provider/${actors.member.account.uid}`, { token: account.idToken });
    expectErrorShape(result, 403);
    expect(result.body.code).toBe('PROFILE_REQUIRED');
  });

  test('When an admin asks for an unknown uid, then 404', async () => {
    const result = await t.call('GET', '/v1/users/provider/ninguem-123', { token: actors.admin.token });
    expectErrorShape(result, 404);
  });
});

describe('GET /v1/users/{id} and /exists', () => {
  test('When the admin asks for any profile, then it comes back; an unknown id is 404', async () => {
    const found = await t.call('GET', `/v1/users/${actors.otherMember.id}`, { token: actors.admin.token });
    expect(found.status).toBe(200);
    expect(found.body.email).toBe(actors.otherMember.account.email);
    const missing = await t.call('GET', `/v1/users/${new ObjectId().toHexString()}`, { token: actors.admin.token });
    expectErrorShape(missing, 404);
  });

  test('When a member asks whether ids exist, then { exists } tells true and false', async () => {
    const yes = await t.call('GET', `/v1/users/${actors.otherMember.id}/exists`, { token: actors.member.token });
    const no = await t.call('GET', `/v1/users/${new ObjectId().toHexString()}/exists`, { token: actors.member.token });
    expect(yes.body).toEqual({ exists: true });
    expect(no.body).toEqual({ exists: false });
  });

  test('When the id is malformed, then 400 INVALID_ID', async () => {
    const result = await t.call('GET', '/v1/users/nao-e-um-id', { token: actors.admin.token });
    expectErrorShape(result, 400);
    expect(result.body.code).toBe('INVALID_ID');
  });
});

describe('PATCH /v1/users/{id}', () => {
  const laboratory = {
    name: 'Laboratório Bom Exame',
    cnpj: '11.222.333/0001-81',
    phone: '(11) 3333-4444',
    address: {
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1500',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  };

  test('When members change their name, laboratory and onboarding, then the profile is saved (digits only)', async () => {
    const member = await createActor(t);
    const result = await t.call('PATCH', `/v1/users/${member.id}`, {
      token: member.token,
      body: { name: 'Nome Novo', laboratory, onboardingCompleted: true },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      name: 'Nome Novo',
      onboardingCompleted: true,
      laboratory: { ...laboratory, cnpj: '11222333000181', phone: '1133334444', address: { ...laboratory.address, cep: '01310100' } },
    });
    expect(new Date(result.body.updatedAt).getTime()).toBeGreaterThan(new Date(member.profile.updatedAt).getTime());
    const stored = await users().findOne({ _id: new ObjectId(member.id) });
    expect(stored?.laboratory?.cnpj).toBe('11222333000181');
  });

  test('When the CNPJ check digits are wrong, then 400 INVALID_CNPJ and nothing changes', async () => {
    const before = await snapshotData(t.db);
    const result = await t.call('PATCH', `/v1/users/${actors.member.id}`, {
      token: actors.member.token,
      body: { laboratory: { ...laboratory, cnpj: '11.222.333/0001-82' } },
    });
    expectErrorShape(result, 400);
    expect(result.body.code).toBe('INVALID_CNPJ');
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When the laboratory misses a field or has a bad UF, then 400 in Portuguese', async () => {
    const { city: _city, ...addressWithoutCity } = laboratory.address;
    const missing = await t.call('PATCH', `/v1/users/${actors.member.id}`, {
      token: actors.member.token,
      body: { laboratory: { ...laboratory, address: addressWithoutCity } },
    });
    expectErrorShape(missing, 400);
    expect(missing.body.message).toContain('laboratory.address.city');
    const badState = await t.call('PATCH', `/v1/users/${actors.member.id}`, {
      token: actors.member.token,
      body: { laboratory: { ...laboratory, address: { ...laboratory.address, state: 'XX' } } },
    });
    expectErrorShape(badState, 400);
    expect(badState.body.message).toMatch(/valor não permitido/);
  });

  test('When a member tries to change their own role, then 403 and the role stays USER', async () => {
    const result = await t.call('PATCH', `/v1/users/${actors.member.id}`, { token: actors.member.token, body: { role: 'ADMIN' } });
    expectErrorShape(result, 403);
    expect(result.body.code).toBe('ROLE_CHANGE_FORBIDDEN');
    expect((await users().findOne({ _id: new ObjectId(actors.member.id) }))?.role).toBe('USER');
  });

  test('When the admin promotes a member, then that member can use admin routes; demoting takes it back', async () => {
    const member = await createActor(t);
    const promoted = await t.call('PATCH', `/v1/users/${member.id}`, { token: actors.admin.token, body: { role: 'ADMIN' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ADMIN');
    expect((await t.call('GET', '/v1/users', { token: member.token })).status).toBe(200);
    await t.call('PATCH', `/v1/users/${member.id}`, { token: actors.admin.token, body: { role: 'USER' } });
    expect((await t.call('GET', '/v1/users', { token: member.token })).status).toBe(403);
  });

  test('When the admin tries to change their own role, then 403 (an admin cannot lock themselves out)', async () => {
    const result = await t.call('PATCH', `/v1/users/${actors.admin.id}`, { token: actors.admin.token, body: { role: 'USER' } });
    expectErrorShape(result, 403);
  });

  test("When the admin edits someone else's profile fields, then 403", async () => {
    const result = await t.call('PATCH', `/v1/users/${actors.member.id}`, { token: actors.admin.token, body: { name: 'Hackeado' } });
    expectErrorShape(result, 403);
    expect(result.body.code).toBe('PROFILE_CHANGE_FORBIDDEN');
  });

  test('When the admin changes the role of an unknown id, then 404', async () => {
    const result = await t.call('PATCH', `/v1/users/${new ObjectId().toHexString()}`, {
      token: actors.admin.token,
      body: { role: 'ADMIN' },
    });
    expectErrorShape(result, 404);
  });

  test.each(['providerId', 'email', 'subscription', 'hasActiveSubscription', 'credits', 'createdAt', 'foo'])(
    'When anyone sends %s, then 400 names the field and the profile is unchanged',
    async (field) => {
      const before = await snapshotData(t.db);
      for (const actor of [actors.member, actors.admin]) {
        const result = await t.call('PATCH', `/v1/users/${actors.member.id}`, {
          token: actor.token,
          body: { [field]: field === 'credits' ? { balance: 999, used: 0 } : 'x' },
        });
        expectErrorShape(result, 400);
        expect(result.body.message).toContain(`"${field}"`);
      }
      expect(await snapshotData(t.db)).toBe(before);
    },
  );

  test('When the body is empty, then 400 asks for at least one field', async () => {
    const result = await t.call('PATCH', `/v1/users/${actors.member.id}`, { token: actors.member.token, body: {} });
    expectErrorShape(result, 400);
    expect(result.body.message).toBe('Envie pelo menos um campo para alterar.');
  });
});
