// Ports and folders of the shell and the remotes, from the one place they are declared.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { FRONTENDS } = require(path.join(ROOT, 'webpack.shared.js'));

/** @type {Record<string, { dir: string, port: number }>} */
export { FRONTENDS };

export const REMOTES = Object.keys(FRONTENDS).filter((name) => name !== 'shell');

/** Port of a frontend, overridable per environment (PORT for the shell, REMOTE_<NAME>_PORT for remotes). */
export function portOf(name, env = process.env) {
  const variable = name === 'shell' ? 'PORT' : `REMOTE_${name.toUpperCase()}_PORT`;
  return Number(env[variable] ?? FRONTENDS[name].port);
}
