// Jest settings shared by the frontend packages: jsdom + Testing Library, TypeScript through SWC.
const path = require('node:path');

module.exports = function frontendJestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    // jsdom with Node's fetch/streams globals and Node export conditions, which msw needs.
    testEnvironment: 'jest-fixed-jsdom',
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } },
      ],
    },
    // Some of msw's dependencies ship ESM only (.mjs files, until-async): compiled like our own code.
    transformIgnorePatterns: ['/node_modules/(?!until-async/).+\\.(c?js|json)$'],
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup-dom.cjs')],
  };
};
