import { parse } from 'csv-parse/sync';
import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { CSV_DELIMITER } from '../../src/http/csv';
import type { UserDocument } from '../../src/modules/users/documents';
import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { expectErrorShape } from '../helpers/http';
import { pdfText } from '../helpers/pdf-text';
import { giveLaboratory, LABORATORY, payOpenInvoice } from '../helpers/team';

/**
 * Issue 25, item 6: alphanumeric CNPJs (IN RFB 2.229/2024; the Receita's example 12.ABC.345/01DE-35)
 * are accepted wherever a CNPJ is: the profile, seats for a laboratory, the admin's search and CSV,
 * the training record. Stored upper case without punctuation; numeric CNPJs work as before.
 */
let t: BillingTestApp;
let admin: TestActor;

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  admin = await createActor(t, 'ADMIN');
});

afterAll(async () => {
  await t.close();
});

const RFB_EXAMPLE = '12.ABC.345/01DE-35';
/** Another valid alphanumeric CNPJ (the one in @brazilian-utils' documentation), so this laboratory is the only one with it. */
const OTHER_LAB = 'Q0.SLF.MBD/7VX4-39';
const stored = async (id: string) => (await t.db.collection<UserDocument>(COLLECTIONS.users).findOne({ _id: new ObjectId(id) }))!.laboratory?.cnpj;

describe('Alphanumeric CNPJ', () => {
  test('When a member saves the Receita Federal example, masked or not, in any case, then it is stored upper case without punctuation and shown back', async () => {
    for (const typed of [RFB_EXAMPLE, '12abc34501de35', ' 12.abc.345/01de-35 ']) {
      const member = await createActor(t);
      const result = await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: { ...LABORATORY, cnpj: typed } } });
      expect(result.status).toBe(200);
      expect(result.body.laboratory.cnpj).toBe('12ABC34501DE35');
      expect(await stored(member.id)).toBe('12ABC34501DE35');
    }
  });

  test('When its check digits are wrong, then 400 INVALID_CNPJ in Portuguese and nothing changes', async () => {
    const member = await createActor(t);
    const before = await snapshotData(t.db);
    const result = await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: { ...LABORATORY, cnpj: '12.ABC.345/01DE-36' } } });
    expectErrorShape(result, 400);
    expect(result.body).toMatchObject({ code: 'INVALID_CNPJ', message: 'CNPJ inválido. Confira os números e as letras digitados.' });
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When a numeric CNPJ is saved, then it works as before (digits only)', async () => {
    const member = await createActor(t);
    const result = await t.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: LABORATORY } });
    expect(result.body.laboratory.cnpj).toBe('11222333000181');
  });

  test('When a laboratory with an alphanumeric CNPJ buys seats, then its account, the admin search and CSV and the training record carry the CNPJ', async () => {
    const manager = await createActor(t, 'USER', 'Gestora Alfanumérica');
    await giveLaboratory(t, manager, { ...LABORATORY, name: 'Laboratório Novo 2026', cnpj: OTHER_LAB });
    const sub = await t.call('POST', '/v1/subscriptions', { token: manager.token, body: { planId: t.plans.mensal._id, paymentMethod: 'PIX', seats: 3 } });
    expect(sub.status).toBe(201);
    await payOpenInvoice(t, manager, sub.body._id);
    const team = await t.call('GET', '/v1/team', { token: manager.token });
    expect(team.body.account).toMatchObject({ name: 'Laboratório Novo 2026', cnpj: 'Q0SLFMBD7VX439', seats: 3 });

    // The admin finds the member by the CNPJ typed either way.
    for (const searchTerm of [OTHER_LAB, 'q0slfmbd7vx439']) {
      const found = await t.call('GET', '/v1/users', { token: admin.token, query: { searchTerm } });
      expect(found.body.data.map((user: { _id: string }) => user._id)).toEqual([manager.id]);
    }

    const csv = await fetch(`${t.url}/v1/admin/exports/users?searchTerm=Q0SLFMBD7VX439`, { headers: { authorization: `Bearer ${admin.token}` } });
    const rows = parse(Buffer.from(await csv.arrayBuffer()), { bom: true, delimiter: CSV_DELIMITER }) as string[][];
    const column = rows[0]!.indexOf('CNPJ');
    expect(rows.slice(1).map((row) => row[column])).toEqual([OTHER_LAB]);

    const pdf = await fetch(`${t.url}/v1/team/training.pdf`, { headers: { authorization: `Bearer ${manager.token}` } });
    expect(pdf.status).toBe(200);
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(`CNPJ: ${OTHER_LAB}`);
  });
});
