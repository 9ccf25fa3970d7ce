import { createActor, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { pdfText } from '../helpers/pdf-text';
import { addTechnician, labManager } from '../helpers/team';

/**
 * Issue 25, item 10: certificates and the training record print any name. Both PDFs embed a
 * Unicode font (Noto Sans); a reader extracting the text gets the names exactly as typed.
 */
let t: BillingTestApp;
let videoId: string;

const NAMES = ['Nguyễn Thị Ánh', 'Çağlar Öztürk', 'Łukasz Wąsik'];

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z', { config: { publicWebUrl: 'https://clube.example' } });
  const admin = await createActor(t, 'ADMIN');
  await storeDemoFiles(t.app);
  const category = await createCategory(t, admin);
  videoId = (await createVideo(t, admin, category._id, { access: 'SUBSCRIBERS', title: 'Biossegurança — nível 2', durationSeconds: 600 }))._id;
});

afterAll(async () => {
  await t.close();
});

/** Plays the video to the end, a report every 5 minutes of clock, which issues the certificate. */
async function finish(actor: TestActor) {
  const report = (positionSeconds: number) => t.call('PUT', `/v1/me/progress/videos/${videoId}`, { token: actor.token, body: { positionSeconds, durationSeconds: 600 } });
  await report(0);
  for (const position of [300, 600]) {
    t.clock.set(new Date(t.clock.now().getTime() + 300_000));
    expect((await report(position)).status).toBe(200);
  }
}

const pdfOf = async (path: string, token?: string) => {
  const response = await fetch(`${t.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(response.status).toBe(200);
  return pdfText(Buffer.from(await response.arrayBuffer()));
};

describe('Names beyond Latin-1 in the PDFs', () => {
  test('When technicians named Nguyễn Thị Ánh, Çağlar Öztürk and Łukasz Wąsik finish a video, then their certificates and the training record print the names exactly', async () => {
    const lab = await labManager(t, t.plans.mensal, 4);
    const people = [];
    for (const name of NAMES) people.push(await addTechnician(t, lab.manager, name));
    for (const person of people) await finish(person);

    for (const [index, person] of people.entries()) {
      const mine = await t.call('GET', '/v1/me/certificates', { token: person.token });
      const code = mine.body.data[0].code as string;
      const text = await pdfOf(`/v1/certificates/${code}/pdf`);
      expect(text).toContain(NAMES[index]);
      expect(text).toContain('Biossegurança — nível 2');
    }

    const record = await pdfOf('/v1/team/training.pdf', lab.manager.token);
    for (const name of NAMES) expect(record).toContain(name);
  });
});
