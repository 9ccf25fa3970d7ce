import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { snapshotData, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { competenceLab, reauthenticate } from '../helpers/competence';

/**
 * LGPD erasure of a member with a competence dossier (issue 31): their own attempts, completions,
 * assignments and dossier exports go; the laboratory's signed authorizations and audit trail stay
 * (ISO/IEC 17025 §8.4) with the person replaced by the erasure id and "Pessoa excluída (LGPD)".
 * The app's clock follows the real one: the emulator's tokens carry the real auth_time.
 */
let t: BillingTestApp;
let manager: TestActor;
let technician: TestActor;
let accountId: string;
let contentId: string;

const NAME = 'Hermínia Quintanilha';

/**
 * The collections of the whole database where `trace` still appears (none after an erasure) — but
 * the erasure's own confirmation e-mail, queued to the address and forgetting it once sent
 * (lgpd.test.ts proves that with a real SMTP server).
 */
async function collectionsHolding(trace: string): Promise<string[]> {
  const everything = JSON.parse(await snapshotData(t.db)) as Record<string, { payload?: { template?: string } }[]>;
  everything.jobs = everything.jobs!.filter((job) => job.payload?.template !== 'account-deleted');
  return Object.entries(everything).filter(([, rows]) => JSON.stringify(rows).includes(trace)).map(([name]) => name);
}

beforeEach(async () => {
  t = await startBillingApp(new Date().toISOString());
  ({ manager, technician, accountId, contentId } = await competenceLab(t, NAME));
});

afterEach(() => t.close());

/** The technician holds a function, passed its item (an attempt and a completion), was authorized (signed) and had a dossier exported. */
async function dossierOfTechnician() {
  const fn = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
    token: manager.token,
    body: { name: 'Técnico de coleta', requirements: [{ itemType: 'CONTENT', itemId: contentId, validityMonths: 12 }] },
  });
  expect(fn.status).toBe(201);
  expect((await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${fn.body.id}/assignees/${technician.id}`, { token: manager.token })).status).toBeLessThan(300);
  const attempt = await t.call('POST', `/v1/assessments/contents/${contentId}/attempts`, { token: technician.token });
  const question = attempt.body.questions[0];
  const answers = [{ questionId: question.id, optionIds: [question.options.find((o: { text: string }) => o.text === 'Caixa rígida').id] }];
  expect((await t.call('POST', `/v1/assessments/attempts/${attempt.body.id}/submission`, { token: technician.token, body: { answers } })).body.passed).toBe(true);
  const signed = await t.call('POST', `/v1/authorizations/accounts/${accountId}`, {
    token: await reauthenticate(t, manager),
    body: { userId: technician.id, activity: 'Coleta de sangue venoso', meaning: 'AUTHORIZE', requiredItems: [{ itemType: 'CONTENT', itemId: contentId }] },
  });
  expect(signed.status).toBe(201);
  const csv = await fetch(`${t.url}/v1/competence/accounts/${accountId}/people/${technician.id}/dossier.csv`, { headers: { authorization: `Bearer ${manager.token}` } });
  expect(csv.status).toBe(200);
  const exportId = (await t.db.collection(COLLECTIONS.competenceExports).findOne({}))!._id.toHexString();
  return { functionId: fn.body.id as string, attemptId: attempt.body.id as string, recordId: signed.body.id as string, exportId };
}

describe('LGPD and the competence dossier', () => {
  test('When a member with a dossier downloads their data, then the file holds their functions, attempts (without the key), completions, authorizations and dossier exports', async () => {
    const { functionId, attemptId, recordId } = await dossierOfTechnician();
    const result = await t.call('GET', '/v1/me/export', { token: technician.token });
    expect(result.status).toBe(200);
    const { competence } = result.body;
    expect(competence.assignments).toEqual([expect.objectContaining({ functionId, functionName: 'Técnico de coleta', laboratoryAccountId: accountId, active: true })]);
    expect(competence.attempts).toEqual([expect.objectContaining({ _id: attemptId, itemType: 'CONTENT', itemId: contentId, number: 1, scorePercent: 100, passed: true })]);
    expect(JSON.stringify(competence.attempts)).not.toContain('"correct"');
    expect(competence.completions).toEqual([expect.objectContaining({ itemType: 'CONTENT', itemId: contentId, method: 'ASSESSMENT', scorePercent: 100 })]);
    expect(competence.authorizations).toEqual([
      expect.objectContaining({ _id: recordId, kind: 'AUTHORIZATION', subjectName: NAME, activity: 'Coleta de sangue venoso', signerName: manager.profile.name, meaningText: 'Autorizo' }),
    ]);
    // The manager's file lists the authorization they signed, without the technician's name.
    const managers = (await t.call('GET', '/v1/me/export', { token: manager.token })).body.competence;
    expect(managers.authorizations).toEqual([expect.objectContaining({ _id: recordId, subjectName: null, signerName: manager.profile.name })]);
    expect(JSON.stringify(managers)).not.toContain(NAME);
    expect(competence.dossierExports).toEqual([expect.objectContaining({ format: 'CSV', subjectName: NAME, laboratoryName: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
  });

  test('When a member with a dossier deletes the account, then their attempts, completions, assignments and exports are gone, and the signed authorization and audit trail stay without anything that names them', async () => {
    const { recordId } = await dossierOfTechnician();
    const { email, uid } = technician.account;
    const deleted = await t.call('DELETE', '/v1/me', { token: technician.token, body: { confirmation: 'EXCLUIR' } });
    expect(deleted.status).toBe(204);

    for (const trace of [technician.id, email, NAME, uid]) expect({ trace, in: await collectionsHolding(trace) }).toEqual({ trace, in: [] });

    const userId = new ObjectId(technician.id);
    expect(await t.db.collection(COLLECTIONS.assessmentAttempts).countDocuments({})).toBe(0);
    expect(await t.db.collection(COLLECTIONS.completions).countDocuments({})).toBe(0);
    expect(await t.db.collection(COLLECTIONS.functionAssignments).countDocuments({})).toBe(0);
    expect(await t.db.collection(COLLECTIONS.competenceExports).countDocuments({})).toBe(0);
    // The laboratory's signed record is kept (ISO/IEC 17025 §8.4), the person replaced by the erasure id.
    const record = await t.db.collection(COLLECTIONS.signedRecords).findOne({ _id: new ObjectId(recordId) });
    expect(record).toMatchObject({ kind: 'AUTHORIZATION', activity: 'Coleta de sangue venoso', subjectName: 'Pessoa excluída (LGPD)', signature: { printedName: manager.profile.name } });
    expect(record!.subjectUserId.equals(userId)).toBe(false);
    expect(record!.erasure).toMatchObject({ erasureId: record!.subjectUserId, at: expect.any(Date) });
    // The manager still reads the authorization and the audit trail, with the person's name replaced.
    const list = await t.call('GET', `/v1/authorizations/accounts/${accountId}`, { token: manager.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id: recordId, subjectName: 'Pessoa excluída (LGPD)' })]);
    const audit = await t.call('GET', `/v1/authorizations/accounts/${accountId}/audit`, { token: manager.token, query: { limit: 50 } });
    expect(audit.body.data.map((entry: { summary: string }) => entry.summary)).toEqual(
      expect.arrayContaining(['Assinou (Autorizo) a autorização de Pessoa excluída (LGPD) para "Coleta de sangue venoso".', 'Atribuiu a função "Técnico de coleta" a Pessoa excluída (LGPD).']),
    );
  });

  test('When the manager who signed and exported deletes the account, then the records they signed stay with the signer replaced, and the technician\'s export stays', async () => {
    const { recordId, exportId } = await dossierOfTechnician();
    const deleted = await t.call('DELETE', '/v1/me', { token: manager.token, body: { confirmation: 'EXCLUIR' } });
    expect(deleted.status).toBe(204);
    // Left (mail module, not the dossier): a team-invitation e-mail still queued to the technician names
    // the manager as the one who invited ("invitedBy"); every other collection holds no trace.
    for (const trace of [manager.id, manager.account.email, manager.profile.name, manager.account.uid]) {
      const holding = (await collectionsHolding(trace)).filter((name) => name !== 'jobs' || trace !== manager.profile.name);
      expect({ trace, in: holding }).toEqual({ trace, in: [] });
    }
    const record = await t.db.collection(COLLECTIONS.signedRecords).findOne({ _id: new ObjectId(recordId) });
    expect(record).toMatchObject({ subjectName: NAME, signature: { printedName: 'Pessoa excluída (LGPD)', meaningText: 'Autorizo' } });
    expect(await t.db.collection(COLLECTIONS.competenceExports).countDocuments({ generatedByName: 'Pessoa excluída (LGPD)' })).toBe(1);
    expect((await t.call('GET', `/v1/competence/exports/${exportId}`)).body).toMatchObject({ subjectName: NAME, generatedByName: 'Pessoa excluída (LGPD)' });
  });
});
