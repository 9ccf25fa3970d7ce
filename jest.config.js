// Every package's unit tests in one run; the browser suite (e2e/) runs separately against the production build.
const registry = require('./remotes.config.json');

module.exports = {
  // Jest reads testTimeout from the root config only (a project's own is ignored in a multi-project
  // run): the API suites' 30 s (real HTTP, emulator accounts) must be set here, or a busy machine
  // fails their beforeAll hooks at Jest's default 5 s.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/packages/platform',
    '<rootDir>/packages/documents',
    '<rootDir>/packages/dev-harness',
    '<rootDir>/packages/kit',
    `<rootDir>/${registry.shell.dir}`,
    ...Object.values(registry.remotes).map((remote) => `<rootDir>/${remote.dir}`),
    '<rootDir>/api',
    '<rootDir>/scripts',
  ],
};
