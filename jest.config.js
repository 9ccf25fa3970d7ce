// Every package's unit tests in one run; the browser suite (e2e/) runs separately against the production build.
const registry = require('./remotes.config.json');

module.exports = {
  projects: [
    '<rootDir>/packages/platform',
    '<rootDir>/packages/dev-harness',
    `<rootDir>/${registry.shell.dir}`,
    ...Object.values(registry.remotes).map((remote) => `<rootDir>/${remote.dir}`),
    '<rootDir>/api',
  ],
};
