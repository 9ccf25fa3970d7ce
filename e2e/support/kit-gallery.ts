import http from 'node:http';
import path from 'node:path';
import type webpackType from 'webpack';
import { E2E_PORTS } from './env';

const KIT = path.resolve(__dirname, '..', '..', 'packages', 'kit');

/**
 * The kit's gallery, built for production (packages/kit/webpack.config.js) and served on its own
 * port (18085 + E2E_PORT_OFFSET). It is not a deployment, so `npm run build` does not build it.
 */
export async function serveKitGallery(): Promise<{ url: string; close(): Promise<void> }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const webpack = require('webpack') as typeof webpackType;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(path.join(KIT, 'webpack.config.js'))({}, { mode: 'production' });
  await new Promise<void>((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      return resolve();
    }),
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sirv = require('sirv') as (dir: string, options: { single: boolean }) => http.RequestListener;
  const server = http.createServer(sirv(path.join(KIT, 'dist'), { single: true }));
  await new Promise<void>((resolve) => server.listen(E2E_PORTS.kit, '0.0.0.0', resolve));
  return {
    url: `http://localhost:${E2E_PORTS.kit}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
