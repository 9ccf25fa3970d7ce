import { loadConfig, type Config } from '../../src/config';

/** A complete in-memory configuration for tests and the bench; override what matters. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST }),
    rateLimit: { max: 10_000, timeWindowMs: 60_000 },
    expensiveReadLimit: 10_000,
    ...overrides,
  };
}
