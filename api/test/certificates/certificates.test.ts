import jsQR from 'jsqr';
import { ObjectId } from 'mongodb';
import { PNG } from 'pngjs';
import { COLLECTIONS } from '../helpers/collections';
import { createActor, createActors, startTestApp, type Actors, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createVideo } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { pdfText } from '../helpers/pdf-text';

/**
 * Certificates of completion (issue 16): issued by the 90 % rule, once; a corrected name issues a
 * new version; anyone verifies a code (JSON, PDF, QR code) without signing in.
 */
let testApp: TestApp;
let actors: Actors;
let categoryId: string;
let nowMs = Date.parse('2026-03-10T15:00:00Z');
const tick = (seconds: number) => {
  nowMs += seconds * 1000;
};

const LABORATORY = {
  name: 'Laboratório Vida',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};
const CODE = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs), config: { publicWebUrl: 'https://clube.example' } });
  actors = await createActors(testApp);
  categoryId = (await createCategory(testApp, actors.admin))._id;
});

afterAll(() => testApp.close());

/** A FREE video of 1 h 30 (1,5 h) on YouTube (progress works the same for every source). */
const newVideo = (overrides: Record<string, unknown> = {}) =>
  createVideo(testApp, actors.admin, categoryId, {
    durationSeconds: 5400,
    source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/certificado' },
    ...overrides,
  });

const report = (actor: TestActor, videoId: string, positionSeconds: number, durationSeconds = 5400) =>
  testApp.call('PUT', `/v1/me/progress/videos/${videoId}`, { token: actor.token, body: { positionSeconds, durationSeconds } });

/** Watches from 0 to `to` seconds in steps of 900 s of video and of clock (every step is credited). */
async function watch(actor: TestActor, videoId: string, to: number) {
  let last = await report(actor, videoId, 0);
  for (let position = 900; position <= to; position += 900) {
    tick(900);
    last = await report(actor, videoId, position);
  }
  if (to % 900 !== 0) {
    tick(to % 900);
    last = await report(actor, videoId, to);
  }
  return last;
}

const myCertificates = async (actor: TestActor) => {
  const result = await testApp.call('GET', '/v1/me/certificates', { token: actor.token });
  expect(result.status).toBe(200);
  return result.body.data as { code: string; version: number; videoId: string; videoTitle: string; hours: number; completedAt: string; issuedAt: string }[];
};

const bytes = async (path: string) => {
  const response = await fetch(`${testApp.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
};

async function memberWithLaboratory(name = 'Maria Técnica') {
  const member = await createActor(testApp, 'USER', name);
  const saved = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { laboratory: LABORATORY } });
  expect(saved.status).toBe(200);
  return member;
}

describe('Issuing', () => {
  test('When an 8-second video is finished, then the certificate states 8 s of workload (not 0,1 h), on the page and in the PDF', async () => {
    const member = await memberWithLaboratory('Teo Curto');
    const video = await newVideo({ title: 'Vídeo de oito segundos', durationSeconds: 8 });
    await report(member, video._id, 0, 8);
    tick(8);
    expect((await report(member, video._id, 8, 8)).body).toMatchObject({ finished: true });
    const [certificate] = await myCertificates(member);
    expect(certificate).toMatchObject({ workload: '8 s' });
    expect((await testApp.call('GET', `/v1/certificates/${certificate!.code}`)).body.workload).toBe('8 s');
    const text = (await pdfText((await bytes(`/v1/certificates/${certificate!.code}/pdf`)).body)).replace(/\s+/g, ' ');
    expect(text).toContain('com carga horária de 8 s,');
  });

  test('When a member watches 89 % there is no certificate; at 90 % one is issued with name, video, hours, date and laboratory', async () => {
    const member = await memberWithLaboratory('Maria Técnica');
    const video = await newVideo({ title: 'Biossegurança na coleta' });
    await watch(member, video._id, 4806); // 89 %
    expect(await myCertificates(member)).toEqual([]);

    tick(54);
    const finished = await report(member, video._id, 4860); // 90 %
    expect(finished.body).toMatchObject({ finished: true });

    const [certificate] = await myCertificates(member);
    expect(certificate).toEqual({
      code: expect.stringMatching(CODE),
      version: 1,
      videoId: video._id,
      videoTitle: 'Biossegurança na coleta',
      hours: 1.5,
      workload: '1 h 30 min',
      completedAt: finished.body.finishedAt,
      issuedAt: finished.body.finishedAt,
    });

    const page = await testApp.call('GET', `/v1/certificates/${certificate!.code}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      code: certificate!.code,
      version: 1,
      holderName: 'Maria Técnica',
      videoTitle: 'Biossegurança na coleta',
      hours: 1.5,
      workload: '1 h 30 min',
      completedAt: finished.body.finishedAt,
      issuedAt: finished.body.finishedAt,
      laboratory: { name: 'Laboratório Vida', cnpj: '11222333000181' },
      current: true,
      supersededBy: null,
      history: [{ code: certificate!.code, version: 1, holderName: 'Maria Técnica', issuedAt: finished.body.finishedAt }],
      // Issue 31: a video outside document control, held by no function with a validity, is simply valid.
      status: 'VALID',
      statusLabel: 'Válido',
      document: null,
      currentRevision: null,
      validUntil: null,
    });
  });

  test('When a finished video is reported again, or two finishing reports race, then one certificate exists', async () => {
    const member = await createActor(testApp, 'USER', 'João Analista');
    const video = await newVideo();
    await watch(member, video._id, 4500);
    tick(900);
    const racing = await Promise.all([report(member, video._id, 5400), report(member, video._id, 5400), report(member, video._id, 5400)]);
    expect(racing.map((result) => result.status)).toEqual([200, 200, 200]);
    const [first] = await myCertificates(member);
    tick(60);
    await report(member, video._id, 100);
    tick(60);
    await report(member, video._id, 160);

    expect(await myCertificates(member)).toEqual([first]);
    const stored = await testApp.db.collection(COLLECTIONS.certificates).countDocuments({ userId: new ObjectId(member.id) });
    expect(stored).toBe(1);
  });

  test('When the member holds an ACTIVE seat in a laboratory account, then the certificate names that laboratory, not their own', async () => {
    const member = await memberWithLaboratory('Ana Seat');
    const accountId = new ObjectId();
    await testApp.db.collection('laboratoryAccounts').insertOne({
      _id: accountId,
      managerId: new ObjectId(),
      subscriptionId: new ObjectId(),
      name: 'Laboratório Central de Análises',
      cnpj: '11444777000161',
      seats: 3,
      seatsUsed: 2,
      createdAt: new Date(nowMs),
      updatedAt: new Date(nowMs),
    });
    await testApp.db.collection('seats').insertOne({
      _id: new ObjectId(),
      accountId,
      userId: new ObjectId(member.id),
      email: member.profile.email,
      role: 'TECHNICIAN',
      status: 'ACTIVE',
      joinedAt: new Date(nowMs),
      removedAt: null,
    });
    const video = await newVideo();
    await watch(member, video._id, 4860);
    const [certificate] = await myCertificates(member);
    const page = await testApp.call('GET', `/v1/certificates/${certificate!.code}`);
    expect(page.body.laboratory).toEqual({ name: 'Laboratório Central de Análises', cnpj: '11444777000161' });
  });

  test('When a REMOVED seat is all the member has, then their own laboratory is named; with none, no laboratory', async () => {
    const member = await memberWithLaboratory('Bruno Ex-Equipe');
    await testApp.db.collection('seats').insertOne({
      _id: new ObjectId(),
      accountId: new ObjectId(),
      userId: new ObjectId(member.id),
      email: member.profile.email,
      role: 'TECHNICIAN',
      status: 'REMOVED',
      joinedAt: new Date(nowMs),
      removedAt: new Date(nowMs),
    });
    const alone = await createActor(testApp, 'USER', 'Carla Sem Laboratório');
    const video = await newVideo();
    await watch(member, video._id, 4860);
    await watch(alone, video._id, 4860);
    const [withOwn] = await myCertificates(member);
    const [withNone] = await myCertificates(alone);
    expect((await testApp.call('GET', `/v1/certificates/${withOwn!.code}`)).body.laboratory).toEqual({
      name: 'Laboratório Vida',
      cnpj: '11222333000181',
    });
    expect((await testApp.call('GET', `/v1/certificates/${withNone!.code}`)).body.laboratory).toBeNull();
  });
});

describe('Name corrections', () => {
  test('When the member corrects their name, then each certificate gets a new version; the old code still verifies, superseded', async () => {
    const member = await memberWithLaboratory('Mariana Sousa');
    const [first, second] = [await newVideo({ title: 'Vídeo A' }), await newVideo({ title: 'Vídeo B' })];
    await watch(member, first._id, 4860);
    await watch(member, second._id, 4860);
    const before = await myCertificates(member);
    expect(before).toHaveLength(2);

    tick(3600);
    const renamed = await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Mariana Souza' } });
    expect(renamed.status).toBe(200);

    const after = await myCertificates(member);
    expect(after).toHaveLength(2);
    for (const certificate of after) {
      const old = before.find((row) => row.videoId === certificate.videoId)!;
      expect(certificate).toMatchObject({ version: 2, videoTitle: old.videoTitle, hours: old.hours, completedAt: old.completedAt });
      expect(certificate.code).toMatch(CODE);
      expect(certificate.code).not.toBe(old.code);

      const current = await testApp.call('GET', `/v1/certificates/${certificate.code}`);
      expect(current.body).toMatchObject({ holderName: 'Mariana Souza', version: 2, current: true, supersededBy: null });
      const superseded = await testApp.call('GET', `/v1/certificates/${old.code}`);
      expect(superseded.status).toBe(200);
      expect(superseded.body).toMatchObject({ holderName: 'Mariana Sousa', version: 1, current: false, supersededBy: certificate.code });
      expect(superseded.body.history).toEqual([
        { code: old.code, version: 1, holderName: 'Mariana Sousa', issuedAt: expect.any(String) },
        { code: certificate.code, version: 2, holderName: 'Mariana Souza', issuedAt: new Date(nowMs).toISOString() },
      ]);
      expect(current.body.history).toEqual(superseded.body.history);
    }

    // The same name again (or other profile fields) issues nothing new.
    await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Mariana Souza' } });
    await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { onboardingCompleted: true } });
    expect(await myCertificates(member)).toEqual(after);
    expect(await testApp.db.collection(COLLECTIONS.certificates).countDocuments({ userId: new ObjectId(member.id) })).toBe(4);
  });

  test('When two corrections race, then each video still has exactly one current version, and it carries the last name written', async () => {
    const member = await createActor(testApp, 'USER', 'Paulo Primeiro');
    const video = await newVideo();
    await watch(member, video._id, 4860);
    await Promise.all([
      testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Paulo Segundo' } }),
      testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Paulo Terceiro' } }),
    ]);
    const profile = await testApp.call('GET', `/v1/users/${member.id}`, { token: member.token });
    const current = await testApp.db
      .collection(COLLECTIONS.certificates)
      .find({ userId: new ObjectId(member.id), supersededBy: null })
      .toArray();
    expect(current).toHaveLength(1);
    const versions = await testApp.db.collection(COLLECTIONS.certificates).countDocuments({ userId: new ObjectId(member.id) });
    expect(current[0]!.version).toBe(versions);
    // The profile's final name is on the current version once the losing request has caught up.
    await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: profile.body.name } });
    const [mine] = await myCertificates(member);
    expect((await testApp.call('GET', `/v1/certificates/${mine!.code}`)).body.holderName).toBe(profile.body.name);
  });
});

describe('Verifying', () => {
  let code: string;
  let videoTitle: string;
  let completedOn: string;
  beforeAll(async () => {
    const member = await memberWithLaboratory('Renata Álvares');
    const video = await newVideo({ title: 'Calibração de pipetas' });
    videoTitle = video.title;
    await watch(member, video._id, 4860);
    const [certificate] = await myCertificates(member);
    code = certificate!.code;
    completedOn = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(certificate!.completedAt),
    );
  });

  test('When a code is typed in lower case or with a hyphen, then the same certificate answers', async () => {
    const lower = await testApp.call('GET', `/v1/certificates/${code.toLowerCase()}`);
    const hyphen = await testApp.call('GET', `/v1/certificates/${code.slice(0, 5)}-${code.slice(5)}`);
    expect(lower.status).toBe(200);
    expect(lower.body.code).toBe(code);
    expect(hyphen.body.code).toBe(code);
  });

  test('When a code is unknown or cannot exist, then 404 "Certificado não encontrado" in Portuguese, never a 5xx', async () => {
    const unknown = code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`;
    for (const attempt of [unknown, 'ABC', 'UUUUUUUUUU', '%24where', "'%20OR%201%3D1", '{"$gt":""}', 'x'.repeat(150), `${code}0`]) {
      for (const suffix of ['', '/pdf', '/qr.png']) {
        const result = await testApp.call('GET', `/v1/certificates/${attempt}${suffix}`);
        expectErrorShape(result, 404);
        expect(result.body.code).toBe('CERTIFICATE_NOT_FOUND');
        expect(result.body.message).toMatch(/^Certificado não encontrado/);
      }
    }
  });

  test('When the PDF is downloaded, then a reader sees the title, holder, video, hours, date, laboratory with CNPJ, code and address', async () => {
    const pdf = await bytes(`/v1/certificates/${code}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="certificado-${code}.pdf"`);
    const text = (await pdfText(pdf.body)).replace(/\s+/g, ' ');
    expect(text).toContain('Certificado de conclusão');
    expect(text).toContain('Renata Álvares');
    expect(text).toContain(videoTitle);
    expect(text).toContain('com carga horária de 1 h 30 min');
    expect(completedOn).toMatch(/^\d{2}\/\d{2}\/2026$/);
    expect(text).toContain(`concluído em ${completedOn}`);
    expect(text).toContain('Laboratório Vida — CNPJ 11.222.333/0001-81');
    expect(text).toContain(code);
    expect(text).toContain(`https://clube.example/certificados/${code}`);
    expect(text).not.toContain('substituída');
  });

  test('When the QR code PNG is decoded, then it holds the address of the public page', async () => {
    const png = await bytes(`/v1/certificates/${code.toLowerCase()}/qr.png`);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    // A document: helmet's whole set, with the resource policy that lets the member's page show it.
    expect(png.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(png.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(png.headers.get('referrer-policy')).toBe('no-referrer');
    const image = PNG.sync.read(png.body);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`https://clube.example/certificados/${code}`);
  });

  test('When a superseded version\'s PDF is downloaded, then it says which version replaced it', async () => {
    const member = await createActor(testApp, 'USER', 'Tiago Antigo');
    const video = await newVideo();
    await watch(member, video._id, 4860);
    const [old] = await myCertificates(member);
    await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Tiago Novo' } });
    const [current] = await myCertificates(member);
    const text = (await pdfText((await bytes(`/v1/certificates/${old!.code}/pdf`)).body)).replace(/\s+/g, ' ');
    expect(text).toContain('Tiago Antigo');
    expect(text).toContain(`substituída pela versão 2 (código ${current!.code})`);
  });
});

describe('Personal data (LGPD)', () => {
  test('When the member exports their data, then every version of their certificates is in the file', async () => {
    const member = await memberWithLaboratory('Vera Exporta');
    const video = await newVideo({ title: 'Vídeo exportado' });
    await watch(member, video._id, 4860);
    const [first] = await myCertificates(member);
    await testApp.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Vera Exportada' } });
    const [second] = await myCertificates(member);
    const exported = await testApp.call('GET', '/v1/me/export', { token: member.token });
    expect(exported.status).toBe(200);
    const common = { videoId: video._id, videoTitle: 'Vídeo exportado', hours: 1.5, laboratory: { name: 'Laboratório Vida', cnpj: '11222333000181' } };
    expect(exported.body.certificates).toEqual([
      { ...common, code: first!.code, version: 1, holderName: 'Vera Exporta', completedAt: first!.completedAt, issuedAt: first!.issuedAt, current: false },
      { ...common, code: second!.code, version: 2, holderName: 'Vera Exportada', completedAt: first!.completedAt, issuedAt: second!.issuedAt, current: true },
    ]);
  });

  test('When the member deletes their account, then their certificates go with it and the codes answer 404', async () => {
    const member = await createActor(testApp, 'USER', 'Olga Apagada');
    const video = await newVideo();
    await watch(member, video._id, 4860);
    const [certificate] = await myCertificates(member);
    expect((await testApp.call('GET', `/v1/certificates/${certificate!.code}`)).status).toBe(200);
    expect((await testApp.call('DELETE', '/v1/me', { token: member.token, body: { confirmation: 'EXCLUIR' } })).status).toBe(204);
    expectErrorShape(await testApp.call('GET', `/v1/certificates/${certificate!.code}`), 404);
    expect(await testApp.db.collection(COLLECTIONS.certificates).countDocuments({ userId: new ObjectId(member.id) })).toBe(0);
  });
});

describe('Limits', () => {
  test('When one address asks for the PDF more than the expensive-read limit allows, then 429 in Portuguese; the JSON stays open', async () => {
    const limited = await startTestApp({ config: { expensiveReadLimit: 2 }, now: () => new Date(nowMs) });
    try {
      const member = await createActor(limited, 'USER', 'Lia Limite');
      const admin = await createActor(limited, 'ADMIN');
      const category = await createCategory(limited, admin);
      const video = await createVideo(limited, admin, category._id, { durationSeconds: 20, source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/x' } });
      await limited.call('PUT', `/v1/me/progress/videos/${video._id}`, { token: member.token, body: { positionSeconds: 0, durationSeconds: 20 } });
      tick(20);
      await limited.call('PUT', `/v1/me/progress/videos/${video._id}`, { token: member.token, body: { positionSeconds: 20, durationSeconds: 20 } });
      const [certificate] = (await limited.call('GET', '/v1/me/certificates', { token: member.token })).body.data;
      const statuses = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await limited.call('GET', `/v1/certificates/${certificate.code}/pdf`)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await limited.call('GET', `/v1/certificates/${certificate.code}/pdf`);
      expectErrorShape(refused, 429);
      expect(refused.body.message).toMatch(/Muitas consultas/);
      expect((await limited.call('GET', `/v1/certificates/${certificate.code}`)).status).toBe(200);
      expect(certificate.hours).toBe(0.1);
    } finally {
      await limited.close();
    }
  });
});
