import { loadConfig } from '../../src/config';
import { createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';

/**
 * DEV_CLOCK=1 (development and the browser journey of issue 31): an admin moves the API's clock
 * forward to see qualifications expire. Production refuses the variable; without it there is no route.
 */
let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await startTestApp({ config: { devClock: true } });
  actors = await createActors(t);
});

afterAll(() => t.close());

describe('Development clock', () => {
  test('When the admin moves the clock 400 days, then the API answers from that date on; a member is refused; 0 puts it back', async () => {
    const refused = await t.call('PUT', '/v1/dev/clock', { token: actors.member.token, body: { offsetDays: 400 } });
    expectErrorShape(refused, 403);
    const moved = await t.call('PUT', '/v1/dev/clock', { token: actors.admin.token, body: { offsetDays: 400 } });
    expect(moved.status).toBe(200);
    expect(moved.body.offsetDays).toBe(400);
    expect(Math.round((Date.parse(moved.body.now) - Date.now()) / 86_400_000)).toBe(400);
    const back = await t.call('PUT', '/v1/dev/clock', { token: actors.admin.token, body: { offsetDays: 0 } });
    expect(Math.abs(Date.parse(back.body.now) - Date.now())).toBeLessThan(60_000);
  });

  test('When DEV_CLOCK=1 reaches production, then the configuration refuses it in Portuguese; without it the route does not exist', async () => {
    const env = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/clube', DEV_CLOCK: '1' };
    expect(() => loadConfig(env)).toThrow('Modo produção (NODE_ENV=production) não aceita DEV_CLOCK=1: o relógio da API não pode ser movido em produção.');
    const plain = await startTestApp();
    try {
      // The PUT (any offset, also back) needs DEV_CLOCK=1; billing's POST (forward + reconcile) is in every non-production app.
      expect(plain.routes.filter((route) => route.includes('/v1/dev/'))).toEqual(['POST /v1/dev/clock']);
    } finally {
      await plain.close();
    }
  });
});
