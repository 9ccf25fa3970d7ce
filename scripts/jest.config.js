// Tests of the build and delivery scripts (size budgets, the static server): plain Node, no transform.
module.exports = {
  displayName: 'scripts',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/**/*.test.cjs'],
  transform: {},
};
