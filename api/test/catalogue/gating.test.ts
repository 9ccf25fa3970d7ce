import { createActor, createActors, startTestApp, type Actors, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createContent, createVideo, type ApiItem, DEMO_PDF_KEY, DEMO_VIDEO_KEY, makeSubscriber, storeDemoFiles } from '../helpers/catalogue';

/**
 * The gate, for every access level of contents and videos and every persona: who gets the body,
 * the attachments and the video source, and that a locked answer carries none of them anywhere.
 */
let testApp: TestApp;
let actors: Actors;
let subscriber: TestActor;
let unlocker: TestActor;
const items: Record<string, ApiItem> = {};

const LEVELS = ['FREE', 'SUBSCRIBERS', 'CREDITS'] as const;

beforeAll(async () => {
  testApp = await startTestApp();
  await storeDemoFiles(testApp.app);
  actors = await createActors(testApp);
  [subscriber, unlocker] = await Promise.all([createActor(testApp), createActor(testApp)]);
  await makeSubscriber(testApp, subscriber, 0);
  await makeSubscriber(testApp, unlocker, 50);
  const category = await createCategory(testApp, actors.admin);
  for (const access of LEVELS) {
    items[`content-${access}`] = await createContent(testApp, actors.admin, category._id, { access });
    items[`video-${access}`] = await createVideo(testApp, actors.admin, category._id, { access });
  }
  for (const kind of ['content', 'video'] as const) {
    const unlocked = await testApp.call('POST', '/v1/unlocks', {
      token: unlocker.token,
      body: { itemType: kind === 'content' ? 'CONTENT' : 'VIDEO', itemId: items[`${kind}-CREDITS`]!._id },
    });
    expect(unlocked.status).toBe(201);
  }
});

afterAll(() => testApp.close());

type Persona = 'anonymous' | 'member' | 'subscriber' | 'unlocker' | 'admin';
const tokenOf = (persona: Persona) =>
  persona === 'anonymous'
    ? undefined
    : persona === 'subscriber'
      ? subscriber.token
      : persona === 'unlocker'
        ? unlocker.token
        : actors[persona].token;

/** Who may open what; `unlocker` is a subscriber who spent credits on the CREDITS items. */
const OPEN: Record<Persona, Record<(typeof LEVELS)[number], boolean>> = {
  anonymous: { FREE: false, SUBSCRIBERS: false, CREDITS: false },
  member: { FREE: true, SUBSCRIBERS: false, CREDITS: false },
  subscriber: { FREE: true, SUBSCRIBERS: true, CREDITS: false },
  unlocker: { FREE: true, SUBSCRIBERS: true, CREDITS: true },
  admin: { FREE: true, SUBSCRIBERS: true, CREDITS: true },
};

const REASON: Record<Persona, Record<(typeof LEVELS)[number], string | null>> = {
  anonymous: { FREE: 'SIGN_IN_REQUIRED', SUBSCRIBERS: 'SIGN_IN_REQUIRED', CREDITS: 'SIGN_IN_REQUIRED' },
  member: { FREE: null, SUBSCRIBERS: 'SUBSCRIPTION_REQUIRED', CREDITS: 'SUBSCRIPTION_REQUIRED' },
  subscriber: { FREE: null, SUBSCRIBERS: null, CREDITS: 'UNLOCK_REQUIRED' },
  unlocker: { FREE: null, SUBSCRIBERS: null, CREDITS: null },
  admin: { FREE: null, SUBSCRIBERS: null, CREDITS: null },
};

describe.each(Object.keys(OPEN) as Persona[])('As %s', (persona) => {
  describe.each(LEVELS)('a %s item', (access) => {
    test('When the content is opened, then body and attachments come only with access, and never leak when locked', async () => {
      const item = items[`content-${access}`]!;
      const result = await testApp.call('GET', `/v1/contents/${item.slug}`, { token: tokenOf(persona) });
      expect(result.status).toBe(200);
      const open = OPEN[persona][access];
      expect(result.body).toMatchObject({ _id: item._id, title: item.title, summary: item.summary, locked: !open, lockReason: REASON[persona][access] });
      const raw = JSON.stringify(result.body);
      if (open) {
        expect(result.body.body).toBe(item.body);
        expect(result.body.attachments).toEqual([
          expect.objectContaining({ name: 'Checklist', key: DEMO_PDF_KEY, url: expect.stringContaining('signature=') }),
        ]);
        expect(result.body.lockMessage).toBeNull();
      } else {
        expect(result.body).not.toHaveProperty('body');
        expect(result.body).not.toHaveProperty('attachments');
        expect(raw).not.toContain(item.body);
        expect(raw).not.toContain(DEMO_PDF_KEY);
        expect(raw).not.toContain('signature');
        expect(result.body.lockMessage).toMatch(/\w/);
      }
    });

    test('When the video is opened, then the source comes only with access, and never leaks when locked', async () => {
      const item = items[`video-${access}`]!;
      const result = await testApp.call('GET', `/v1/videos/${item._id}`, { token: tokenOf(persona) });
      expect(result.status).toBe(200);
      const open = OPEN[persona][access];
      expect(result.body).toMatchObject({ _id: item._id, sourceKind: 'file', locked: !open, lockReason: REASON[persona][access] });
      const raw = JSON.stringify(result.body);
      if (open) {
        expect(result.body.source).toEqual({
          kind: 'file',
          key: DEMO_VIDEO_KEY,
          url: expect.stringMatching(/\/v1\/files\/videos\/demo-coleta-segura\.mp4\?expires=\d+&signature=/),
          expiresAt: expect.any(String),
        });
        const bytes = await fetch(result.body.source.url, { headers: { range: 'bytes=0-15' } });
        expect(bytes.status).toBe(206);
      } else {
        expect(result.body).not.toHaveProperty('source');
        expect(raw).not.toContain(DEMO_VIDEO_KEY);
        expect(raw).not.toContain('signature');
      }
    });

    test('When the lists are read, then they carry the gate but never a body, attachment or source', async () => {
      for (const kind of ['contents', 'videos'] as const) {
        const item = items[`${kind === 'contents' ? 'content' : 'video'}-${access}`]!;
        const result = await testApp.call('GET', `/v1/${kind}`, { token: tokenOf(persona), query: { limit: 100 } });
        expect(result.status).toBe(200);
        const card = result.body.data.find((entry: { _id: string }) => entry._id === item._id);
        expect(card).toMatchObject({ locked: !OPEN[persona][access], lockReason: REASON[persona][access] });
        const raw = JSON.stringify(result.body);
        expect(raw).not.toContain('CORPO-SECRETO');
        expect(raw).not.toContain(DEMO_PDF_KEY);
        expect(raw).not.toContain(DEMO_VIDEO_KEY);
        expect(raw).not.toContain('signature');
      }
    });
  });
});

describe('Subscription state is read from the subscription documents', () => {
  test('When the subscription is PAUSED although the user flag still says true, then SUBSCRIBERS items are locked', async () => {
    const paused = await createActor(testApp);
    await makeSubscriber(testApp, paused, 0);
    await testApp.db.collection('subscriptions').updateOne({ userId: paused.profile._id }, { $set: { status: 'PAUSED' } });
    const result = await testApp.call('GET', `/v1/contents/${items['content-SUBSCRIBERS']!._id}`, { token: paused.token });
    expect(result.body).toMatchObject({ locked: true, lockReason: 'SUBSCRIPTION_REQUIRED' });
    expect(result.body).not.toHaveProperty('body');
  });

  test('When a member unlocked an item and the subscription later ends, then the item stays open (the credits were spent)', async () => {
    await testApp.db.collection('subscriptions').updateOne({ userId: unlocker.profile._id }, { $set: { status: 'CANCELED', isOpen: false } });
    const credits = await testApp.call('GET', `/v1/contents/${items['content-CREDITS']!._id}`, { token: unlocker.token });
    const subscribers = await testApp.call('GET', `/v1/contents/${items['content-SUBSCRIBERS']!._id}`, { token: unlocker.token });
    expect(credits.body).toMatchObject({ locked: false, unlocked: true, body: items['content-CREDITS']!.body });
    expect(subscribers.body).toMatchObject({ locked: true, lockReason: 'SUBSCRIPTION_REQUIRED' });
    await testApp.db.collection('subscriptions').updateOne({ userId: unlocker.profile._id }, { $set: { status: 'ACTIVE', isOpen: true } });
  });

  test('When the token sent to an open route is invalid, then the answer is 401 rather than a silent visitor view', async () => {
    const result = await testApp.call('GET', '/v1/contents', { token: 'not-a-token' });
    expect(result.status).toBe(401);
  });
});
