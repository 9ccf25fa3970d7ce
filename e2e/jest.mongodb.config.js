// The main journey once with the API on a MongoDB-protocol server (E2E_MONGODB_URI, else a FerretDB
// 1.24 started for the run): `npm run test:browser:mongo`, after the production build.
const base = require('./jest.config');

module.exports = {
  ...base,
  displayName: 'browser (MongoDB)',
  testMatch: ['<rootDir>/mongodb/**/*.test.ts'],
  globalSetup: '<rootDir>/support/global-setup-mongodb.ts',
  globalTeardown: '<rootDir>/support/global-teardown-mongodb.ts',
};
