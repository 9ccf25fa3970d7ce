import { buildApp } from '../src/app';
import { createActor, startTestApp, type TestApp } from './helpers/app';
import { expectErrorShape } from './helpers/http';
import { freePort, startRedis, type RedisServer } from './helpers/redis';
import { testConfig } from './helpers/test-config';

/**
 * Replicas (#32): two API processes on one database, behind one load balancer (the client's
 * address is the same on both), counting their rate limits in one real Redis (Debian's
 * redis-server, started here on a free port) — or each on its own without REDIS_URL.
 */

const WRITES_PER_MINUTE = 4;
const EXPENSIVE_READS_PER_MINUTE = 1; // the search gets 4× this

interface Replicas {
  first: TestApp;
  second: TestApp;
  close(): Promise<void>;
}

async function startReplicas(redisUrl: string | undefined): Promise<Replicas> {
  const config = { rateLimit: { max: WRITES_PER_MINUTE, timeWindowMs: 60_000 }, expensiveReadLimit: EXPENSIVE_READS_PER_MINUTE, redisUrl };
  const first = await startTestApp({ config });
  const second = await startTestApp({ config, sharedStore: first.db });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

/** The member renames themself `count` times, alternating between the replicas as a load balancer would. */
async function renameAlternating(replicas: Replicas, token: string, id: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const replica = index % 2 === 0 ? replicas.first : replicas.second;
    statuses.push((await replica.call('PATCH', `/v1/users/${id}`, { token, body: { name: `Ana ${index}` } })).status);
  }
  return statuses;
}

describe('Rate limits across two API processes', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  describe('with REDIS_URL', () => {
    let replicas: Replicas;
    beforeAll(async () => {
      replicas = await startReplicas(redis.url);
    });
    afterAll(() => replicas.close());

    test('When one client spreads its writes over both processes, then the limit counts them together and either process answers 429', async () => {
      // Creating the profile is the first write of this address.
      const member = await createActor(replicas.first);
      const statuses = await renameAlternating(replicas, member.token, member.id, WRITES_PER_MINUTE);
      expect(statuses).toEqual([200, 200, 200, 429]);
      for (const replica of [replicas.first, replicas.second]) {
        const refused = await replica.call('PATCH', `/v1/users/${member.id}`, { token: member.token, body: { name: 'Ana de novo' } });
        expectErrorShape(refused, 429);
        expect(refused.body.message).toMatch(/^Muitas alterações em pouco tempo\. Tente novamente em \d+ s\.$/);
      }
      const profile = await replicas.second.call('GET', `/v1/users/${member.id}`, { token: member.token });
      expect(profile.body.name).toBe('Ana 2');
    });

    test('When a guest spreads searches over both processes, then the per-route limit is shared too', async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const replica = index % 2 === 0 ? replicas.first : replicas.second;
        // A new query each time: a search answered again from a process's response cache is not counted.
        statuses.push((await replica.call('GET', '/v1/search', { query: { q: `gasometria ${index}` } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });
  });

  test('Without REDIS_URL, then each process keeps its own count, as before', async () => {
    const replicas = await startReplicas(undefined);
    try {
      const member = await createActor(replicas.first);
      // The first process has counted the profile's creation; the second has counted nothing.
      const statuses = await renameAlternating(replicas, member.token, member.id, 2 * WRITES_PER_MINUTE);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 200]);
    } finally {
      await replicas.close();
    }
  });

  test('When Redis cannot be reached at start, then the API does not start and says why in Portuguese', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    await expect(buildApp({ config: testConfig({ redisUrl: url }), logger: false })).rejects.toThrow(
      /^Não foi possível conectar ao Redis dos limites de requisições \(REDIS_URL, 127\.0\.0\.1:\d+\): connect ECONNREFUSED/,
    );
  });

  test('When Redis goes away while the API runs, then writes are still served (uncounted) instead of failing', async () => {
    const ownRedis = await startRedis();
    const replicas = await startReplicas(ownRedis.url);
    try {
      const member = await createActor(replicas.first);
      await ownRedis.stop();
      const statuses = await renameAlternating(replicas, member.token, member.id, 2 * WRITES_PER_MINUTE);
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await replicas.close();
      await ownRedis.stop();
    }
  });
});
