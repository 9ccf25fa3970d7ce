import { seedCatalogue } from '../../src/seed/catalogue';
import { seedClub } from '../../src/seed/club';
import { TRANSCRIPT_ONLY_WORD } from '../../src/seed/demo-club';
import { createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { makeSubscriber } from '../helpers/catalogue';

/** The demo seed gives two local videos chapters and a Portuguese transcript, idempotently. */
let testApp: TestApp;
let actors: Actors;

beforeAll(async () => {
  testApp = await startTestApp();
  actors = await createActors(testApp);
  await makeSubscriber(testApp, actors.member);
  await seedCatalogue(testApp.app);
});

afterAll(() => testApp.close());

describe('Demo seed: chapters, transcripts and search text', () => {
  test('When the demo catalogue is seeded into an empty store, then search finds its items at once (before the club seed)', async () => {
    const result = await testApp.call('GET', '/v1/search', { query: { q: 'coleta segura' } });
    expect(result.status).toBe(200);
    expect(result.body.data.map((hit: { video: { slug: string } | null }) => hit.video?.slug)).toContain('demonstracao-coleta-segura');
  });

  test('When it runs twice, then the second run adds nothing and changes no video', async () => {
    const first = await seedClub(testApp.app);
    // The catalogue seed wrote every item's search text: nothing is left to backfill.
    expect(first).toEqual({ chaptersAdded: 2, transcriptsCreated: 2, searchTextAdded: 0 });
    const before = await testApp.db.collection('videos').find({}).sort({ _id: 1 }).toArray();
    expect(await seedClub(testApp.app)).toEqual({ chaptersAdded: 0, transcriptsCreated: 0, searchTextAdded: 0 });
    expect(await testApp.db.collection('videos').find({}).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  test('When the demo member opens the two local videos, then each has chapters and captions', async () => {
    for (const slug of ['demonstracao-coleta-segura', 'calibracao-de-pipetas-na-bancada']) {
      const video = await testApp.call('GET', `/v1/videos/${slug}`, { token: actors.member.token });
      expect(video.body).toMatchObject({ locked: false, hasTranscript: true, sourceKind: 'file' });
      expect(video.body.chapters).toHaveLength(3);
      const captions = await fetch(video.body.captionsUrl);
      expect(await captions.text()).toMatch(/^WEBVTT\n\n00:00:00\.000 --> /);
    }
  });

  test(`When someone searches "${TRANSCRIPT_ONLY_WORD}", then only the transcript finds it, with the second to open the video at`, async () => {
    const result = await testApp.call('GET', '/v1/search', { query: { q: TRANSCRIPT_ONLY_WORD } });
    expect(result.body.meta.total).toBe(1);
    expect(result.body.data[0]).toMatchObject({
      type: 'VIDEO',
      matchedIn: ['transcript'],
      video: { slug: 'demonstracao-coleta-segura' },
      transcriptHit: { startSeconds: 3 },
    });
  });
});
