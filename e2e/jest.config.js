// The browser suite: real Chromium (Debian package) driven by playwright-core against the
// production build. Run by `npm test` after the build; alone: `npm run test:browser`.
module.exports = {
  displayName: 'browser',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  testTimeout: 120000,
  maxWorkers: 1,
  // The files that move the API's clock run last (see the sequencer).
  testSequencer: '<rootDir>/support/clock-last-sequencer.cjs',
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
};
