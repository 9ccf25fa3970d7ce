// Pure functions: Node, TypeScript through SWC.
const path = require('node:path');

module.exports = {
  displayName: path.basename(__dirname),
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
};
