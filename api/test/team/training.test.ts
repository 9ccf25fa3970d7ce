import { parse } from 'csv-parse/sync';
import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import type { CertificateDocument } from '../../src/modules/progress/documents';
import { createActor, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { pdfText } from '../helpers/pdf-text';
import { addTechnician, labManager, type LabManager } from '../helpers/team';

/** The training record (issue 16): JSON, CSV and PDF of what each person finished while on the team. */
let t: BillingTestApp;
let lab: LabManager;
let ana: TestActor;
let bruno: TestActor;
let leaving: TestActor;
const videos: Record<'biosafety' | 'formula' | 'other', string> = { biosafety: '', formula: '', other: '' };
const codes: Record<'biosafety' | 'formula' | 'superseded' | 'leaving', string> = { biosafety: '', formula: '', superseded: '', leaving: '' };

/** Plays a video to the end as the player would: a report every 5 minutes of clock. */
async function watchToTheEnd(actor: TestActor, videoId: string, durationSeconds: number) {
  const report = (positionSeconds: number) =>
    t.call('PUT', `/v1/me/progress/videos/${videoId}`, { token: actor.token, body: { positionSeconds, durationSeconds } });
  await report(0);
  for (let position = 300; position < durationSeconds + 300; position += 300) {
    t.clock.set(new Date(t.clock.now().getTime() + 300_000));
    const result = await report(Math.min(position, durationSeconds));
    if (result.status !== 200) throw new Error(`progresso: ${result.status} ${JSON.stringify(result.body)}`);
  }
}

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  const admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
  const category = await createCategory(t, admin);
  const video = async (title: string, durationSeconds: number) =>
    (await createVideo(t, admin, category._id, { access: 'SUBSCRIBERS', title, durationSeconds }))._id;
  videos.biosafety = await video('Biossegurança no laboratório', 5400);
  videos.formula = await video('=HYPERLINK("http://x.example","clique")', 600);
  videos.other = await video('Coleta de sangue venoso', 1800);

  lab = await labManager(t, t.plans.anual, 4);
  ana = await addTechnician(t, lab.manager, 'Ana Técnica');
  bruno = await addTechnician(t, lab.manager, 'Bruno Técnico');
  leaving = await addTechnician(t, lab.manager, 'Carlos Saiu');

  t.clock.set('2026-04-02T13:00:00.000Z');
  await watchToTheEnd(ana, videos.biosafety, 5400);
  await watchToTheEnd(ana, videos.formula, 600);
  await watchToTheEnd(leaving, videos.other, 1800);
  expect((await t.call('DELETE', `/v1/team/members/${leaving.id}`, { token: lab.manager.token })).status).toBe(204);

  // Finishing issued Ana's certificates; a name correction (and its undoing) issues versions 2 and 3:
  // the record shows only the current code of each video.
  for (const name of ['Ana T. Corrigida', 'Ana Técnica']) {
    expect((await t.call('PATCH', `/v1/users/${ana.id}`, { token: ana.token, body: { name } })).status).toBe(200);
  }
  const certificates = t.db.collection<CertificateDocument>(COLLECTIONS.certificates);
  const current = async (videoId: string) => {
    const found = await certificates.findOne({ userId: new ObjectId(ana.id), videoId: new ObjectId(videoId), supersededBy: null });
    if (!found) throw new Error('certificado atual não encontrado');
    return found;
  };
  const biosafety = await current(videos.biosafety);
  expect(biosafety.version).toBe(3);
  codes.biosafety = biosafety.code;
  codes.formula = (await current(videos.formula)).code;
  const first = await certificates.findOne({ userId: new ObjectId(ana.id), videoId: new ObjectId(videos.biosafety), version: 1 });
  codes.superseded = first!.code;
  // Someone who left keeps the certificate earned while on the team.
  codes.leaving = (await certificates.findOne({ userId: new ObjectId(leaving.id), videoId: new ObjectId(videos.other) }))!.code;
  t.clock.set('2026-04-10T12:00:00.000Z');
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('GET /team/training', () => {
  test('When the manager opens the record, then each person shows the videos finished while on the team, hours, last activity and certificate codes', async () => {
    const result = await t.call('GET', '/v1/team/training', { token: lab.manager.token });
    expect(result.status).toBe(200);
    expect(result.body.period).toEqual({ from: '2025-04-11', to: '2026-04-10' });
    const byName = Object.fromEntries(result.body.people.map((person: { name: string }) => [person.name, person]));
    expect(result.body.people.map((person: { name: string }) => person.name)).toEqual(['Gestora do Laboratório', 'Ana Técnica', 'Bruno Técnico', 'Carlos Saiu']);
    expect(byName['Ana Técnica']).toMatchObject({
      userId: ana.id,
      role: 'TECHNICIAN',
      seatStatus: 'ACTIVE',
      videosFinished: 2,
      hoursWatched: 1.7,
      secondsWatched: 6000,
      timeWatched: '1 h 40 min',
      lastActivityAt: expect.stringMatching(/^2026-04-02T/),
    });
    expect(byName['Ana Técnica'].items).toEqual(
      expect.arrayContaining([
        {
          videoId: videos.biosafety,
          videoTitle: 'Biossegurança no laboratório',
          finishedAt: expect.stringMatching(/^2026-04-02T/),
          durationSeconds: 5400,
          duration: '1 h 30 min',
          certificateCode: codes.biosafety,
        },
        expect.objectContaining({ videoId: videos.formula, certificateCode: codes.formula }),
      ]),
    );
    expect(byName['Bruno Técnico']).toMatchObject({ videosFinished: 0, hoursWatched: 0, secondsWatched: 0, timeWatched: '0 s', lastActivityAt: null, items: [] });
    expect(byName['Carlos Saiu']).toMatchObject({ seatStatus: 'REMOVED', videosFinished: 1, hoursWatched: 0.5 });
    expect(byName['Gestora do Laboratório']).toMatchObject({ role: 'MANAGER', items: [] });
  });

  test('When the period ends before the videos were finished, then nobody has any', async () => {
    const result = await t.call('GET', '/v1/team/training', { token: lab.manager.token, query: { from: '2026-03-01', to: '2026-04-01' } });
    expect(result.status).toBe(200);
    expect(result.body.period).toEqual({ from: '2026-03-01', to: '2026-04-01' });
    expect(result.body.people.every((person: { items: unknown[] }) => person.items.length === 0)).toBe(true);
  });

  test('When the period is impossible, then 400 INVALID_PERIOD in Portuguese', async () => {
    const impossible: Record<string, string>[] = [{ from: '2026-04-10', to: '2026-04-01' }, { from: '2026-02-30' }, { to: '2026-13-01' }, { from: '10/04/2026' }];
    for (const query of impossible) {
      const result = await t.call('GET', '/v1/team/training', { token: lab.manager.token, query });
      expectErrorShape(result, 400);
    }
  });

  test('When a technician asks for the record in any format, then 403 TEAM_MANAGER_ONLY', async () => {
    for (const path of ['/v1/team/training', '/v1/team/training.csv', '/v1/team/training.pdf']) {
      const result = await t.call('GET', path, { token: bruno.token });
      expectErrorShape(result, 403);
      expect(result.body.code).toBe('TEAM_MANAGER_ONLY');
    }
  });
});

describe('Training record exports', () => {
  test('When the manager downloads the CSV, then it has a BOM, `;` between cells (Excel in pt-BR), the Portuguese header, one row per person and video, and no live formula', async () => {
    // Raw bytes: fetch's text() would drop the BOM the file must start with.
    const response = await fetch(`${t.url}/v1/team/training.csv`, { headers: { authorization: `Bearer ${lab.manager.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="treinamento-2025-04-11-a-2026-04-10.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split(/\r?\n/)[0]).toBe('Nome;E-mail;Vídeo;Concluído em;Duração;Duração (s);Certificado');
    const rows: string[][] = parse(text, { delimiter: ';' });
    expect(rows.slice(1)).toHaveLength(3);
    expect(rows).toContainEqual(['Ana Técnica', ana.account.email, 'Biossegurança no laboratório', '02/04/2026', '1 h 30 min', '5400', codes.biosafety]);
    expect(rows).toContainEqual(['Ana Técnica', ana.account.email, `'=HYPERLINK("http://x.example","clique")`, '02/04/2026', '10 min', '600', codes.formula]);
    expect(rows).toContainEqual(['Carlos Saiu', leaving.account.email, 'Coleta de sangue venoso', '02/04/2026', '30 min', '1800', codes.leaving]);
  });

  test('When the manager downloads the PDF, then a reader sees the laboratory, the CNPJ, the period and each video with its date, hours and certificate', async () => {
    const response = await fetch(`${t.url}/v1/team/training.pdf`, { headers: { authorization: `Bearer ${lab.manager.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Registro de treinamento da equipe');
    expect(text).toContain('Laboratório: Laboratório Análises Vida');
    expect(text).toContain('CNPJ: 11.222.333/0001-81');
    expect(text).toContain('Período: 11/04/2025 a 10/04/2026');
    expect(text).toContain('Ana Técnica');
    expect(text).toMatch(new RegExp(`Biossegurança no laboratório 02/04/2026 1 h 30 min ${codes.biosafety}`));
    expect(text).toContain('Carlos Saiu');
    expect(text).toContain('saiu da equipe');
    expect(text).not.toContain(codes.superseded);
  });
});
