import fc from 'fast-check';
import { action, closeModel, history } from '../helpers/billing-model';

/**
 * Model-based billing: random histories of member, admin, gateway and clock actions against
 * the real API with the invariants checked after every step (test/helpers/billing-model.ts).
 * A fixed seed and a bounded number of runs in `npm test`; a long run is
 * `npm run test:billing-model -w api -- --runs 5000` (also `--seed N`, `--steps N`).
 */
const RUNS = Number(process.env.BILLING_MODEL_RUNS ?? 60);
const SEED = Number(process.env.BILLING_MODEL_SEED ?? 20260310);
const MAX_STEPS = Number(process.env.BILLING_MODEL_STEPS ?? 30);

afterAll(closeModel);

describe('Billing model (generated histories)', () => {
  test(
    `When ${RUNS} random histories of up to ${MAX_STEPS} steps run against the API, then every invariant holds after every step`,
    async () => {
      await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: MAX_STEPS, size: 'max' }), history), {
        seed: SEED,
        numRuns: RUNS,
        verbose: 1,
      });
    },
    Math.max(120_000, RUNS * 4_000),
  );
});
