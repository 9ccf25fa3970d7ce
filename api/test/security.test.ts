import { startTestApp, createActor, createActors, snapshotData, type Actors, type TestApp } from './helpers/app';
import { startBillingApp, type BillingTestApp } from './helpers/billing';
import { expectErrorShape } from './helpers/http';
import { createAccount } from './helpers/identity';
import { LABORATORY } from './helpers/team';
import { neutraliseFormula } from '../src/http/csv';

/**
 * Issue #26 ("what a hostile member or a hostile page can still do"), the API's items, each
 * over real HTTP against the Auth emulator.
 */
/** A JSON array nested `depth` levels: about 2 bytes a level, far below the body limit. */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('Security review (#26)', () => {
  let testApp: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    testApp = await startTestApp();
    actors = await createActors(testApp);
  });
  afterAll(() => testApp.close());

  test('When a body nests arrays 8,000 levels deep, then every JSON route answers 400 in Portuguese and nothing changes', async () => {
    const { member } = actors;
    const before = await snapshotData(testApp.db);
    const targets: [string, string, string][] = [
      ['PATCH', `/v1/users/${member.id}`, `{"name":${deepArray(8_000)}}`],
      ['POST', '/v1/users', `{"name":${deepArray(8_000)}}`],
      ['POST', '/v1/suggestions', `{"subject":"Gasometria","message":${deepArray(8_000)}}`],
      ['POST', '/v1/unlocks', `{"itemId":${deepArray(8_000)}}`],
      ['POST', '/v1/suggestions', deepArray(8_000)],
    ];
    for (const [method, path, rawBody] of targets) {
      const result = await testApp.call(method, path, { token: member.token, rawBody });
      expectErrorShape(result, 400);
      expect(result.body.message).toMatch(/níveis/);
    }
    expect(await snapshotData(testApp.db)).toBe(before);
  });

  test('When a name or laboratory text carries control, bidi-override or only invisible characters, then 400 and nothing is stored', async () => {
    const { member } = actors;
    const before = await snapshotData(testApp.db);
    for (const name of ['\u0000=1+1', 'Ana\nSilva', 'Ana \u202EavliS', 'Ana \uD800 Silva', '\u200B\u200B', 'Ana\u0007']) {
      const result = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name } });
      expectErrorShape(result, 400);
      expect(result.body.message).toMatch(/caracteres/);
    }
    for (const field of ['street', 'number', 'district', 'city', 'complement'] as const) {
      const laboratory = { ...LABORATORY, address: { ...LABORATORY.address, [field]: 'Rua\u0000 X' } };
      expectErrorShape(await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory } }), 400);
    }
    const lab = { ...LABORATORY, name: '\u200B\u2060' };
    expectErrorShape(await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: lab } }), 400);
    expect(await snapshotData(testApp.db)).toBe(before);

    // Composed and decomposed accents are one name (NFC), stored once the same way.
    const saved = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Jose\u0301 Conceic\u0327a\u0303o' } });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('José Conceição');
  });

  test('When the Firebase display name is made of control characters, then the profile is named from the e-mail instead', async () => {
    const account = await createAccount({ displayName: '\u0000=1+1' });
    const created = await testApp.call('POST', '/v1/users', { token: account.idToken, body: {} });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(account.email.split('@')[0]);
  });

  test('When a stored text starts with invisible characters and then a formula, then the CSV guard still makes it text', () => {
    for (const cell of ['\u0000=1+1', '\u200B=HYPERLINK("x")', '\u2060+1', '=1+1', '\t-1']) expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    for (const cell of ['Ana Silva', 'José = 1', '']) expect(neutraliseFormula(cell)).toBe(cell);
  });

  test('When a member asks whether another member\'s id exists, then 403; the owner and an admin get the answer', async () => {
    const { member, otherMember, admin } = actors;
    expectErrorShape(await testApp.call('GET', `/v1/users/${otherMember.id}/exists`, { token: member.token }), 403);
    expect((await testApp.call('GET', `/v1/users/${member.id}/exists`, { token: member.token })).body).toEqual({ exists: true });
    expect((await testApp.call('GET', `/v1/users/${otherMember.id}/exists`, { token: admin.token })).body).toEqual({ exists: true });
  });

  test('When a page size is not written in digits (limit=1.5, 1e1, 0x10, 1.0), then 400 like limit=abc', async () => {
    for (const limit of ['1.5', 'abc', '1e1', '0x10', '1.0']) {
      for (const path of ['/v1/users', '/v1/categories']) {
        const result = await testApp.call('GET', path, { token: actors.admin.token, query: { limit } });
        expectErrorShape(result, 400);
        expect(result.body.message).toBe('O parâmetro "limit" deve ser um número inteiro.');
      }
      expectErrorShape(await testApp.call('GET', '/v1/search', { query: { q: 'gasometria', limit } }), 400);
    }
    expect((await testApp.call('GET', '/v1/users', { token: actors.admin.token, query: { limit: '5' } })).status).toBe(200);
  });

  test('When an admin uploads two files in one request, then 400 and neither is kept', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([png], { type: 'image/png' }), 'b.png');
    const write = jest.spyOn(testApp.app.fileStorage, 'write');
    const result = await testApp.call('POST', '/v1/uploads', { token: actors.admin.token, formData: form });
    expectErrorShape(result, 400);
    expect(result.body.message).toMatch(/um único arquivo/);
    const written = write.mock.calls.map(([key]) => key);
    write.mockRestore();
    for (const key of written) expect(await testApp.app.fileStorage.stat(key)).toBeNull();
  });
});

describe('Security review (#26): revoked and disabled accounts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ config: { tokenRevocationCheckMs: 0 } });
  });
  afterAll(() => testApp.close());

  test('When an account is disabled in Firebase, then its current token is refused at once (401)', async () => {
    const member = await createActor(testApp);
    expect((await testApp.call('GET', `/v1/users/${member.id}`, { token: member.token })).status).toBe(200);
    await testApp.app.identity.auth.updateUser(member.account.uid, { disabled: true });
    const refused = await testApp.call('GET', `/v1/users/${member.id}`, { token: member.token });
    expectErrorShape(refused, 401);
    expect(refused.body.message).toMatch(/Faça login novamente/);
  });

  test('When a member\'s tokens are revoked, then the token they hold is refused on personal data and team actions (401)', async () => {
    const member = await createActor(testApp);
    // Firebase compares whole seconds: a revocation in the same second as the sign-in would not count.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await testApp.app.identity.auth.revokeRefreshTokens(member.account.uid);
    expectErrorShape(await testApp.call('GET', `/v1/users/${member.id}`, { token: member.token }), 401);
    expectErrorShape(await testApp.call('GET', '/v1/team', { token: member.token }), 401);
    expectErrorShape(await testApp.call('GET', '/v1/me/export', { token: member.token }), 401);
  });
});

describe('Security review (#26): expensive reads are limited', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ config: { expensiveReadLimit: 2 } });
  });
  afterAll(() => testApp.close());

  test('When one member floods the training record files, the data export or an admin export, then they get 429 and another member is still served', async () => {
    const [flooder, other] = [await createActor(testApp, 'ADMIN'), await createActor(testApp, 'ADMIN')];
    for (const path of ['/v1/team/training.pdf', '/v1/team/training.csv', '/v1/me/export', '/v1/admin/exports/users']) {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await testApp.call('GET', path, { token: flooder.token })).status);
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
      expect((await testApp.call('GET', path, { token: other.token })).status).not.toBe(429);
    }
  });

  test('When a guest floods the search with new queries, then their address gets 429 with a Portuguese message and a Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) statuses.push((await testApp.call('GET', '/v1/search', { query: { q: `gasometria ${index}` } })).status);
    // 4× the expensive-read limit (2) a minute.
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8)).toEqual(Array(4).fill(429));
    const limited = await testApp.call('GET', '/v1/search', { query: { q: 'gasometria de novo' } });
    expectErrorShape(limited, 429);
    expect(limited.body.message).toMatch(/^Muitas consultas em pouco tempo\. Tente novamente em \d+ s\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('When a member repeats the same search, then the answers given again are not counted, and a new query is', async () => {
    // The club's clock stands still, so the answer kept after the first scan stays fresh (else it is kept for a second).
    const stillApp = await startTestApp({ config: { expensiveReadLimit: 2 }, now: () => new Date('2026-03-10T12:00:00.000Z') });
    try {
      const member = await createActor(stillApp);
      const search = async (q: string) => (await stillApp.call('GET', '/v1/search', { token: member.token, query: { q } })).status;
      const repeated: number[] = [];
      for (let index = 0; index < 12; index += 1) repeated.push(await search('calibração'));
      expect(repeated).toEqual(Array(12).fill(200));
      const fresh: number[] = [];
      for (let index = 0; index < 8; index += 1) fresh.push(await search(`pipeta ${index}`));
      // Of the 8 a minute, the repeated query counted once: 7 new queries pass, the eighth is over.
      expect(fresh).toEqual([...Array(7).fill(200), 429]);
    } finally {
      await stillApp.close();
    }
  });
});

describe('Security review (#26): paying the same invoice in parallel', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingApp('2026-03-10T12:00:00.000Z');
  });
  afterAll(() => t.close());

  test('When the same invoice is paid by several requests at once, then one answers 200 and the others 409', async () => {
    const member = await createActor(t);
    const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
    const invoices = (await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token: member.token })).body;
    const invoiceId = (invoices.data ?? invoices)[0]._id as string;
    // Each request waits a moment after reading the invoice, as requests do on a busy database.
    const findById = t.app.invoicesRepository.findById.bind(t.app.invoicesRepository);
    const slowFind = jest.spyOn(t.app.invoicesRepository, 'findById').mockImplementation(async (id) => {
      const found = await findById(id);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return found;
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.call('POST', `/v1/sandbox/invoices/${invoiceId}/pay`, { token: member.token })),
    );
    slowFind.mockRestore();
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of results.filter((result) => result.status === 409)) expect(refused.body.code).toBe('INVOICE_ALREADY_PAID');
  });
});

describe('Security review (#26): the receipt PDF is an expensive read too', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingApp('2026-03-10T12:00:00.000Z', { config: { expensiveReadLimit: 2 } });
  });
  afterAll(() => t.close());

  test('When one member floods the receipt of a paid invoice, then the third call in a minute is 429', async () => {
    const member = await createActor(t);
    const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
    const invoices = (await t.call('GET', `/v1/subscriptions/${sub._id}/invoices`, { token: member.token })).body;
    const invoiceId = (invoices.data ?? invoices)[0]._id as string;
    expect((await t.call('POST', `/v1/sandbox/invoices/${invoiceId}/pay`, { token: member.token })).status).toBe(200);
    const path = `/v1/subscriptions/${sub._id}/invoices/${invoiceId}/receipt.pdf`;
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await t.call('GET', path, { token: member.token })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
