// The long run of the model-based billing suite: `npm run test:billing-model -w api -- --runs 5000`
// (optional --seed N, --steps N). Same test file as `npm test`, more generated histories.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiDir, 'package.json'));

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' }, steps: { type: 'string' } },
});
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`test:billing-model: --${name} precisa ser um número inteiro positivo (recebido "${value}").`);
    process.exit(2);
  }
}
const seed = values.seed ?? String(Date.now() % 2 ** 31);
console.log(`test:billing-model: ${values.runs} históricos, semente ${seed}${values.steps ? `, até ${values.steps} passos` : ''}.`);

const jest = require.resolve('jest/bin/jest');
const child = spawn(process.execPath, [jest, '--config', path.join(apiDir, 'jest.config.js'), 'test/billing/model.test.ts'], {
  cwd: apiDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    BILLING_MODEL_RUNS: values.runs,
    BILLING_MODEL_SEED: seed,
    ...(values.steps ? { BILLING_MODEL_STEPS: values.steps } : {}),
  },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
