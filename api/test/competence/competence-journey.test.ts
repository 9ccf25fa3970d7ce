import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { COLLECTIONS } from '../helpers/collections';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createContent, createVideo } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { pdfText } from '../helpers/pdf-text';
import { addTechnician, labManager } from '../helpers/team';

/**
 * The competence dossier's journey through the API (issue 31): a laboratory's manager names a
 * function requiring a video with an assessment and assigns a technician; the technician fails,
 * then passes (graded on the server, the key never sent before) and gets the certificate; a new
 * revision of the document supersedes it and makes the item due again; past the function's
 * validity the certificate reads "Vencido".
 */
let t: BillingTestApp;
let admin: TestActor;
let outsider: TestActor;
let manager: TestActor;
let technician: TestActor;
let accountId: string;
let categoryId: string;

const QUIZ = {
  passMarkPercent: 70,
  maxAttempts: 3,
  questions: [
    {
      kind: 'SINGLE',
      text: 'Qual a ordem de coleta dos tubos?',
      explanation: 'A ordem evita contaminação por aditivos (CLSI GP41).',
      options: [
        { text: 'Hemocultura, citrato, soro, heparina, EDTA, fluoreto', correct: true },
        { text: 'EDTA, soro, citrato, hemocultura', correct: false },
        { text: 'Qualquer ordem', correct: false },
      ],
    },
    {
      kind: 'MULTIPLE',
      text: 'O que se confere antes da punção?',
      explanation: null,
      options: [
        { text: 'Identificação do paciente', correct: true },
        { text: 'Validade dos tubos', correct: true },
        { text: 'A cor da camisa do paciente', correct: false },
      ],
    },
  ],
};
const RIGHT = new Set(['Hemocultura, citrato, soro, heparina, EDTA, fluoreto', 'Identificação do paciente', 'Validade dos tubos']);

interface OpenQuestion {
  id: string;
  kind: string;
  text: string;
  options: { id: string; text: string }[];
}

/** Answers every question: `right` picks exactly the correct options by their text, else one wrong option. */
const answersFor = (questions: OpenQuestion[], right: boolean) =>
  questions.map((question) => ({
    questionId: question.id,
    optionIds: right
      ? question.options.filter((option) => RIGHT.has(option.text)).map((option) => option.id)
      : [question.options.find((option) => !RIGHT.has(option.text))!.id],
  }));

async function newVideoWithQuiz(quiz: Record<string, unknown> = QUIZ) {
  const video = await createVideo(t, admin, categoryId, { durationSeconds: 600, source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/coleta' }, title: `Coleta de sangue venoso ${Math.random().toString(36).slice(2, 7)}` });
  const saved = await t.call('PUT', `/v1/assessments/videos/${video._id}`, { token: admin.token, body: quiz });
  expect(saved.status).toBe(200);
  return video._id;
}

/** Watches the 600 s video to the end, 120 s of video per 120 s of clock (every step credited). */
async function watch(actor: TestActor, videoId: string) {
  for (let position = 0; position <= 600; position += 120) {
    if (position) t.clock.advanceDays(120 / 86_400);
    const report = await t.call('PUT', `/v1/me/progress/videos/${videoId}`, { token: actor.token, body: { positionSeconds: position, durationSeconds: 600 } });
    expect(report.status).toBe(200);
  }
}

const start = (actor: TestActor, videoId: string) => t.call('POST', `/v1/assessments/videos/${videoId}/attempts`, { token: actor.token });
const submit = (actor: TestActor, attemptId: string, answers: unknown) =>
  t.call('POST', `/v1/assessments/attempts/${attemptId}/submission`, { token: actor.token, body: { answers } });
const trail = async () => {
  const result = await t.call('GET', '/v1/me/trail', { token: technician.token });
  expect(result.status).toBe(200);
  return result.body.data as { status: string; document: string | null; dueAt: string | null; validUntil: string | null; scorePercent: number | null }[];
};
const publicCertificate = async (code: string) => {
  const result = await t.call('GET', `/v1/certificates/${code}`);
  expect(result.status).toBe(200);
  return result.body;
};

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  [admin, outsider] = await Promise.all([createActor(t, 'ADMIN', 'Admin do Clube'), createActor(t, 'USER', 'Pessoa de Fora')]);
  categoryId = (await createCategory(t, admin))._id;
  ({ manager } = await labManager(t, t.plans.mensal, 3));
  technician = await addTechnician(t, manager, 'Nguyễn Thị Ánh');
  accountId = (await t.call('GET', '/v1/team', { token: manager.token })).body.account.id;
});

afterAll(() => t.close());

describe('Competence dossier: function, assessment, revision, expiry', () => {
  test('When the manager requires a video with an assessment and the technician fails, passes, a new revision comes and a year passes, then the certificate reads Válido, Substituído, then Vencido, and Minha trilha follows', async () => {
    const videoId = await newVideoWithQuiz();
    const controlled = await t.call('POST', `/v1/revisions/videos/${videoId}`, {
      token: admin.token,
      body: { documentCode: 'pop-col-003', revision: 3, effectiveDate: '2026-03-01', changeSummary: 'Versão controlada inicial' },
    });
    expect(controlled.status).toBe(201);
    expect(controlled.body).toMatchObject({ label: 'POP-COL-003 rev. 3', first: true, retrainingDueAt: null });

    const created = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
      token: manager.token,
      body: { name: 'Técnico de coleta', requirements: [{ itemType: 'VIDEO', itemId: videoId, validityMonths: 12 }], dueDays: 20 },
    });
    expect(created.status).toBe(201);
    const assigned = await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${created.body.id}/assignees/${technician.id}`, { token: manager.token });
    expect(assigned.status).toBe(200);
    expect(assigned.body.people).toEqual([expect.objectContaining({ userId: technician.id, name: 'Nguyễn Thị Ánh' })]);
    expect(await trail()).toEqual([expect.objectContaining({ status: 'PENDING', document: 'POP-COL-003 rev. 3', dueAt: '2026-03-30T12:00:00.000Z' })]);

    // Before watching it to the end there is no attempt.
    const early = await start(technician, videoId);
    expectErrorShape(early, 409);
    expect(early.body).toMatchObject({ code: 'ITEM_NOT_FINISHED', message: 'Assista ao vídeo até o fim antes de fazer a avaliação.' });

    await watch(technician, videoId);
    // Watched, but the video has an assessment: no certificate yet.
    expect((await t.call('GET', '/v1/me/certificates', { token: technician.token })).body.data).toEqual([]);

    const first = await start(technician, videoId);
    expect(first.status).toBe(201);
    expect(first.body.questions).toHaveLength(2);
    const failed = await submit(technician, first.body.id, answersFor(first.body.questions, false));
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ number: 1, passed: false, scorePercent: 0, correctCount: 0, certificateCode: null });
    // After submission the key and the explanation come back.
    expect(failed.body.questions.flatMap((q: { options: { correct: boolean; text: string }[] }) => q.options.filter((o) => o.correct).map((o) => o.text)).sort()).toEqual(
      [...RIGHT].sort(),
    );

    const second = await start(technician, videoId);
    expect(second.body.number).toBe(2);
    const passed = await submit(technician, second.body.id, answersFor(second.body.questions, true));
    expect(passed.body).toMatchObject({ number: 2, passed: true, scorePercent: 100, correctCount: 2 });
    const code = passed.body.certificateCode as string;
    expect(code).toMatch(/^[0-9A-Z]{10}$/);

    const valid = await publicCertificate(code);
    expect(valid).toMatchObject({
      holderName: 'Nguyễn Thị Ánh',
      status: 'VALID',
      statusLabel: 'Válido',
      document: { code: 'POP-COL-003', revision: 3, label: 'POP-COL-003 rev. 3' },
      currentRevision: 3,
    });
    expect(valid.validUntil.slice(0, 10)).toBe('2027-03-10');
    expect(JSON.stringify(valid)).not.toContain(technician.account.email);
    const view = await t.call('GET', `/v1/assessments/videos/${videoId}`, { token: technician.token });
    expect(view.body).toMatchObject({ passed: true, attemptsUsed: 0, attempts: [{ number: 1, passed: false }, { number: 2, passed: true }] });
    expect(await trail()).toEqual([expect.objectContaining({ status: 'VALID', scorePercent: 100 })]);

    // The admin publishes revision 4: the certificate is superseded and the item is due again in 15 days.
    const revised = await t.call('POST', `/v1/revisions/videos/${videoId}`, {
      token: admin.token,
      body: { documentCode: 'POP-COL-003', revision: 4, effectiveDate: '2026-04-01', changeSummary: 'Novo tubo de citrato', dueInDays: 15 },
    });
    expect(revised.status).toBe(201);
    expect(await publicCertificate(code)).toMatchObject({ status: 'SUPERSEDED', statusLabel: 'Substituído (nova revisão do documento)', currentRevision: 4 });
    const due = await trail();
    expect(due).toEqual([expect.objectContaining({ status: 'REVISION_DUE', document: 'POP-COL-003 rev. 4' })]);
    expect(Date.parse(due[0]!.dueAt!) - Date.parse(revised.body.publishedAt)).toBe(15 * 86_400_000);
    // A new revision gives new attempts; passing it issues a new version of the certificate.
    const third = await start(technician, videoId);
    expect(third.body).toMatchObject({ number: 1, revision: 4 });
    const renewed = await submit(technician, third.body.id, answersFor(third.body.questions, true));
    const newCode = renewed.body.certificateCode as string;
    expect(newCode).not.toBe(code);
    expect(await publicCertificate(newCode)).toMatchObject({ status: 'VALID', version: 2, document: { label: 'POP-COL-003 rev. 4' } });
    expect(await publicCertificate(code)).toMatchObject({ status: 'SUPERSEDED', supersededBy: newCode });

    // Thirteen months later the qualification is past its 12 months.
    t.clock.advanceDays(396);
    expect(await publicCertificate(newCode)).toMatchObject({ status: 'EXPIRED', statusLabel: 'Vencido' });
    expect(await trail()).toEqual([expect.objectContaining({ status: 'EXPIRED', overdue: true })]);
  });

  test('When an attempt is open, then no answer of the member, the item or the attempt carries the key or an explanation', async () => {
    const videoId = await newVideoWithQuiz();
    await watch(technician, videoId);
    const responses = [
      await t.call('GET', `/v1/assessments/videos/${videoId}`, { token: technician.token }),
      await start(technician, videoId),
      await start(technician, videoId), // resumes the open one
      await t.call('GET', `/v1/assessments/videos/${videoId}`, { token: technician.token }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 201, 201, 200]);
    expect(responses[2]!.body.id).toBe(responses[1]!.body.id);
    for (const response of responses) {
      const text = JSON.stringify(response.body);
      expect(text).not.toMatch(/"correct"|explanation|CLSI/);
    }
    // Only the admin reads the key.
    expect((await t.call('GET', `/v1/assessments/videos/${videoId}/key`, { token: technician.token })).status).toBe(403);
    const key = await t.call('GET', `/v1/assessments/videos/${videoId}/key`, { token: admin.token });
    expect(key.body.questions[0].options.some((o: { correct: boolean }) => o.correct)).toBe(true);
  });

  test('When answers are incomplete, foreign or sent twice, or the attempts run out, then a 4xx in Portuguese and nothing changes', async () => {
    const videoId = await newVideoWithQuiz({ ...QUIZ, maxAttempts: 1 });
    await watch(technician, videoId);
    const attempt = await start(technician, videoId);
    const questions = attempt.body.questions as OpenQuestion[];
    const before = await snapshotData(t.db);

    const partial = await submit(technician, attempt.body.id, answersFor(questions, true).slice(0, 1));
    expectErrorShape(partial, 400);
    expect(partial.body.code).toBe('UNANSWERED_QUESTION');
    expect(partial.body.message).toMatch(/^Responda a pergunta \d antes de enviar\.$/);
    const single = questions.find((q) => q.kind === 'SINGLE')!;
    const twoOnSingle = answersFor(questions, true).map((a) => (a.questionId === single.id ? { ...a, optionIds: single.options.slice(0, 2).map((o) => o.id) } : a));
    const tooMany = await submit(technician, attempt.body.id, twoOnSingle);
    expectErrorShape(tooMany, 400);
    expect(tooMany.body.message).toMatch(/aceita uma opção só/);
    const someoneElse = await submit(outsider, attempt.body.id, answersFor(questions, true));
    expectErrorShape(someoneElse, 404);
    expect(someoneElse.body).toMatchObject({ code: 'ATTEMPT_NOT_FOUND', message: 'Tentativa não encontrada.' });
    expect(await snapshotData(t.db)).toBe(before);

    expect((await submit(technician, attempt.body.id, answersFor(questions, false))).body.passed).toBe(false);
    const twice = await submit(technician, attempt.body.id, answersFor(questions, true));
    expectErrorShape(twice, 409);
    expect(twice.body.code).toBe('ATTEMPT_ALREADY_SUBMITTED');
    const exhausted = await start(technician, videoId);
    expectErrorShape(exhausted, 409);
    expect(exhausted.body).toMatchObject({
      code: 'ATTEMPTS_EXHAUSTED',
      message: 'Você já usou a única tentativa desta avaliação nesta revisão do documento. Fale com o gestor do laboratório.',
    });
  });

  test('When someone other than the laboratory manager manages functions, then 403 for the admin, 404 for others, and nothing changes', async () => {
    const videoId = await newVideoWithQuiz();
    const body = { name: 'Analista de microbiologia', requirements: [{ itemType: 'VIDEO', itemId: videoId, validityMonths: 24 }] };
    const before = await snapshotData(t.db);
    const byAdmin = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, { token: admin.token, body });
    expectErrorShape(byAdmin, 403);
    expect(byAdmin.body).toMatchObject({ code: 'MANAGER_ONLY', message: 'Só o gestor do laboratório define as funções e quem as exerce; o administrador apenas consulta.' });
    for (const actor of [technician, outsider]) {
      const refused = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, { token: actor.token, body });
      expectErrorShape(refused, 404);
      expect(refused.body.message).toBe('Laboratório não encontrado.');
      expect((await t.call('GET', `/v1/competence/accounts/${accountId}/functions`, { token: actor.token })).status).toBe(404);
    }
    const badInput = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
      token: manager.token,
      body: { ...body, requirements: [...body.requirements, ...body.requirements] },
    });
    expectErrorShape(badInput, 400);
    expect(badInput.body.message).toBe('Cada item entra uma vez só nos requisitos da função.');
    expect(await snapshotData(t.db)).toBe(before);

    const created = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, { token: manager.token, body });
    expect(created.status).toBe(201);
    const again = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, { token: manager.token, body: { ...body, name: ' analista de MICROBIOLOGIA ' } });
    expectErrorShape(again, 409);
    const notInTeam = await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${created.body.id}/assignees/${outsider.id}`, { token: manager.token });
    expectErrorShape(notInTeam, 400);
    expect(notInTeam.body.code).toBe('NOT_A_TEAM_MEMBER');
    const adminReads = await t.call('GET', `/v1/competence/accounts/${accountId}/functions`, { token: admin.token });
    expect(adminReads.body.data.map((fn: { name: string }) => fn.name)).toContain('Analista de microbiologia');
  });

  test('When a required video has no assessment, then watching it to the end completes it on Minha trilha and issues the certificate', async () => {
    const video = await createVideo(t, admin, categoryId, { durationSeconds: 600, source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/epi' }, title: 'Uso de EPI' });
    const created = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
      token: manager.token,
      body: { name: `Recepção ${Math.random().toString(36).slice(2, 7)}`, requirements: [{ itemType: 'VIDEO', itemId: video._id, validityMonths: null }] },
    });
    await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${created.body.id}/assignees/${technician.id}`, { token: manager.token });
    const line = async () => (await trail()).find((entry) => (entry as unknown as { itemId: string }).itemId === video._id)!;
    expect(await line()).toMatchObject({ status: 'PENDING' });
    await watch(technician, video._id);
    expect(await line()).toMatchObject({ status: 'VALID', validUntil: null, scorePercent: null });
    const certificates = (await t.call('GET', '/v1/me/certificates', { token: technician.token })).body.data as { videoId: string }[];
    expect(certificates.some((certificate) => certificate.videoId === video._id)).toBe(true);
  });

  test('When a qualification is 30 and then 7 days from expiring, then the technician and the manager get one reminder e-mail each time, however often the job runs', async () => {
    const title = `Higienização das mãos ${Math.random().toString(36).slice(2, 7)}`;
    const video = await createVideo(t, admin, categoryId, { durationSeconds: 600, source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/maos' }, title });
    const created = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
      token: manager.token,
      body: { name: `Higiene ${Math.random().toString(36).slice(2, 7)}`, requirements: [{ itemType: 'VIDEO', itemId: video._id, validityMonths: 2 }] },
    });
    await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${created.body.id}/assignees/${technician.id}`, { token: manager.token });
    await watch(technician, video._id);
    const reminders = async () =>
      (await t.db.collection<{ key: string; payload: { to: string; data: { itemTitle: string } } }>(COLLECTIONS.jobs).find({}).toArray())
        .filter((job) => job.key.startsWith('email:dossier-expiry-reminder:') && job.payload.data.itemTitle.startsWith(title))
        .map((job) => ({ to: job.payload.to, item: job.payload.data.itemTitle }));

    await t.app.competenceReminders.run();
    expect(await reminders()).toEqual([]); // two months ahead: nothing yet
    t.clock.advanceDays(35);
    await t.app.competenceReminders.run();
    await t.app.competenceReminders.run();
    const thirty = await reminders();
    expect(thirty).toEqual([
      { to: technician.account.email, item: title },
      { to: manager.account.email, item: `${title} (Nguyễn Thị Ánh)` },
    ]);
    t.clock.advanceDays(20);
    await t.app.competenceReminders.run();
    expect(await reminders()).toHaveLength(4);
    expect((await trail()).find((line) => (line as unknown as { itemId: string }).itemId === video._id)).toMatchObject({ status: 'EXPIRING' });
  });

  test('When a revision keeps no code or goes back in number, then 400/409 in Portuguese and nothing is published', async () => {
    const videoId = await newVideoWithQuiz();
    const publish = (body: Record<string, unknown>, token = admin.token) => t.call('POST', `/v1/revisions/videos/${videoId}`, { token, body });
    expect((await publish({ documentCode: 'POP-MIC-010', revision: 2, effectiveDate: '2026-02-01', changeSummary: 'Inicial' })).status).toBe(201);
    const before = await snapshotData(t.db);
    const otherCode = await publish({ documentCode: 'POP-MIC-011', revision: 3, effectiveDate: '2026-02-01', changeSummary: 'Outro' });
    expectErrorShape(otherCode, 400);
    expect(otherCode.body.code).toBe('DOCUMENT_CODE_MISMATCH');
    const older = await publish({ documentCode: 'POP-MIC-010', revision: 2, effectiveDate: '2026-02-01', changeSummary: 'De novo' });
    expectErrorShape(older, 409);
    expect(older.body.message).toBe('A nova revisão precisa ter número maior que a vigente (POP-MIC-010 rev. 2).');
    const badDate = await publish({ documentCode: 'POP-MIC-010', revision: 5, effectiveDate: '2026-02-30', changeSummary: 'Data' });
    expectErrorShape(badDate, 400);
    expect(badDate.body.message).toBe('Data de vigência inválida: use AAAA-MM-DD.');
    expect((await publish({ documentCode: 'POP-MIC-010', revision: 5, effectiveDate: '2026-02-01', changeSummary: 'Membro' }, manager.token)).status).toBe(403);
    expect(await snapshotData(t.db)).toBe(before);
  });

  test('When the admin saves a quiz that keeps its order, then every attempt shows the questions and options as written; by default the key says they are shuffled', async () => {
    const itemId = (await createContent(t, admin, categoryId, { attachments: [] }))._id as string;
    const questions = Array.from({ length: 5 }, (_, index) => ({
      kind: 'SINGLE',
      text: `Pergunta em ordem ${index + 1}`,
      options: ['A', 'B', 'C', 'D'].map((letter, option) => ({ text: `Opção ${letter}`, correct: option === 0 })),
    }));
    const saved = await t.call('PUT', `/v1/assessments/contents/${itemId}`, { token: admin.token, body: { passMarkPercent: 60, maxAttempts: 1, shuffle: false, questions } });
    expect(saved.status).toBe(200);
    expect(saved.body.shuffle).toBe(false);
    const attempt = await t.call('POST', `/v1/assessments/contents/${itemId}/attempts`, { token: technician.token });
    expect(attempt.status).toBe(201);
    const shown = (attempt.body.questions as OpenQuestion[]).map((question) => [question.text, question.options.map((option) => option.text).join(' ')]);
    expect(shown).toEqual(questions.map((question) => [question.text, 'Opção A Opção B Opção C Opção D']));

    const reset = await t.call('PUT', `/v1/assessments/contents/${itemId}`, { token: admin.token, body: { passMarkPercent: 60, maxAttempts: 1, questions } });
    expect(reset.body).toMatchObject({ shuffle: true, version: 2 });
    expect((await t.call('GET', `/v1/assessments/contents/${itemId}/key`, { token: admin.token })).body.shuffle).toBe(true);
  });

  test('When the admin is about to publish a new revision, then the API says how many people it makes due again (each once) and how many completions it supersedes', async () => {
    // A FREE content with the quiz: nothing to watch before the attempt.
    const itemId = (await createContent(t, admin, categoryId, { attachments: [] }))._id as string;
    expect((await t.call('PUT', `/v1/assessments/contents/${itemId}`, { token: admin.token, body: QUIZ })).status).toBe(200);
    const impact = async () => {
      const result = await t.call('GET', `/v1/revisions/contents/${itemId}/impact`, { token: admin.token });
      expect(result.status).toBe(200);
      return result.body;
    };
    expect(await impact()).toEqual({ people: 0, completionsInForce: 0 });
    for (const name of ['Coletor A', 'Coletor B']) {
      const fn = await t.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
        token: manager.token,
        body: { name: `${name} ${itemId.slice(-6)}`, requirements: [{ itemType: 'CONTENT', itemId, validityMonths: 12 }] },
      });
      expect(fn.status).toBe(201);
      expect((await t.call('PUT', `/v1/competence/accounts/${accountId}/functions/${fn.body.id}/assignees/${technician.id}`, { token: manager.token })).status).toBe(200);
    }
    // The technician holds two functions requiring the content: one person.
    expect(await impact()).toEqual({ people: 1, completionsInForce: 0 });

    const attempt = await t.call('POST', `/v1/assessments/contents/${itemId}/attempts`, { token: technician.token });
    expect(attempt.status).toBe(201);
    expect((await submit(technician, attempt.body.id, answersFor(attempt.body.questions, true))).body.passed).toBe(true);
    expect(await impact()).toEqual({ people: 1, completionsInForce: 1 });

    const publish = (revision: number) =>
      t.call('POST', `/v1/revisions/contents/${itemId}`, { token: admin.token, body: { documentCode: 'POP-IMP-001', revision, effectiveDate: '2026-03-01', changeSummary: `Revisão ${revision}` } });
    expect((await publish(1)).status).toBe(201);
    expect((await publish(2)).status).toBe(201);
    expect(await impact()).toEqual({ people: 1, completionsInForce: 0 });

    const missing = await t.call('GET', `/v1/revisions/contents/${'0'.repeat(24)}/impact`, { token: admin.token });
    expectErrorShape(missing, 404);
    expect(missing.body.message).toBe('Item não encontrado no catálogo.');
  });

  test('When the manager opens the laboratory matrix, then each person with a function has a cell per requirement and the share in order; the CSV and the PDF say the same; others cannot', async () => {
    const matrix = await t.call('GET', `/v1/competence/accounts/${accountId}/matrix`, { token: manager.token });
    expect(matrix.status).toBe(200);
    const row = matrix.body.people.find((person: { userId: string }) => person.userId === technician.id);
    expect(row.name).toBe('Nguyễn Thị Ánh');
    const statuses = row.cells.map((cell: { status: string }) => cell.status);
    const inOrder = statuses.filter((status: string) => status === 'VALID' || status === 'EXPIRING').length;
    expect(row).toMatchObject({ required: statuses.length, inOrder, percentInOrder: Math.round((inOrder * 1000) / statuses.length) / 10 });
    expect(statuses).toContain('VALID');
    expect(statuses.length).toBeGreaterThan(inOrder);

    const csv = await t.call('GET', `/v1/competence/accounts/${accountId}/matrix.csv`, { token: admin.token });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toContain('Pessoa;Função;Item;Documento em vigor;Situação');
    expect(lines.filter((line) => line.startsWith('Nguyễn Thị Ánh;'))).toHaveLength(statuses.length);

    // The same matrix as PDF, for the auditor: the share in order, per person, and each person × requirement.
    const pdf = await fetch(`${t.url}/v1/competence/accounts/${accountId}/matrix.pdf`, { headers: { authorization: `Bearer ${manager.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    const share = `${inOrder} de ${statuses.length} ${String(row.percentInOrder).replace('.', ',')} %`;
    for (const expected of ['Matriz de competência (ISO/IEC 17025, 6.2)', `Requisitos em dia no laboratório: ${String(matrix.body.percentInOrder).replace('.', ',')} %`, 'Nguyễn Thị Ánh', share, 'Técnico de coleta', 'Em dia', 'Gestora do Laboratório']) {
      expect(text).toContain(expected);
    }
    for (const actor of [technician, outsider]) {
      expectErrorShape(await t.call('GET', `/v1/competence/accounts/${accountId}/matrix`, { token: actor.token }), 404);
      expect((await fetch(`${t.url}/v1/competence/accounts/${accountId}/matrix.pdf`, { headers: { authorization: `Bearer ${actor.token}` } })).status).toBe(404);
    }
  });
});
