// Production build of the shell and every remote, in one webpack process, then the API's JavaScript.
// `node scripts/build.mjs catalog` builds only the named frontends (and not the API).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import frontends from './frontends.cjs';

const { FRONTENDS, ROOT } = frontends;

const require = createRequire(import.meta.url);

export async function buildFrontends(names = Object.keys(FRONTENDS), { quiet = false } = {}) {
  const webpack = require('webpack');
  // A remote with a first-view renderer gives two configurations (its browser build and the renderer's).
  const configs = names.flatMap((name) => {
    const factory = require(path.join(ROOT, FRONTENDS[name].dir, 'webpack.config.js'));
    const [browser, ...others] = [factory({}, { mode: 'production' })].flat();
    return [{ ...browser, name }, ...others];
  });
  const started = Date.now();
  await new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      if (stats.hasWarnings() && !quiet) console.warn(stats.toString('errors-warnings'));
      resolve();
    });
  });
  if (!quiet) console.log(`Build de produção pronto (${names.join(', ')}) em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !FRONTENDS[name]);
  if (unknown.length) {
    console.error(`Frontend desconhecido: ${unknown.join(', ')} (use: ${Object.keys(FRONTENDS).join(', ')})`);
    process.exit(1);
  }
  // Everything: the frontends, then the API's JavaScript (api/scripts/build.mjs, what `npm run start -w api` runs).
  const buildAll = async () => {
    await buildFrontends(names.length ? names : undefined);
    if (names.length) return;
    const { buildApi } = await import(pathToFileURL(path.join(ROOT, 'api', 'scripts', 'build.mjs')).href);
    const api = await buildApi();
    console.log(`API compilada em api/dist (${api.files} arquivos, ${api.ms} ms)`);
  };
  buildAll().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
