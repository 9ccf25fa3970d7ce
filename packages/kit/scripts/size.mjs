// `npm run size -w packages/kit`: what each part of the kit costs the page that imports it —
// gzipped JS of a production build of that one module with its libraries, without what the shell
// already provides to every remote (React, React DOM, @clube/platform) and axios (in every remote already).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const KIT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { exports: parts } = JSON.parse(readFileSync(path.join(KIT, 'package.json'), 'utf8'));
const out = mkdtempSync(path.join(tmpdir(), 'clube-kit-size-'));

const config = {
  mode: 'production',
  context: KIT,
  entry: Object.fromEntries(Object.entries(parts).map(([name, file]) => [name.slice(2).replace(/\//g, '__'), file])),
  output: { path: out, filename: '[name].js', library: { type: 'module' } },
  experiments: { outputModule: true },
  externalsType: 'module',
  externals: ['react', 'react-dom', 'react/jsx-runtime', '@clube/platform', 'axios'],
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  optimization: { splitChunks: false },
  stats: 'errors-warnings',
  module: {
    rules: [
      { test: /\.[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } } } },
      { test: /\.css$/, use: ['style-loader', 'css-loader'] },
    ],
  },
};

await new Promise((resolve, reject) =>
  webpack(config, (error, stats) => {
    if (error || stats.hasErrors()) return reject(error ?? new Error(stats.toString('errors-only')));
    return resolve();
  }),
);
const rows = readdirSync(out)
  .filter((file) => file.endsWith('.js'))
  .map((file) => [`@clube/kit/${file.slice(0, -3).replace(/__/g, '/')}`, gzipSync(readFileSync(path.join(out, file))).length])
  .sort((a, b) => b[1] - a[1]);
console.log('Custo de cada parte do kit (JS gzip, sem React/platform/axios)');
for (const [name, bytes] of rows) console.log(`  ${name.padEnd(40)} ${(bytes / 1024).toFixed(1).padStart(6)} kB`);
rmSync(out, { recursive: true, force: true });
