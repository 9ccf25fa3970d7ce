import { COLLECTIONS } from './helpers/collections';
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_USERS } from '../src/seed/demo-users';
import { runSeedSteps } from '../src/seed/seed';
import { startTestApp, type TestApp } from './helpers/app';
import { signIn } from './helpers/identity';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('Demo seed', () => {
  test('When it runs twice, then the second run creates nothing and there are at least 27 profiles', async () => {
    const first = await runSeedSteps(t.app);
    // The two demo MP4s are queued for HLS once (the job runner converts them after start; not run here).
    expect(first).toMatchObject({ transcodesQueued: 2 });
    const second = await runSeedSteps(t.app);
    expect(second).toMatchObject({ accountsCreated: 0, profilesCreated: 0, transcodesQueued: 0 });
    expect(DEMO_USERS.length).toBeGreaterThanOrEqual(27);
    expect(await t.db.collection(COLLECTIONS.users).countDocuments({})).toBe(DEMO_USERS.length);
  });

  test('When the demo admin signs in, then the admin list paginates over the demo users', async () => {
    const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const me = await t.call('GET', `/v1/users/provider/${admin.uid}`, { token: admin.idToken });
    expect(me.body).toMatchObject({ role: 'ADMIN', onboardingCompleted: true });
    const page = await t.call('GET', '/v1/users/', { token: admin.idToken });
    expect(page.body.meta.totalPages).toBeGreaterThanOrEqual(3);
  });

  test('When the demo member signs in, then their profile is onboarded with a laboratory and admin routes are refused', async () => {
    const member = await signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const me = await t.call('GET', `/v1/users/provider/${member.uid}`, { token: member.idToken });
    expect(me.body).toMatchObject({ role: 'USER', onboardingCompleted: true, laboratory: { cnpj: '11222333000181' } });
    expect((await t.call('GET', '/v1/users/', { token: member.idToken })).status).toBe(403);
  });
});
