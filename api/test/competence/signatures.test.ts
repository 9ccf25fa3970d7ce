import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { expectErrorShape } from '../helpers/http';
import { competenceLab, reauthenticate as reauthenticateAs } from '../helpers/competence';
import { pdfText } from '../helpers/pdf-text';
import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';

/**
 * Authorizations signed electronically (issue 31, ISO/IEC 17025 §6.2.5 e; 21 CFR 11.50): only the
 * laboratory's manager signs, with a password typed in the last 5 minutes; the record keeps the
 * printed name, date and time, meaning; corrections and withdrawals are new signed records.
 * The app's clock follows the real one here: the emulator's tokens carry the real auth_time.
 */
let t: BillingTestApp;
let admin: TestActor;
let manager: TestActor;
let technician: TestActor;
let accountId: string;
let contentId: string;

const reauthenticate = (actor: TestActor) => reauthenticateAs(t, actor);

const sign = (token: string, body: Record<string, unknown>) => t.call('POST', `/v1/authorizations/accounts/${accountId}`, { token, body });

beforeAll(async () => {
  t = await startBillingApp(new Date().toISOString());
  ({ admin, manager, technician, accountId, contentId } = await competenceLab(t, 'Nguyễn Thị Ánh'));
  // The signer's printed name is the manager's profile name.
  expect((await t.call('PATCH', `/v1/users/${manager.id}`, { token: manager.token, body: { name: 'Çağlar Øster' } })).status).toBe(200);
});

afterAll(() => t.close());

describe('Electronic signature of authorizations', () => {
  test('When the manager signs with a fresh password after the technician passed the required item, then the record keeps the printed name, date, meaning and the score; a stale password, the admin or a technician are refused and nothing changes', async () => {
    const body = { userId: technician.id, activity: 'Coleta de sangue venoso', meaning: 'AUTHORIZE', requiredItems: [{ itemType: 'CONTENT', itemId: contentId }] };
    let token = await reauthenticate(manager);
    const before = await snapshotData(t.db);
    const notYet = await sign(token, body);
    expectErrorShape(notYet, 409);
    expect(notYet.body).toMatchObject({ code: 'REQUIREMENTS_NOT_MET', message: 'Nguyễn Thị Ánh ainda não concluiu "POP de biossegurança" na revisão em vigor: a autorização exige esse item.' });
    const byAdmin = await sign(await reauthenticate(admin), body);
    expectErrorShape(byAdmin, 403);
    expect(byAdmin.body).toMatchObject({ code: 'ADMIN_CANNOT_SIGN', message: 'O administrador consulta as autorizações, mas só o gestor do laboratório as assina.' });
    expectErrorShape(await sign(await reauthenticate(technician), body), 404);
    expect(await snapshotData(t.db)).toBe(before);

    const attempt = await t.call('POST', `/v1/assessments/contents/${contentId}/attempts`, { token: technician.token });
    const question = attempt.body.questions[0];
    const answer = [{ questionId: question.id, optionIds: [question.options.find((o: { text: string }) => o.text === 'Caixa rígida').id] }];
    expect((await t.call('POST', `/v1/assessments/attempts/${attempt.body.id}/submission`, { token: technician.token, body: { answers: answer } })).body.passed).toBe(true);

    // Six minutes after typing the password: asked again.
    t.clock.set(new Date(Date.now() + 6 * 60_000));
    const stale = await sign(token, body);
    expectErrorShape(stale, 403);
    expect(stale.body).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'Para assinar, confirme sua senha de novo: a assinatura eletrônica exige que a senha tenha sido digitada há no máximo 5 minutos.',
    });

    token = await reauthenticate(manager);
    const signed = await sign(token, body);
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({
      kind: 'AUTHORIZATION',
      subjectName: 'Nguyễn Thị Ánh',
      activity: 'Coleta de sangue venoso',
      requiredItems: [{ title: 'POP de biossegurança', scorePercent: 100 }],
      signature: { printedName: 'Çağlar Øster', meaning: 'AUTHORIZE', meaningText: 'Autorizo' },
      revokedBy: null,
    });
    expect(signed.body.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(signed.body.signature.signedAt) - Date.now())).toBeLessThan(60_000);

    // A correction is a new signed record that revokes the first; a withdrawal another; twice is refused.
    const corrected = await sign(token, { ...body, activity: 'Coleta de sangue venoso e arterial', meaning: 'REVIEW_APPROVE', replaces: signed.body.id, reason: 'Inclui a coleta arterial' });
    expect(corrected.status).toBe(201);
    expect(corrected.body).toMatchObject({ revokes: signed.body.id, signature: { meaningText: 'Revisei e aprovo' } });
    const againOld = await sign(token, { ...body, replaces: signed.body.id });
    expectErrorShape(againOld, 409);
    const revoked = await t.call('POST', `/v1/authorizations/records/${corrected.body.id}/revocation`, { token, body: { reason: 'Afastada da coleta' } });
    expect(revoked.status).toBe(201);
    expect(revoked.body).toMatchObject({ kind: 'REVOCATION', signature: { meaningText: 'Revogo' } });
    const twice = await t.call('POST', `/v1/authorizations/records/${corrected.body.id}/revocation`, { token, body: { reason: 'De novo' } });
    expectErrorShape(twice, 409);
    expect(twice.body.code).toBe('ALREADY_REVOKED');

    const list = await t.call('GET', `/v1/authorizations/accounts/${accountId}`, { token: admin.token });
    const byId = new Map(list.body.data.map((record: { id: string }) => [record.id, record]));
    expect(byId.get(signed.body.id)).toMatchObject({ revokedBy: { id: corrected.body.id } });
    expect(byId.get(corrected.body.id)).toMatchObject({ revokedBy: { id: revoked.body.id, reason: 'Afastada da coleta' } });

    const audit = await t.call('GET', `/v1/authorizations/accounts/${accountId}/audit`, { token: manager.token, query: { limit: 50 } });
    expect(audit.body.data.map((entry: { action: string }) => entry.action)).toEqual(['AUTHORIZATION_REVOKED', 'AUTHORIZATION_SIGNED', 'AUTHORIZATION_SIGNED']);
    expect(audit.body.data[2]).toMatchObject({ actorName: 'Çağlar Øster', summary: 'Assinou (Autorizo) a autorização de Nguyễn Thị Ánh para "Coleta de sangue venoso".' });
  });

  test('When the manager downloads the technician\'s dossier, then the PDF names the technician, the signer and the function, lists the item, score, attempts and authorizations, and prints the SHA-256 of the CSV with a link that confirms it', async () => {
    const fn = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
      token: manager.token,
      body: { name: 'Técnico de coleta', requirements: [{ itemType: 'CONTENT', itemId: contentId, validityMonths: 12 }] },
    });
    await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${fn.body.id}/assignees/${technician.id}`, { token: manager.token });
    const path = `/v1/competence/accounts/${accountId}/people/${technician.id}/dossier`;
    const csv = await fetch(`${t.url}${path}.csv`, { headers: { authorization: `Bearer ${manager.token}` } });
    expect(csv.status).toBe(200);
    const csvBytes = Buffer.from(await csv.arrayBuffer());
    const sha256 = createHash('sha256').update(csvBytes).digest('hex');
    expect(csv.headers.get('x-clube-sha256')).toBe(sha256);
    const csvText = csvBytes.toString('utf8');
    expect(csvText).toContain('Requisito;Nguyễn Thị Ánh;Técnico de coleta;POP de biossegurança;;Em dia;');
    expect(csvText).toMatch(/;100;100;1;/); // score, pass mark, attempts
    expect(csvText).toContain('Autorização;Nguyễn Thị Ánh;Coleta de sangue venoso;POP de biossegurança;;Revogada em');
    expect(csvText).not.toContain(technician.account.email);

    const pdf = await fetch(`${t.url}${path}.pdf`, { headers: { authorization: `Bearer ${manager.token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Dossiê de competência', 'Nguyễn Thị Ánh', 'Çağlar Øster', 'Técnico de coleta', 'POP de biossegurança', '100 % / 100 %', 'Autorizo', 'Revisei e aprovo', sha256]) {
      expect(text).toContain(expected);
    }
    const link = /Confira em: (\S+)/.exec(text)![1]!;
    const check = await fetch(link);
    expect(await check.json()).toMatchObject({ format: 'PDF', subjectName: 'Nguyễn Thị Ánh', generatedByName: 'Çağlar Øster', sha256 });

    // The person reads their own; another member and a stranger's id get 404.
    expect((await t.call('GET', `${path}.csv`, { token: technician.token })).status).toBe(200);
    const outsider = await createActor(t);
    const refused = await t.call('GET', `${path}.pdf`, { token: outsider.token });
    expectErrorShape(refused, 404);
    expect(refused.body.message).toBe('Pessoa não encontrada na equipe deste laboratório.');
  });

  test('When the admin signs the revocation of a certificate, then its public page says Revogado; the manager cannot, and twice is refused', async () => {
    const holder = await t.app.usersRepository.findById(technician.id);
    const certificate = await t.app.certificatesRepository.issueForCompletion(holder!, { _id: new ObjectId(), title: 'Coleta segura', durationSeconds: 1800 }, t.app.clock.now(), async () => null);
    const path = `/v1/authorizations/certificates/${certificate.code.toLowerCase()}/revocation`;
    expectErrorShape(await t.call('POST', path, { token: await reauthenticate(manager), body: { reason: 'Fraude' } }), 403);
    const token = await reauthenticate(admin);
    const revoked = await t.call('POST', path, { token, body: { reason: 'Emitido por engano' } });
    expect(revoked.status).toBe(201);
    expect(revoked.body).toMatchObject({ kind: 'CERTIFICATE_REVOCATION', subjectName: 'Nguyễn Thị Ánh', signature: { meaningText: 'Revogo' } });
    expect((await t.call('GET', `/v1/certificates/${certificate.code}`)).body).toMatchObject({ status: 'REVOKED', statusLabel: 'Revogado' });
    const twice = await t.call('POST', path, { token, body: { reason: 'De novo' } });
    expectErrorShape(twice, 409);
    expect(twice.body.message).toBe('Este certificado já foi revogado.');
  });

  test('When the routes are listed, then no route changes or deletes a signed record (append-only)', () => {
    const writes = t.routes.filter((route) => route.includes('/v1/authorizations') && !/^(GET|HEAD|POST) /.test(route));
    expect(writes).toEqual([]);
  });
});
