// The shell bundles the Module Federation runtime it imports (shell/src/remotes/load-remote.ts) and
// the build plugin of the root's webpack.shared.js injects its own: two different versions would
// give the page two federation runtimes that do not share remotes or singletons.
const ROOT_PACKAGE = require('../../package.json');
const SHELL_PACKAGE = require('../../shell/package.json');

it('When the shell declares @module-federation/enhanced, then it is the exact version the root builds with', () => {
  const built = ROOT_PACKAGE.devDependencies['@module-federation/enhanced'];
  expect(built).toMatch(/^\d+\.\d+\.\d+$/);
  expect(SHELL_PACKAGE.dependencies['@module-federation/enhanced']).toBe(built);
});
