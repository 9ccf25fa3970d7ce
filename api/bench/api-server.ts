/**
 * Bench target: the real API (buildApp, in-memory embedded store, logs off) in its own process,
 * with data for every row of the table: plans and the demo catalogue, the admin and member
 * profiles for the uids the bench signed up (BENCH_ADMIN_UID, BENCH_MEMBER_UID), 1,000 more
 * members for the admin list, a subscription of the member and their progress in five videos.
 */
import { ObjectId } from 'mongodb';
import { buildApp } from '../src/app';
import { USERS_COLLECTIONS } from '../src/modules/users/collections';
import type { UserDocument } from '../src/modules/users/documents';
import { seedCatalogue } from '../src/seed/catalogue';
import { seedPlans } from '../src/seed/plans';
import { collectStartupGarbage } from '../src/startup-gc';
import { testConfig } from '../test/helpers/test-config';

function profile(providerId: string, n: number, role: 'USER' | 'ADMIN'): UserDocument {
  const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000);
  return {
    _id: new ObjectId(),
    providerId,
    email: `bench-${n}-${providerId.slice(0, 6).toLowerCase()}@bench.clube.local`,
    name: `Pessoa ${n}`,
    role,
    subscription: null,
    hasActiveSubscription: n % 3 === 0,
    onboardingCompleted: true,
    laboratory: null,
    credits: { balance: 0, used: n % 4 },
    createdAt: at,
    updatedAt: at,
  };
}

async function main() {
  const app = await buildApp({
    config: testConfig({ logLevel: 'silent', rateLimit: { max: 100_000_000, timeWindowMs: 60_000 }, expensiveReadLimit: 100_000_000 }),
    logger: false,
  });
  await app.ready();
  await seedPlans(app);
  await seedCatalogue(app);
  const users = app.store.collection<UserDocument>(USERS_COLLECTIONS.users);
  const admin = profile(process.env.BENCH_ADMIN_UID!, 0, 'ADMIN');
  const member = profile(process.env.BENCH_MEMBER_UID!, 1, 'USER');
  await users.insertMany([admin, member, ...Array.from({ length: 1000 }, (_, i) => profile(`filler-${i}`, i + 2, 'USER'))]);
  const [plan] = await app.plansRepository.listActive();
  const subscription = await app.billing.subscribe(member, plan!._id.toHexString(), 'PIX');
  const { data: videos } = await app.videosRepository.list({ page: 1, limit: 5, publishedOnly: true, sort: 'newest' });
  const [video] = videos;
  // "Continuar assistindo": the member has started the five newest videos.
  for (const started of videos) await app.progressRepository.record(member._id, started._id, { positionSeconds: 30, durationSeconds: 600 });

  // As server.ts does before it serves.
  collectStartupGarbage();
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `ready ${JSON.stringify({
      port: typeof address === 'object' && address ? address.port : 0,
      subscriptionId: subscription._id.toHexString(),
      videoId: video?._id.toHexString(),
      videoSlug: video?.slug,
      // A word of the newest video's title: the search row finds at least that video.
      searchTerm: video?.title.split(/\s+/).map((word) => word.replace(/[^\p{L}\p{N}]/gu, '')).find((word) => word.length >= 5) ?? video?.title,
    })}\n`,
  );
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error('servidor do bench falhou:', error);
  process.exit(1);
});
