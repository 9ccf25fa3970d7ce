// API tests: real HTTP against an in-process app on a memory store, real Firebase Auth emulator tokens.
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
    // A few dependencies ship ESM only; Node 20 loads them natively (require(esm)), Jest's runtime does not.
    '^.+\\.[mc]?js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // Ignore node_modules except those packages, wherever they are nested (@react-email/render: its dynamic import of react-dom/server becomes a require).
  transformIgnorePatterns: ['/node_modules/(?!typebox/|content-disposition/|@apidevtools/|cookie/|@react-email/render/)(?:(?!/node_modules/).)*$'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Reuses the emulator `npm test` started (FIREBASE_AUTH_EMULATOR_HOST), or starts one.
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  testTimeout: 30_000,
  setupFilesAfterEnv: ['<rootDir>/test/setup/timeouts.ts'],
};
