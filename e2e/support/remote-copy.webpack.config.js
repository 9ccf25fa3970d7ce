// A remote built from a copy of its package (e2e/support/redeploy.ts): the remote's own settings
// (webpack.shared.js) with the copy as its source, written to the remote's real dist/ (the
// deployment the suite serves, with its build history), resolving packages and loaders from the
// repository's node_modules, which the temporary folder does not have.
const path = require('node:path');
const { createFederatedConfig, FRONTENDS } = require('../../webpack.shared');

const ROOT = path.resolve(__dirname, '..', '..');
const { REMOTE_NAME: name, REMOTE_COPY_DIR: copyDir } = process.env;
if (!name || !FRONTENDS[name] || !copyDir) throw new Error('REMOTE_NAME (um remote de remotes.config.json) e REMOTE_COPY_DIR são obrigatórios.');

module.exports = (env, argv) => {
  // A remote with a first-view renderer has two builds (browser, then its renderer): both are redeployed.
  const deployed = [createFederatedConfig({ name, dir: path.join(ROOT, FRONTENDS[name].dir) })(env, argv)].flat();
  const copies = [createFederatedConfig({ name, dir: copyDir })(env, argv)].flat();
  const modules = ['node_modules', path.join(ROOT, 'node_modules')];
  return copies.map((copy, index) => ({ ...copy, output: deployed[index].output, resolve: { ...copy.resolve, modules }, resolveLoader: { modules } }));
};
