// Ports and folders of the shell and the remotes, from the one place they are declared.
const path = require('node:path');
const { FRONTENDS } = require('../webpack.shared.js');

const ROOT = path.resolve(__dirname, '..');
const REMOTES = Object.keys(FRONTENDS).filter((name) => name !== 'shell');

/** Port of a frontend, overridable per environment (PORT for the shell, REMOTE_<NAME>_PORT for remotes). */
function portOf(name, env = process.env) {
  const variable = name === 'shell' ? 'PORT' : `REMOTE_${name.toUpperCase()}_PORT`;
  return Number(env[variable] ?? FRONTENDS[name].port);
}

module.exports = { ROOT, FRONTENDS, REMOTES, portOf };
