import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, REPO_ROOT, type Config } from '../config';
import { runSeedSteps } from './seed';

export { DEMO_ADMIN, DEMO_MEMBER, DEMO_USERS } from './demo-users';
export { runSeedSteps, seedUsers, SEED_STEPS } from './seed';

/**
 * Seeds the demo data once (idempotent) in the Auth emulator and the database the API would
 * use with the same environment (`.data/db` by default). Call it before starting the server
 * in the same or another process, or start the server with SEED_DEMO=1 instead: two processes
 * must not hold the same DATA_DIR at once.
 */
export async function seedDemo(options: { config?: Config } = {}): Promise<Record<string, number>> {
  const config = options.config ?? loadConfig(process.env, { defaultDataDir: path.join(REPO_ROOT, '.data', 'db') });
  const app = await buildApp({ config, logger: false });
  try {
    await app.ready();
    return await runSeedSteps(app);
  } finally {
    await app.close();
  }
}
