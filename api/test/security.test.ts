import { startTestApp, createActors, snapshotData, type Actors, type TestApp } from './helpers/app';
import { expectErrorShape } from './helpers/http';

/**
 * Issue #26 ("what a hostile member or a hostile page can still do"), the API's items, each
 * over real HTTP against the Auth emulator.
 */
/** A JSON array nested `depth` levels: about 2 bytes a level, far below the body limit. */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('Security review (#26)', () => {
  let testApp: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    testApp = await startTestApp();
    actors = await createActors(testApp);
  });
  afterAll(() => testApp.close());

  test('When a body nests arrays 8,000 levels deep, then every JSON route answers 400 in Portuguese and nothing changes', async () => {
    const { member } = actors;
    const before = await snapshotData(testApp.db);
    const targets: [string, string, string][] = [
      ['PATCH', `/v1/users/${member.id}`, `{"name":${deepArray(8_000)}}`],
      ['POST', '/v1/users', `{"name":${deepArray(8_000)}}`],
      ['POST', '/v1/suggestions', `{"subject":"Gasometria","message":${deepArray(8_000)}}`],
      ['POST', '/v1/unlocks', `{"itemId":${deepArray(8_000)}}`],
      ['POST', '/v1/suggestions', deepArray(8_000)],
    ];
    for (const [method, path, rawBody] of targets) {
      const result = await testApp.call(method, path, { token: member.token, rawBody });
      expectErrorShape(result, 400);
      expect(result.body.message).toMatch(/níveis/);
    }
    expect(await snapshotData(testApp.db)).toBe(before);
  });

  test('When a member asks whether another member\'s id exists, then 403; the owner and an admin get the answer', async () => {
    const { member, otherMember, admin } = actors;
    expectErrorShape(await testApp.call('GET', `/v1/users/${otherMember.id}/exists`, { token: member.token }), 403);
    expect((await testApp.call('GET', `/v1/users/${member.id}/exists`, { token: member.token })).body).toEqual({ exists: true });
    expect((await testApp.call('GET', `/v1/users/${otherMember.id}/exists`, { token: admin.token })).body).toEqual({ exists: true });
  });
});
