import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createContent, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { signIn } from '../helpers/identity';
import { startDevMailServer, type DevMailServer } from '../../scripts/dev-mail-server';

const LABORATORY = {
  name: 'Laboratório Vida Plena',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};
const PASSWORD = 'Senha#Teste123';

let t: BillingTestApp;
let logLines: Record<string, unknown>[];
let admin: TestActor;
let inbox: DevMailServer;

beforeAll(async () => {
  inbox = await startDevMailServer({ httpPort: null });
});

afterAll(() => inbox.close());

/**
 * A member with everything the club can hold: laboratory, a paid subscription (credits), an
 * unlock, video progress, a suggestion and a vote on someone else's.
 */
async function fullMember(name: string) {
  const member = await createActor(t, 'USER', name);
  await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: LABORATORY, onboardingCompleted: true } });
  const subscription = await t.call('POST', '/v1/subscriptions', { token: member.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX' } });
  if (subscription.status !== 201) throw new Error(`checkout: ${subscription.status} ${JSON.stringify(subscription.body)}`);
  const pix = await t.call('GET', `/v1/subscriptions/${subscription.body._id}/pixQRCode`, { token: member.token });
  const paid = await t.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: member.token });
  if (paid.status !== 200) throw new Error(`pagamento: ${paid.status}`);
  const category = await createCategory(t, admin);
  const content = await createContent(t, admin, category._id, { access: 'CREDITS', creditCost: 1 });
  const unlock = await t.call('POST', '/v1/unlocks', { token: member.token, body: { itemType: 'CONTENT', itemId: content._id } });
  if (unlock.status !== 201) throw new Error(`desbloqueio: ${unlock.status} ${JSON.stringify(unlock.body)}`);
  const videoId = new ObjectId();
  await t.db.collection(COLLECTIONS.videoProgress).insertOne({
    _id: new ObjectId(),
    userId: new ObjectId(member.id),
    videoId,
    watchedSeconds: 42,
    finishedAt: null,
  });
  const suggestion = await t.call('POST', '/v1/suggestions', {
    token: member.token,
    body: { subject: `Ideia de ${name}`, message: `Comentário pessoal de ${name} sobre o clube.` },
  });
  return { member, subscriptionId: subscription.body._id as string, invoiceId: pix.body.invoiceId as string, videoId, suggestionId: suggestion.body._id as string };
}

beforeEach(async () => {
  logLines = [];
  t = await startBillingApp('2026-03-10T12:00:00.000Z', {
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) } },
    config: { mail: { smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`, from: 'Clube <nao-responda@clube.test>' } },
  });
  admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
});

afterEach(async () => {
  await t.close();
});

const auditLines = (audit: string) => logLines.filter((line) => line.audit === audit);

describe('GET /v1/me/export', () => {
  test('When a member downloads their data, then the JSON file holds all of it and nothing of another member; the download is audited', async () => {
    const mine = await fullMember('Carla Mendes');
    const other = await fullMember('Diego Ramos');
    const vote = await t.call('POST', `/v1/suggestions/${other.suggestionId}/vote`, { token: mine.member.token });
    expect(vote.status).toBe(201);

    const result = await t.call('GET', '/v1/me/export', { token: mine.member.token });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="clube-meus-dados-2026-03-10.json"');
    const data = result.body;
    expect(data.profile).toMatchObject({ _id: mine.member.id, email: mine.member.account.email, name: 'Carla Mendes', credits: { balance: 2, used: 1 } });
    expect(data.laboratory).toMatchObject({ name: 'Laboratório Vida Plena', address: { city: 'São Paulo' } });
    expect(data.subscriptions).toEqual([expect.objectContaining({ _id: mine.subscriptionId, status: 'ACTIVE', userId: mine.member.id })]);
    expect(data.invoices).toEqual([expect.objectContaining({ _id: mine.invoiceId, status: 'PAID', amountCents: 8990 })]);
    expect(data.unlocks).toEqual([expect.objectContaining({ itemType: 'CONTENT', credits: 1 })]);
    expect(data.progress).toEqual([{ videoId: mine.videoId.toHexString(), watchedSeconds: 42, finishedAt: null }]);
    expect(data.suggestions).toEqual([expect.objectContaining({ _id: mine.suggestionId, subject: 'Ideia de Carla Mendes', status: 'NEW' })]);
    expect(data.votes).toEqual([{ suggestionId: other.suggestionId, createdAt: expect.any(String) }]);

    const text = JSON.stringify(data);
    for (const foreign of [other.member.id, other.member.account.email, 'Diego Ramos', other.subscriptionId, other.invoiceId, other.videoId.toHexString()]) {
      expect(text).not.toContain(foreign);
    }
    const audit = auditLines('lgpd.export');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: mine.member.id });
    expect(JSON.stringify(audit[0])).not.toContain(mine.member.account.email);
  });

  test('When nobody is signed in, then there is no file (401)', async () => {
    expectErrorShape(await t.call('GET', '/v1/me/export'), 401);
  });
});

describe('DELETE /v1/me', () => {
  test('When the member confirms, then the subscription is canceled, personal data is gone, invoices stay without the person and the token stops working', async () => {
    const mine = await fullMember('Elisa Prado');
    const other = await fullMember('Fábio Lima');
    await t.call('POST', `/v1/suggestions/${other.suggestionId}/vote`, { token: mine.member.token });
    const { email } = mine.member.account;
    // the token is used (and cached) right before the deletion
    expect((await t.call('GET', `/v1/users/provider/${mine.member.account.uid}`, { token: mine.member.token })).status).toBe(200);
    const invoicesBefore = await t.db.collection(COLLECTIONS.invoices).countDocuments({});

    const deleted = await t.call('DELETE', '/v1/me', { token: mine.member.token, body: { confirmation: 'EXCLUIR' } });
    expect(deleted.status).toBe(204);

    // the token, still within its hour and in the cache, is refused everywhere — it cannot even recreate a profile
    const profile = await t.call('GET', `/v1/users/provider/${mine.member.account.uid}`, { token: mine.member.token });
    expectErrorShape(profile, 401);
    expect(profile.body.code).toBe('ACCOUNT_DELETED');
    expectErrorShape(await t.call('POST', '/v1/users', { token: mine.member.token, body: {} }), 401);
    expectErrorShape(await t.call('GET', '/v1/me/export', { token: mine.member.token }), 401);
    // Firebase: the account is gone, signing in fails
    await expect(signIn(email, PASSWORD)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    await expect(t.app.identity.auth.getUser(mine.member.account.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });

    // the admin list no longer shows the name or the e-mail
    const search = await t.call('GET', '/v1/users', { token: admin.token, query: { searchTerm: 'Elisa', limit: 100 } });
    expect(search.body.meta.total).toBe(0);

    // the confirmation (LGPD) reaches the address, and says nothing else of the person
    await t.app.jobs.runDue();
    const confirmation = (await inbox.waitFor((m) => m.to.includes(email) && m.subject === 'Sua conta no Clube foi excluída'))[0]!;
    expect(confirmation.text).toContain('Confirmamos a exclusão da sua conta e dos seus dados pessoais');
    expect(confirmation.text).not.toContain('Elisa');

    // nothing anywhere in the data names the person (the confirmation's job forgot the address once it left)
    const everything = await snapshotData(t.db);
    for (const trace of [mine.member.id, email, 'Elisa Prado', mine.member.account.uid, 'Comentário pessoal de Elisa']) {
      expect(everything).not.toContain(trace);
    }

    // fiscal records kept: the subscription canceled through billing, the paid invoice intact but anonymous
    const subscription = await t.db.collection(COLLECTIONS.subscriptions).findOne({ _id: new ObjectId(mine.subscriptionId) });
    expect(subscription).toMatchObject({ status: 'CANCELED', isOpen: false, canceledAt: new Date('2026-03-10T12:00:00.000Z') });
    expect(subscription!.userId.toHexString()).not.toBe(mine.member.id);
    const invoice = await t.db.collection(COLLECTIONS.invoices).findOne({ _id: new ObjectId(mine.invoiceId) });
    expect(invoice).toMatchObject({ status: 'PAID', amountCents: 8990, pix: null, userId: subscription!.userId });
    expect(await t.db.collection(COLLECTIONS.invoices).countDocuments({})).toBe(invoicesBefore);

    // the other member is untouched, and keeps the vote that was cast
    const otherExport = await t.call('GET', '/v1/me/export', { token: other.member.token });
    expect(otherExport.body.subscriptions[0]).toMatchObject({ status: 'ACTIVE' });
    expect(otherExport.body.suggestions[0]).toMatchObject({ _id: other.suggestionId, votes: 1 });

    // audited without personal data
    const audit = auditLines('lgpd.account-deleted');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      erasureId: subscription!.userId.toHexString(),
      subscriptionCanceled: true,
      subscriptionsKept: 1,
      invoicesKept: 1,
      unlocksDeleted: 1,
      progressDeleted: 1,
      suggestionsDeleted: 1,
      votesDeleted: 1,
    });
    for (const trace of [mine.member.id, email, 'Elisa', mine.member.account.uid]) expect(JSON.stringify(audit[0])).not.toContain(trace);
  });

  test('When the confirmation is missing or wrong, then it is a 400 and nothing changes', async () => {
    const member = await createActor(t);
    const before = await snapshotData(t.db);
    expectErrorShape(await t.call('DELETE', '/v1/me', { token: member.token, body: {} }), 400);
    expectErrorShape(await t.call('DELETE', '/v1/me', { token: member.token, body: { confirmation: 'excluir' } }), 400);
    expect(await snapshotData(t.db)).toBe(before);
    expect((await t.call('GET', `/v1/users/${member.id}`, { token: member.token })).status).toBe(200);
  });

  test('When the last admin asks to delete their account, then it is a 409 in Portuguese; with another admin it goes through', async () => {
    const refused = await t.call('DELETE', '/v1/me', { token: admin.token, body: { confirmation: 'EXCLUIR' } });
    expectErrorShape(refused, 409);
    expect(refused.body.message).toBe('Você é o último administrador do clube. Promova outra pessoa a administradora antes de excluir sua conta.');
    expect((await t.call('GET', `/v1/users/${admin.id}`, { token: admin.token })).status).toBe(200);

    await createActor(t, 'ADMIN');
    expect((await t.call('DELETE', '/v1/me', { token: admin.token, body: { confirmation: 'EXCLUIR' } })).status).toBe(204);
  });
});
