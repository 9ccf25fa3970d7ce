import type { UserDocument } from '../src/modules/users/documents';
import { COLLECTIONS } from './helpers/collections';
import { createActor, snapshotData, startTestApp, type TestApp } from './helpers/app';
import { expectErrorShape } from './helpers/http';
import { createAccount } from './helpers/identity';

// Issue 27: what a Brazilian paid site must show (CDC, Decreto 7.962/2013, LGPD) — who sells, the
// terms of use and the privacy policy, and the consent recorded with its versions and date.

let t: TestApp;
const at = new Date('2026-11-23T14:00:00.000Z');
const CURRENT = { termsVersion: '1', privacyVersion: '1' };

beforeAll(async () => {
  t = await startTestApp({
    now: () => at,
    config: {
      company: { name: 'Laboratório Escola Ltda.', cnpj: '12345678000195', address: 'Rua das Pipetas, 10, Campinas - SP', email: 'contato@escola.com.br', phone: null },
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /v1/legal', () => {
  test('When anyone asks, then the company (name, CNPJ, address, contact) and the versions of the two documents come back', async () => {
    const result = await t.call('GET', '/v1/legal');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      company: { name: 'Laboratório Escola Ltda.', cnpj: '12.345.678/0001-95', address: 'Rua das Pipetas, 10, Campinas - SP', email: 'contato@escola.com.br', phone: null },
      documents: [
        { kind: 'TERMS', slug: 'termos-de-uso', title: 'Termos de uso', version: '1', publishedAt: '2026-11-23' },
        { kind: 'PRIVACY', slug: 'politica-de-privacidade', title: 'Política de privacidade', version: '1', publishedAt: '2026-11-23' },
      ],
    });
  });

  test('When the terms are read, then they name the company and state the 7-day right of withdrawal (art. 49 CDC)', async () => {
    const result = await t.call('GET', '/v1/legal/termos-de-uso');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ slug: 'termos-de-uso', title: 'Termos de uso', version: '1' });
    expect(result.body.body).toContain('**Laboratório Escola Ltda.**, CNPJ 12.345.678/0001-95, com sede em Rua das Pipetas, 10, Campinas - SP');
    expect(result.body.body).toContain('desistir em até **7 dias**');
    expect(result.body.body).toContain('art. 49 do Código de Defesa do Consumidor');
    expect(result.body.body).not.toMatch(/\{\{/);
  });

  test('When the privacy policy is read, then it says who controls the data and how to reach them', async () => {
    const result = await t.call('GET', '/v1/legal/politica-de-privacidade');
    expect(result.status).toBe(200);
    expect(result.body.body).toContain('O controlador dos dados pessoais tratados no Clube é **Laboratório Escola Ltda.**');
    expect(result.body.body).toContain('escreva para contato@escola.com.br');
  });

  test('When a document that does not exist is asked for, then 400 in Portuguese', async () => {
    expectErrorShape(await t.call('GET', '/v1/legal/contrato-secreto'), 400);
  });
});

describe('Consent to the terms and the privacy policy', () => {
  test('When an account is created accepting the versions in force, then the profile records them with the date', async () => {
    const account = await createAccount();
    const created = await t.call('POST', '/v1/users', { token: account.idToken, body: { name: 'Joana Prado', acceptLegal: CURRENT } });
    expect(created.status).toBe(201);
    expect(created.body.consent).toEqual({ termsVersion: '1', privacyVersion: '1', acceptedAt: at.toISOString(), current: true });
    const stored = await t.db.collection<UserDocument>(COLLECTIONS.users).findOne({ providerId: account.uid });
    expect(stored?.consent).toEqual({ termsVersion: '1', privacyVersion: '1', acceptedAt: at });
  });

  test('When the versions accepted are not the ones in force, then 409 LEGAL_VERSION_OUTDATED and no profile is created', async () => {
    const account = await createAccount();
    const before = await snapshotData(t.db);
    const result = await t.call('POST', '/v1/users', { token: account.idToken, body: { name: 'Joana Prado', acceptLegal: { termsVersion: '0', privacyVersion: '1' } } });
    expectErrorShape(result, 409);
    expect(result.body).toMatchObject({
      code: 'LEGAL_VERSION_OUTDATED',
      message: 'Os termos de uso ou a política de privacidade mudaram enquanto a página estava aberta. Leia a versão atual e aceite de novo.',
    });
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When a member who never accepted accepts from the profile page, then it is recorded; another member cannot do it for them', async () => {
    const member = await createActor(t);
    const other = await createActor(t);
    expect((await t.call('GET', `/v1/users/${member.id}`, { token: member.token })).body.consent).toBeNull();
    const refused = await t.call('PATCH', `/v1/users/${member.id}`, { token: other.token, body: { acceptLegal: CURRENT } });
    expectErrorShape(refused, 403);
    const accepted = await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { acceptLegal: CURRENT } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.consent).toEqual({ termsVersion: '1', privacyVersion: '1', acceptedAt: at.toISOString(), current: true });
  });

  test('When the accepted body carries unknown fields or empty versions, then 400 and nothing changes', async () => {
    const member = await createActor(t);
    const before = await snapshotData(t.db);
    for (const acceptLegal of [{ ...CURRENT, extra: true }, { termsVersion: '', privacyVersion: '1' }, { termsVersion: '1' }]) {
      expectErrorShape(await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { acceptLegal } }), 400);
    }
    expect(await snapshotData(t.db)).toBe(before);
  });
});
