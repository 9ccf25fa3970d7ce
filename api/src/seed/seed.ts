import type { FastifyInstance } from 'fastify';
import type { UserRecord } from 'firebase-admin/auth';
import { ObjectId } from 'mongodb';
import { isDuplicateKeyError } from '../http/app-error';
import { seedCatalogue, seedDemoTranscodes } from './catalogue';
import { seedClub } from './club';
import { DEMO_USERS, type DemoUser } from './demo-users';
import { seedDemoSubscription, seedPlans } from './plans';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedResult {
  accountsCreated: number;
  profilesCreated: number;
}

/** A seed step adds one kind of demo data; later issues append theirs to SEED_STEPS. */
export type SeedStep = (app: FastifyInstance) => Promise<Record<string, number>>;

function assertEmulator(app: FastifyInstance): void {
  if (!app.config.authEmulatorHost) {
    throw new Error(
      'O seed de demonstração só roda com o emulador do Firebase Auth (FIREBASE_AUTH_EMULATOR_HOST): ele cria contas com senhas conhecidas.',
    );
  }
}

async function ensureAccount(app: FastifyInstance, user: DemoUser): Promise<{ record: UserRecord; created: boolean }> {
  const auth = app.identity.auth;
  const existing =
    (await auth.getUser(user.uid).catch(() => null)) ?? (await auth.getUserByEmail(user.email).catch(() => null));
  if (existing) return { record: existing, created: false };
  const record = await auth.createUser({
    uid: user.uid,
    email: user.email,
    password: user.password,
    displayName: user.name,
    emailVerified: true,
  });
  return { record, created: true };
}

/** Emulator accounts and profiles for the demo users; running it again changes nothing. */
export async function seedUsers(app: FastifyInstance): Promise<SeedResult> {
  assertEmulator(app);
  const users = app.usersRepository;
  const now = app.clock.now().getTime();
  let accountsCreated = 0;
  let profilesCreated = 0;

  for (const demo of DEMO_USERS) {
    const { record, created } = await ensureAccount(app, demo);
    if (created) accountsCreated += 1;
    const createdAt = new Date(now - demo.daysAgo * DAY_MS);
    try {
      const created = await users.insertIfAbsent({
            _id: new ObjectId(),
            providerId: record.uid,
            email: demo.email,
            name: demo.name,
            role: demo.role,
            subscription: null,
            hasActiveSubscription: false,
            onboardingCompleted: demo.onboardingCompleted,
            laboratory: demo.laboratory,
            credits: { balance: 0, used: 0 },
            createdAt,
            updatedAt: createdAt,
      });
      if (created) profilesCreated += 1;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // The profile exists under an older uid (the emulator lost its accounts): relink it.
      await users.relinkProvider(demo.email, record.uid);
    }
  }
  return { accountsCreated, profilesCreated };
}

export const SEED_STEPS: SeedStep[] = [
  async (app) => ({ ...(await seedUsers(app)) }),
  seedPlans,
  seedDemoSubscription,
  seedCatalogue,
  seedClub,
  seedDemoTranscodes,
];

export async function runSeedSteps(app: FastifyInstance, steps: SeedStep[] = SEED_STEPS): Promise<Record<string, number>> {
  let summary: Record<string, number> = {};
  for (const step of steps) summary = { ...summary, ...(await step(app)) };
  return summary;
}
