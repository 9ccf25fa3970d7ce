// The one place for webpack and Module Federation settings shared by the shell and the remotes.
// Each frontend package's webpack.config.js is a single call to `createFederatedConfig`.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** Packages that exist once per page: the shell creates their state, remotes consume it. */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  '@clube/platform',
];

/** Entry points of the singletons that code imports directly (JSX runtime, React DOM client). */
const SHARED_SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom/client': 'react-dom',
};

/**
 * Where each frontend package is served, locally and by `npm start` (one origin per deployment),
 * from the one registry of remotes (remotes.config.json: names, folders, ports, route prefixes).
 */
const REGISTRY = require('./remotes.config.json');
const FRONTENDS = Object.fromEntries(
  Object.entries({ shell: REGISTRY.shell, ...REGISTRY.remotes }).map(([name, { dir, port }]) => [name, { dir, port }]),
);

/** Every remote exposes one module: its routes, mounted by the shell. */
const REMOTE_EXPOSE = './routes';

/**
 * Shared-module config with `requiredVersion` read from the package's own package.json.
 * A production remote never bundles a fallback copy (`import: false`): the shell always provides
 * the singletons, so React and the platform state exist once. The dev harness provides its own.
 */
function sharedConfig(pkg, { provide }) {
  const deps = { ...pkg.dependencies };
  const entries = [...SHARED_SINGLETONS.map((name) => [name, name]), ...Object.entries(SHARED_SUBPATHS)];
  return Object.fromEntries(
    entries.map(([name, owner]) => {
      if (!deps[owner]) throw new Error(`${pkg.name}: ${owner} must be a dependency to be shared`);
      return [
        name,
        { singleton: true, requiredVersion: deps[owner], ...(provide ? {} : { import: false }) },
      ];
    }),
  );
}

/** Writes a trimmed stats.json beside the build, read by `npm run size`. */
class StatsFilePlugin {
  apply(compiler) {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        chunkModules: true,
        entrypoints: true,
        namedChunkGroups: true,
        chunkGroups: true, // what fills namedChunkGroups (each lazily loaded page's chunks, for `npm run size`)
        ids: true,
      });
      const slim = {
        entrypoints: json.entrypoints,
        namedChunkGroups: json.namedChunkGroups,
        chunks: (json.chunks ?? []).map((chunk) => ({
          id: chunk.id,
          names: chunk.names,
          files: chunk.files,
          initial: chunk.initial,
          modules: (chunk.modules ?? []).flatMap((m) => [m.name, ...(m.modules ?? []).map((n) => n.name)]),
        })),
      };
      fs.mkdirSync(compiler.outputPath, { recursive: true });
      fs.writeFileSync(path.join(compiler.outputPath, 'stats.json'), JSON.stringify(slim));
    });
  }
}

/**
 * @param {{ name: keyof typeof FRONTENDS, dir: string }} options
 */
function createFederatedConfig({ name, dir }) {
  const frontend = FRONTENDS[name];
  const isShell = name === 'shell';
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const dev = mode === 'development';
    // The shell always renders a page; a remote renders one only in dev, inside its harness.
    const hasPage = isShell || dev;

    return {
      mode,
      context: dir,
      entry: hasPage ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        // The shell is served from its origin's root (deep links need absolute URLs); a remote's
        // chunks are resolved from wherever its remoteEntry.js was loaded.
        // In dev a remote is served from its own dev server, also to deep links inside its harness.
        publicPath: isShell ? '/' : dev ? `http://localhost:${frontend.port}/` : 'auto',
        uniqueName: `clube_${name}`,
        // Entry files keep stable names (served with no-cache): a [contenthash] in `filename` breaks
        // the federation runtime on webpack 5.111 (module-federation/core#5077). Chunks are hashed.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      performance: { hints: false },
      stats: 'errors-warnings',
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2022',
                  transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isShell
            ? { remotes: {} } // remotes come from the runtime manifest (shell/public/remotes.json)
            : { filename: 'remoteEntry.js', exposes: { [REMOTE_EXPOSE]: './src/routes.tsx' } }),
          shared: sharedConfig(pkg, { provide: hasPage }),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
        }),
        hasPage &&
          new HtmlWebpackPlugin({
            template: path.join(__dirname, 'shell', 'index.html'),
            title: isShell ? 'Clube' : `Clube · ${name} (harness)`,
          }),
        // public/ as plain assets (runtime config and manifest defaults), when the package has one.
        fs.existsSync(path.join(dir, 'public')) && new CopyWebpackPlugin({ patterns: [{ from: path.join(dir, 'public') }] }),
        dev && new (require('@pmmmwh/react-refresh-webpack-plugin'))({ overlay: false }),
        !dev && new StatsFilePlugin(),
      ].filter(Boolean),
      devServer: {
        port: frontend.port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
        client: { overlay: false },
      },
    };
  };
}

module.exports = { createFederatedConfig, REGISTRY, FRONTENDS, SHARED_SINGLETONS, SHARED_SUBPATHS, REMOTE_EXPOSE };
