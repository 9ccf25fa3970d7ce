// Jest settings shared by the frontend packages: jsdom + Testing Library, TypeScript through SWC.
const path = require('node:path');

module.exports = function frontendJestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } },
      ],
    },
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup-dom.cjs')],
  };
};
