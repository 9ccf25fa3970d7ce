// Every package's unit tests in one run; the browser suite (e2e/) runs separately against the production build.
module.exports = {
  projects: [
    '<rootDir>/packages/platform',
    '<rootDir>/packages/kit',
    '<rootDir>/shell',
    '<rootDir>/remote-auth',
    '<rootDir>/remote-catalog',
    '<rootDir>/remote-account',
    '<rootDir>/remote-admin',
    '<rootDir>/api',
  ],
};
