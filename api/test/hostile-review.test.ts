import QRCode from 'qrcode';
import { ObjectId } from 'mongodb';
import { trustProxyOption } from '../src/app';
import { loadConfig } from '../src/config';
import { COLLECTIONS } from './helpers/collections';
import { createActor, createActors, startTestApp, type Actors, type TestApp } from './helpers/app';
import { startBillingApp, type BillingTestApp } from './helpers/billing';
import { expectErrorShape } from './helpers/http';
import { createAccount } from './helpers/identity';

/**
 * Point 4 of the hostile review (issue "Billing you can trust"), each over HTTP: blank text,
 * X-Forwarded-For, tiny uploads, PIX rendering and expensive reads, uppercase ids, bytes=1-0.
 */
const LABORATORY = {
  name: 'Laboratório Vida',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};

describe('Hostile review: text, ids, files', () => {
  let testApp: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    testApp = await startTestApp();
    actors = await createActors(testApp);
  });
  afterAll(() => testApp.close());

  test('When a laboratory is sent with fields of only spaces or a tab, then 400 and nothing is stored', async () => {
    const { member } = actors;
    for (const field of ['street', 'number', 'district', 'city'] as const) {
      const body = { laboratory: { ...LABORATORY, address: { ...LABORATORY.address, [field]: ' \t ' } } };
      const result = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body });
      expectErrorShape(result, 400);
    }
    const blankName = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: { ...LABORATORY, name: '   ' } } });
    expectErrorShape(blankName, 400);
    const profile = await testApp.call('GET', `/v1/users/${member.id}`, { token: member.token });
    expect(profile.status).toBe(200);
    expect(profile.body.laboratory).toBeNull();

    // Text is stored trimmed.
    const padded = { laboratory: { ...LABORATORY, name: '  Laboratório Vida  ' } };
    const saved = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: padded });
    expect(saved.status).toBe(200);
    expect(saved.body.laboratory.name).toBe('Laboratório Vida');
  });

  test('When a suggestion is padded with spaces to pass the 3-character minimum, then 400', async () => {
    const message = 'Gostaria de vídeos sobre gasometria.';
    const result = await testApp.call('POST', '/v1/suggestions', { token: actors.member.token, body: { subject: '  a  ', message } });
    expectErrorShape(result, 400);
    // Padding around a valid subject is simply removed.
    const padded = await testApp.call('POST', '/v1/suggestions', { token: actors.member.token, body: { subject: '  Gasometria  ', message } });
    expect(padded.status).toBe(201);
    expect(padded.body.subject).toBe('Gasometria');
  });

  test('When a stored profile no longer fits its response schema, then the profile and the admin list still answer 200', async () => {
    const broken = await createActor(testApp);
    // As written by the old code: blank text trimmed to "".
    const stored = { ...LABORATORY, cnpj: '11222333000181', phone: '1134567890', address: { ...LABORATORY.address, cep: '01310100', street: '' } };
    await testApp.db.collection(COLLECTIONS.users).updateOne({ _id: new ObjectId(broken.id) }, { $set: { laboratory: stored } });

    const own = await testApp.call('GET', `/v1/users/${broken.id}`, { token: broken.token });
    expect(own.status).toBe(200);
    expect(own.body.laboratory).toBeNull();
    const list = await testApp.call('GET', '/v1/users', { token: actors.admin.token, query: { limit: 100 } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((user: { _id: string }) => user._id)).toContain(broken.id);
    // The member can fill it again.
    const fixed = await testApp.call('PATCH', `/v1/users/${broken.id}`, { token: broken.token, body: { laboratory: LABORATORY } });
    expect(fixed.status).toBe(200);
  });

  test('When an owner uses their own id in uppercase hex, then they are the owner (200), as an admin would be', async () => {
    const { member } = actors;
    const upper = member.id.toUpperCase();
    const own = await testApp.call('GET', `/v1/users/${upper}`, { token: member.token });
    expect(own.status).toBe(200);
    expect(own.body._id).toBe(member.id);
    const subscriptions = await testApp.call('GET', `/v1/subscriptions/user/${upper}`, { token: member.token });
    expect(subscriptions.status).toBe(200);
    // Someone else's id in uppercase is still someone else's.
    expectErrorShape(await testApp.call('GET', `/v1/users/${actors.otherMember.id.toUpperCase()}`, { token: member.token }), 403);
  });

  test('When a 14- or 15-byte file is uploaded, then it is stored whole and served byte for byte', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const size of [14, 15]) {
      const bytes = Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'tiny.png');
      const uploaded = await testApp.call('POST', '/v1/uploads', { token: actors.admin.token, formData: form });
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.sizeBytes).toBe(size);
      const served = await fetch(uploaded.body.url as string);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  test('When a file is asked for with "Range: bytes=1-0", then the range is ignored: 200 with the whole file', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'doc.pdf');
    const uploaded = await testApp.call('POST', '/v1/uploads', { token: actors.admin.token, formData: form });
    expect(uploaded.status).toBe(201);
    const response = await fetch(uploaded.body.url as string, { headers: { range: 'bytes=1-0' } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    // A range that starts past the end is still unsatisfiable.
    expect((await fetch(uploaded.body.url as string, { headers: { range: `bytes=${bytes.length}-` } })).status).toBe(416);
  });
});

describe('Hostile review: client address and expensive reads', () => {
  test('When TRUST_PROXY is "true", then the configuration is refused; hops and addresses are accepted', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY não aceita "true"/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'qualquer' })).toThrow(/TRUST_PROXY inválido/);
  });

  test('When the API runs in production without TRUST_PROXY, then no proxy is trusted', () => {
    const production = { ...loadConfig({ NODE_ENV: 'test' }), nodeEnv: 'production' as const };
    expect(trustProxyOption(production)).toBe(false);
    const hop = trustProxyOption({ trustProxy: 1 }) as (address: string, hop: number) => boolean;
    expect([hop('10.0.0.1', 0), hop('10.0.0.2', 1)]).toEqual([true, false]);
  });

  test('When writes arrive with a new X-Forwarded-For each and no proxy is trusted, then the write limit still applies to the real client', async () => {
    const account = await createAccount();
    const production = await startTestApp({ config: { trustProxy: false, rateLimit: { max: 3, timeWindowMs: 60_000 } } });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const result = await production.call('POST', '/v1/users', {
          token: account.idToken,
          body: {},
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
        });
        statuses.push(result.status);
      }
      expect(statuses.slice(0, 3).every((status) => status === 200 || status === 201)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await production.close();
    }
  });

  test('When one trusted proxy hop is configured, then the address it forwards is the client', async () => {
    const account = await createAccount();
    const proxied = await startTestApp({ config: { trustProxy: 1, rateLimit: { max: 2, timeWindowMs: 60_000 } } });
    try {
      for (let index = 0; index < 4; index += 1) {
        const result = await proxied.call('POST', '/v1/users', { token: account.idToken, body: {}, headers: { 'x-forwarded-for': `198.51.100.${index + 1}` } });
        expect(result.status).not.toBe(429);
      }
    } finally {
      await proxied.close();
    }
  });

  describe('PIX QR code and payment status', () => {
    let t: BillingTestApp;
    beforeAll(async () => {
      t = await startBillingApp('2026-03-10T12:00:00.000Z', { config: { expensiveReadLimit: 4 } });
    });
    afterAll(() => t.close());

    test('When the PIX of an invoice is asked for several times, then its QR code is rendered once and the same image answers', async () => {
      const member = await createActor(t);
      const sub = (await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body;
      const render = jest.spyOn(QRCode, 'toDataURL');
      try {
        const first = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
        const second = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
        expect(first.status).toBe(200);
        expect(second.body.qrCodeDataUrl).toBe(first.body.qrCodeDataUrl);
        expect(render).toHaveBeenCalledTimes(1);
        // A new payload (the old one expired) is rendered once more.
        t.clock.advanceDays(2);
        const renewed = await t.call('GET', `/v1/subscriptions/${sub._id}/pixQRCode`, { token: member.token });
        expect(renewed.body.payload).not.toBe(first.body.payload);
        expect(render).toHaveBeenCalledTimes(2);
      } finally {
        render.mockRestore();
      }
    });

    test('When one member floods the expensive reads, then they get 429 and another member is still served', async () => {
      const [flooder, other] = [await createActor(t), await createActor(t)];
      const subOf = async (actor: typeof flooder) =>
        (await t.call('POST', '/v1/subscriptions', { token: actor.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } })).body._id as string;
      const [floodSub, otherSub] = [await subOf(flooder), await subOf(other)];
      for (const read of ['pixQRCode', 'payment-status']) {
        const statuses: number[] = [];
        for (let index = 0; index < 4; index += 1) statuses.push((await t.call('GET', `/v1/subscriptions/${floodSub}/${read}`, { token: flooder.token })).status);
        expect(statuses).toEqual([200, 200, 200, 200]);
        const limited = await t.call('GET', `/v1/subscriptions/${floodSub}/${read}`, { token: flooder.token });
        expectErrorShape(limited, 429);
        expect(limited.body.message).toMatch(/^Muitas consultas em pouco tempo/);
        expect((await t.call('GET', `/v1/subscriptions/${otherSub}/${read}`, { token: other.token })).status).toBe(200);
      }
      // Cheap reads are not limited.
      expect((await t.call('GET', '/v1/plans')).status).toBe(200);
    });
  });
});
