// The one place for webpack and Module Federation settings shared by the shell and the remotes.
// Each frontend package's webpack.config.js is a single call to `createFederatedConfig`.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const zlib = require('node:zlib');

/** Packages that exist once per page: the shell creates their state, remotes consume it. */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  '@clube/platform',
];

/**
 * What the provided `react-router-dom` exports (shell/src/shared/react-router-dom.ts): the
 * declarative-routing API, tree-shaken out of React Router 7 instead of shipping the whole package.
 * eslint.config.mjs allows importing only these names from react-router-dom.
 */
const ROUTER_EXPORTS = [
  'BrowserRouter', 'MemoryRouter', 'Routes', 'Route', 'Link', 'NavLink', 'Navigate', 'Outlet',
  'useHref', 'useInRouterContext', 'useLinkClickHandler', 'useLocation', 'useMatch', 'useNavigate',
  'useNavigationType', 'useOutletContext', 'useParams', 'useResolvedPath', 'useRoutes', 'useSearchParams',
  'createSearchParams', 'generatePath', 'matchPath', 'resolvePath',
];
const ROUTER_MODULE = path.join(__dirname, 'shell', 'src', 'shared', 'react-router-dom.ts');
const ROUTER_VERSION = JSON.parse(
  fs.readFileSync(path.join(path.dirname(require.resolve('react-router-dom')), '..', 'package.json'), 'utf8'),
).version;

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

/**
 * The runtime plugin that puts the shell's federation runtime where production remotes (built with
 * `experiments.externalRuntime`) look for it: `globalThis._FEDERATION_RUNTIME_CORE`. It is what
 * `experiments.provideExternalRuntime` adds, but in its ES-module build: that option resolves the
 * plugin's CommonJS build, which bundles a second, untreeshaken copy of the runtime core (+21 kB
 * gzip in the shell's initial JS); the ES build shares the copy the shell already has.
 */
const EXTERNAL_RUNTIME_PROVIDER = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/** Every remote exposes one module: its routes, mounted by the shell. */
const REMOTE_EXPOSE = './routes';

/** Every shared request: the singletons and the subpaths code imports directly. */
const SHARED_REQUESTS = [...SHARED_SINGLETONS, ...Object.keys(SHARED_SUBPATHS)];

/**
 * The request under which the shell's own code reaches a module it provides (see ShellOwnSharedPlugin).
 * An alias of the same file: `OWN_SHARED_PREFIX + 'react'` resolves to what `react` resolves to.
 */
const OWN_SHARED_PREFIX = 'clube-shell-own/';
/** The files of the shared libraries (and what they bundle in: scheduler, the router's core…) and the platform's. */
const OWN_SHARED_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|zustand|use-sync-external-store|@tanstack[\\/](react-query|query-core))[\\/]|[\\/]packages[\\/]platform[\\/]src[\\/]/;
/** Of those, React DOM and its scheduler: a chunk of their own (see the `ownReact` cache group). */
const OWN_REACT_MODULES = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const ownSharedTarget = (name) => (name === 'react-router-dom' ? ROUTER_MODULE : name);

/**
 * Shared-module config with `requiredVersion` read from the package's own package.json.
 * A production remote never bundles a fallback copy (`import: false`): the shell always provides
 * the singletons, so React and the platform state exist once. The dev harness provides its own.
 * The shell provides each one through its own request (`ownImport`, ShellOwnSharedPlugin).
 */
function sharedConfig(pkg, { provide, ownImport = false }) {
  const deps = { ...pkg.dependencies };
  const entries = [...SHARED_SINGLETONS.map((name) => [name, name]), ...Object.entries(SHARED_SUBPATHS)];
  return Object.fromEntries(
    entries.map(([name, owner]) => {
      if (!deps[owner]) throw new Error(`${pkg.name}: ${owner} must be a dependency to be shared`);
      const version = name === 'react-router-dom' ? { version: ROUTER_VERSION } : {};
      const provided = ownImport
        ? { import: `${OWN_SHARED_PREFIX}${name}`, ...version }
        : name === 'react-router-dom'
          ? { import: ROUTER_MODULE, ...version }
          : {};
      return [
        name,
        { singleton: true, requiredVersion: deps[owner], ...(provide ? provided : { import: false }) },
      ];
    }),
  );
}

/**
 * The shell's own code imports the modules it provides directly, not through the federation
 * runtime. Shared as usual, every `import 'react'` (of the shell, the platform, the router, React
 * DOM…) became a "consume shared module": at start-up the runtime resolved each of them (share
 * scope, strategy, a semver check against the shell's own version, the chunk of the provided copy)
 * before the app could run — most of `main.js`'s first task, 170–230 ms at 4× CPU. The shell
 * is the only provider (production remotes bundle no copy, `import: false`), so it always got its
 * own module back. Here each shared request of the shell's build is renamed before the consume
 * plugin sees it (`react` → `clube-shell-own/react`), and the alias resolves the new name to the
 * same file: one module, required directly. The shell still provides it under its share key
 * (`sharedConfig`'s `ownImport`), from that same module, so remotes get the very instance the
 * shell runs.
 */
class ShellOwnSharedPlugin {
  apply(compiler) {
    const renamed = new Set(SHARED_REQUESTS);
    compiler.hooks.normalModuleFactory.tap('ShellOwnSharedPlugin', (factory) => {
      // beforeResolve runs before `factorize`, where the consume plugin matches the request.
      factory.hooks.beforeResolve.tap('ShellOwnSharedPlugin', (data) => {
        if (renamed.has(data.request)) data.request = `${OWN_SHARED_PREFIX}${data.request}`;
      });
    });
  }

  /** resolve.alias for the renamed requests (exact matches) → the modules they stand for. */
  static alias() {
    return Object.fromEntries(SHARED_REQUESTS.map((name) => [`${OWN_SHARED_PREFIX}${name}$`, ownSharedTarget(name)]));
  }
}

/** V8's explicit compile hint for a whole file (Chromium 136+; other engines read a comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The entry files that carry the hint: the shell's main.js, a production remote's remoteEntry.js. */
const compileHintFiles = (isShell) => (isShell ? ['main.js'] : ['remoteEntry.js']);

/**
 * Marks the entry files (the shell's main.js, a remote's remoteEntry.js) with V8's compile hint, so
 * Chromium compiles every function in them on a background thread while the file streams in.
 * Almost every function of an entry runs while it is evaluated (webpack's runtime, the federation
 * runtime's init), and compiled lazily each was compiled on the main thread at its first call: the
 * main.js task took 24–43 ms on this machine's Chromium (96–172 ms at Lighthouse's 4× CPU), with the
 * hint 11–22 ms (login page, Lighthouse traces, four runs each, alternating builds). The chunks of
 * the app stay lazy: most of React DOM's or a page's functions never run at start.
 * Added after minification (which drops comments), before the pre-compressed siblings are made.
 */
class CompileHintsPlugin {
  constructor(files) {
    this.files = new Set(files);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of this.files) {
            if (compilation.getAsset(file)) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

/** Shell chunks (named with webpackChunkName) that load only after first paint or on demand. */
const ON_DEMAND_CHUNKS = ['posthog', 'firebase', 'firebase-sdk', 'api-client'];

/** How many builds' hashed chunks stay in dist/, so a tab opened before a redeploy keeps working. */
const KEPT_BUILDS = 3;
const BUILDS_FILE = 'builds.json';
const HASHED_ASSET = /\.[0-9a-f]{8}\.js(\.br|\.gz)?$/;

/** The hashed files each of the last builds emitted (dist/builds.json), newest last. */
function readBuilds(outputPath) {
  try {
    const builds = JSON.parse(fs.readFileSync(path.join(outputPath, BUILDS_FILE), 'utf8'));
    return Array.isArray(builds) ? builds.filter(Array.isArray) : [];
  } catch {
    return [];
  }
}

/**
 * Redeploy safety: `output.clean` keeps the hashed chunks of the previous KEPT_BUILDS - 1 builds
 * (an open tab may still ask for them) and this plugin records what each build emitted, so older
 * ones are pruned by the next clean.
 */
class BuildHistoryPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BuildHistoryPlugin', (compilation) => {
      const files = Object.keys(compilation.assets).filter((file) => HASHED_ASSET.test(file)).sort();
      const builds = [...readBuilds(compiler.outputPath), files].slice(-KEPT_BUILDS);
      fs.writeFileSync(path.join(compiler.outputPath, BUILDS_FILE), JSON.stringify(builds));
    });
  }
}

/** `output.clean.keep`: what the previous builds emitted (the current one overwrites its own). */
function keepPreviousBuilds(outputPath) {
  let kept = null;
  return (asset) => {
    kept ??= new Set([BUILDS_FILE, ...readBuilds(outputPath).slice(-(KEPT_BUILDS - 1)).flat()]);
    // The first-view renderer is another build's output (firstViewConfig), cleaned by that build.
    return kept.has(asset) || asset.startsWith('server/');
  };
}

/** A route path in a remote's routes.tsx: joins a relative child path to its parent's. */
function joinRoutePath(parent, child) {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/**
 * The lazily loaded pages of a remote's routes module (its `src/routes.tsx`), read from the source:
 * `const X = lazy(() => import('./request'))` and `<Route path="/p" element={…<X />…} />`.
 * @param {string} source the routes module's TypeScript/JSX text
 * @returns {Array<{ path: string, requests: string[] }>} each routed path with the import requests of the lazy pages its element renders
 */
function lazyRoutePages(source) {
  const ts = require('typescript');
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazyRequests = new Map();
  const importRequest = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      return argument && ts.isStringLiteralLike(argument) ? argument.text : null;
    }
    return ts.forEachChild(node, importRequest) ?? null;
  };
  const isLazyCall = (node) => ts.isCallExpression(node) && /^(React\.)?lazy$/.test(node.expression.getText(file));
  const collectLazy = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isLazyCall(node.initializer)) {
      const request = importRequest(node.initializer);
      if (request) lazyRequests.set(node.name.text, request);
    }
    ts.forEachChild(node, collectLazy);
  };
  collectLazy(file);

  const tagNames = (node, names = []) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) names.push(node.tagName.getText(file));
    ts.forEachChild(node, (child) => void tagNames(child, names));
    return names;
  };
  const pages = [];
  const visit = (node, parentPath) => {
    const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : null;
    if (opening && opening.tagName.getText(file) === 'Route') {
      const attribute = (name) => opening.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText(file) === name);
      const pathValue = attribute('path')?.initializer;
      const routePath = pathValue && ts.isStringLiteral(pathValue) ? joinRoutePath(parentPath, pathValue.text) : null;
      const element = attribute('element')?.initializer;
      if (routePath && element) {
        const requests = [...new Set(tagNames(element).filter((name) => lazyRequests.has(name)).map((name) => lazyRequests.get(name)))];
        if (requests.length) pages.push({ path: routePath, requests });
      }
      if (ts.isJsxElement(node)) for (const child of node.children) visit(child, routePath ?? parentPath);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, parentPath));
  };
  visit(file, '');
  return pages;
}

/**
 * The scripts of each lazily loaded page of a remote, by route path: the chunks webpack made for
 * the page's `import()` in the routes module (from the chunks' origins in the stats), and the chunks
 * the page itself imports with `webpackPreload: true` (its chunks' `childrenByOrder.preload`).
 * @param {Array<{ path: string, requests: string[] }>} routePages from lazyRoutePages
 * @param {Array<{ id?: string | number, files: string[], origins?: Array<{ moduleName?: string, request?: string }>, childrenByOrder?: Record<string, Array<string | number>> }>} chunks stats chunks (full origins)
 */
function pagePreloads(routePages, chunks) {
  const fromRoutes = (origin) => /^\.\/src\/routes\.tsx\b/.test(origin.moduleName ?? '');
  return routePages
    .map(({ path: routePath, requests }) => {
      const pageChunks = chunks.filter((chunk) => (chunk.origins ?? []).some((origin) => fromRoutes(origin) && requests.includes(origin.request)));
      // What the page imports with `webpackPreload: true` (the video page's hls.js) is preloaded with it.
      const preloaded = new Set(pageChunks.flatMap((chunk) => chunk.childrenByOrder?.preload ?? []));
      const scripts = [...pageChunks, ...chunks.filter((chunk) => preloaded.has(chunk.id))]
        .flatMap((chunk) => chunk.files)
        .filter((file) => file.endsWith('.js'));
      return { path: routePath, scripts: [...new Set(scripts)].sort() };
    })
    .filter((page) => page.scripts.length > 0);
}

/** The shell layout's markup while the session is checked, kept equal to <Layout> by shell/src/__tests__/first-paint.test.tsx. */
const FIRST_PAINT_FRAME = path.join(__dirname, 'shell', 'src', 'layout', 'first-paint.html');

/**
 * Makes the shell's HTML paint its frame before any script runs: the extracted CSS (one `styles`
 * file, with no loading code in the runtime) goes into a <style> element, so no request blocks
 * rendering and no script has to inject styles first; the entry scripts are preloaded and started
 * once the frame is painted.
 */
class FirstPaintPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('FirstPaintPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FirstPaintPlugin', (data) => {
        const css = compilation
          .getAssets()
          .filter((asset) => asset.name.endsWith('.css'))
          .map((asset) => asset.source.source().toString())
          .join('\n');
        const meta = { plugin: 'FirstPaintPlugin' };
        const scripts = data.headTags.filter((tag) => tag.tagName === 'script' && tag.attributes.src).map((tag) => String(tag.attributes.src));
        const others = data.headTags.filter((tag) => !(tag.tagName === 'link' && tag.attributes.rel === 'stylesheet') && !(tag.tagName === 'script' && tag.attributes.src));
        // The entry scripts are fetched at once (preload) but run after the whole document has been
        // parsed and painted (the next animation frame after DOMContentLoaded, or 200 ms later in a tab
        // that paints no frames yet): evaluating them would otherwise hold the paint of the page's
        // first view (the server's markup) behind the header's, even when they arrive early.
        // A page whose first view came in the HTML (`window.__CLUBE__.preloadLater`, from
        // scripts/serve-static.cjs) starts them once its images are in too (the load event, at most
        // 1.5 s after the document), and only then preloads its chunks: fetched or run before, they
        // would count as part of that paint on a slow phone. The page is readable meanwhile.
        // "Painted" means on screen: such a page waits for its first contentful paint to be reported
        // (a `paint` PerformanceObserver entry, delivered once the frame is presented) before the next
        // animation frame starts them. A frame is committed well before it is presented (the raster
        // of its images comes between: 50–90 ms in headless Chromium here), and scripts asked for in
        // that gap compete with the hero image for the line and count as part of the page's largest
        // paint — Lighthouse's simulated LCP of `/` went from 1.1 s to 1.9–2.1 s in runs where they
        // did. The wait is capped at 1 s after the load event; a hidden tab or a browser without
        // paint timing starts them as before.
        // The elements go in one per task, the entry's scripts first: each append starts a fetch
        // (0–20 ms at 4× CPU each, measured in Chromium), so the 20–30 of a page in one task were a
        // long task (50–200 ms at 4×) of their own, and three per task still 50–70 ms.
        const start = `(function(){var s=${JSON.stringify(scripts)},d=0;function go(){if(d)return;d=1;var c=window.__CLUBE__,q=[];s.forEach(function(u){q.push(function(){var e=document.createElement('script');e.src=u;e.async=false;document.head.appendChild(e)})});(c&&c.preloadLater||[]).forEach(function(u){q.push(function(){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=u;l.fetchPriority='low';document.head.appendChild(l)})});(function next(){var f=q.shift();if(f)f();if(q.length)setTimeout(next)})()}function later(){requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,200)}function painted(){var P=window.PerformanceObserver,f='first-contentful-paint';if(document.visibilityState!=='visible'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0||performance.getEntriesByName(f).length)return later();setTimeout(go,1000);new P(function(l,o){if(l.getEntriesByName(f).length){o.disconnect();later()}}).observe({type:'paint',buffered:true})}function ready(){var c=window.__CLUBE__,t=0;if(!(c&&c.preloadLater))return later();function once(){if(!t){t=1;painted()}}if(document.readyState==='complete')return once();window.addEventListener('load',once);setTimeout(once,1500)}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',ready);else ready()})()`;
        data.headTags = [
          ...(css ? [{ tagName: 'style', voidTag: false, meta, attributes: {}, innerHTML: css }] : []),
          ...scripts.map((src) => ({ tagName: 'link', voidTag: true, meta, attributes: { rel: 'preload', as: 'script', href: src, fetchpriority: 'low' } })),
          ...others,
          ...(scripts.length ? [{ tagName: 'script', voidTag: false, meta, attributes: {}, innerHTML: start }] : []),
        ];
        return data;
      });
    });
  }
}

/** Writes a trimmed stats.json beside the build, read by `npm run size`. */
class StatsFilePlugin {
  constructor({ isShell, dir }) {
    this.isShell = isShell;
    this.dir = dir;
  }

  apply(compiler) {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        chunkModules: true,
        // Every module of every chunk (by default a chunk lists a few and groups the ones it holds only
        // as dependencies of others), for `npm run size`'s singleton check.
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
        dependentModules: true,
        chunkOrigins: true,
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
          // What asks for the chunk: a "consume shared module" only loads it as a fallback.
          origins: [...new Set((chunk.origins ?? []).map((origin) => origin.moduleName ?? ''))],
        })),
      };
      fs.mkdirSync(compiler.outputPath, { recursive: true });
      fs.writeFileSync(path.join(compiler.outputPath, 'stats.json'), JSON.stringify(slim));
      const preload = preloadManifest(slim, this.isShell);
      const routesFile = path.join(this.dir, 'src', 'routes.tsx');
      if (!this.isShell && fs.existsSync(routesFile)) {
        preload.pages = pagePreloads(lazyRoutePages(fs.readFileSync(routesFile, 'utf8')), json.chunks ?? []);
      }
      // The public reads each page makes first (src/page-data.json): the shell's server embeds their answers.
      const pageDataFile = path.join(this.dir, 'src', 'page-data.json');
      if (!this.isShell && fs.existsSync(pageDataFile)) preload.data = JSON.parse(fs.readFileSync(pageDataFile, 'utf8')).pages;
      fs.writeFileSync(path.join(compiler.outputPath, 'preload.json'), JSON.stringify(preload));
    });
  }
}

/**
 * A chunk only a "consume shared module" asks for is the fallback copy of a singleton the shell
 * itself provides (the shell loads the provided copy, never this one); one only a "provide shared
 * module" asks for holds what the shell hands to remotes but its own code does not run (a
 * re-exporting entry module such as zustand's index): neither is initial nor preloaded.
 */
function isFallbackOnly(chunk) {
  const origins = chunk.origins ?? [];
  return origins.length > 0 && origins.every((origin) => /^(consume|provide) shared module/.test(origin));
}

/** The shell's chunks needed before first paint: all but the on-demand ones and the fallback copies. */
function shellInitialChunks(stats) {
  return stats.chunks.filter((chunk) => !chunk.names.some((n) => ON_DEMAND_CHUNKS.includes(n)) && !isFallbackOnly(chunk));
}

/**
 * What the shell's server preloads (dist/preload.json): for the shell, every chunk needed before
 * first paint (shellInitialChunks); for a remote, its entry and the chunks of its exposed
 * routes module (the first route). The plugin adds a remote's `pages` (route path → the chunks of
 * the lazy page it renders), so the page chunk of the requested path is preloaded too.
 */
function preloadManifest(stats, isShell) {
  const js = (chunks) => [...new Set(chunks.flatMap((chunk) => chunk.files).filter((file) => file.endsWith('.js')))];
  if (isShell) {
    return { scripts: js(shellInitialChunks(stats)) };
  }
  return { entry: 'remoteEntry.js', scripts: js(stats.chunks.filter(isExposedRoutesChunk)) };
}

/**
 * A chunk a remote loads with its exposed routes module (its first route): the one holding
 * `src/routes.tsx`, and any chunk split off beside it (e.g. the libraries its eager pages import),
 * which the federation container asks for in the same breath.
 */
function isExposedRoutesChunk(chunk) {
  return chunk.modules.some((m) => m?.startsWith('./src/routes.tsx')) || (chunk.origins ?? []).includes('container entry');
}

/** TypeScript/JSX through swc (React's automatic runtime): the one script rule of every build here. */
function scriptRule({ development = false, refresh = false } = {}) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic', development, refresh } } } },
    },
  };
}

/** A remote's first-view renderer source (server side), when it has one. */
const FIRST_VIEW_ENTRY = path.join('src', 'first-view.tsx');
/** Where its build goes, inside the remote's dist/ (a remote redeployed alone brings its renderer). */
const FIRST_VIEW_OUTPUT = path.join('server', 'first-view.cjs');

/**
 * The build of a remote's first-view renderer (src/first-view.tsx → dist/server/first-view.cjs): one
 * CommonJS file for Node with everything bundled (React, the platform, the pages; no federation:
 * it runs in the shell's HTML server), CSS imports registered as text (first-view-css-loader.cjs).
 */
function firstViewConfig({ name, dir }) {
  return {
    name: `${name}-first-view`,
    mode: 'production',
    context: dir,
    target: 'node',
    entry: { 'first-view': `./${FIRST_VIEW_ENTRY.split(path.sep).join('/')}` },
    output: {
      path: path.join(dir, 'dist', path.dirname(FIRST_VIEW_OUTPUT)),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    devtool: false,
    // Readable stack traces in the server's log; the size does not matter here.
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    module: {
      rules: [
        scriptRule(),
        { test: /\.css$/, use: [path.join(__dirname, 'scripts', 'first-view-css-loader.cjs')] },
      ],
    },
    plugins: [
      // One file: the pages' `import()` resolve from it (no chunk files to load at run time).
      new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
      new (require('webpack').DefinePlugin)({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
  };
}

/**
 * @param {{ name: keyof typeof FRONTENDS, dir: string }} options
 * A remote with a src/first-view.tsx gets, in production, a second build: its first-view renderer
 * (firstViewConfig); the factory then returns both configurations.
 */
function createFederatedConfig({ name, dir }) {
  const frontend = FRONTENDS[name];
  const isShell = name === 'shell';
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

  const hasFirstView = !isShell && fs.existsSync(path.join(dir, FIRST_VIEW_ENTRY));
  const browser = browserConfig({ name, dir, frontend, isShell, pkg });
  return (env, argv = {}) => {
    const config = browser(env, argv);
    return hasFirstView && config.mode === 'production' ? [config, firstViewConfig({ name, dir })] : config;
  };
}

function browserConfig({ name, dir, frontend, isShell, pkg }) {
  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const dev = mode === 'development';
    // The shell always renders a page; a remote renders one only in dev, inside its harness.
    const hasPage = isShell || dev;
    const firstPaint = isShell && !dev;

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
        // Keeps the previous builds' hashed chunks (BuildHistoryPlugin prunes after KEPT_BUILDS).
        clean: dev ? true : { keep: keepPreviousBuilds(path.join(dir, 'dist')) },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], ...(isShell ? { alias: ShellOwnSharedPlugin.alias() } : {}) },
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      performance: { hints: false },
      // The Firebase SDK in one named chunk, loaded only for a stored session or an identity operation
      // (shell/src/auth/lazy-identity.ts) and left out of the shell's initial JS and preloads.
      optimization:
        isShell && !dev
          ? {
              splitChunks: {
                cacheGroups: {
                  firebase: { test: /[\\/]node_modules[\\/](firebase|@firebase|idb)[\\/]/, name: 'firebase-sdk', chunks: 'async', priority: 20, enforce: true },
                  // The libraries the shell both runs and provides (ShellOwnSharedPlugin), in one chunk
                  // that the app and the provided copies load alike. Split by default, small ones (React
                  // itself) were copied into every chunk needing them, and the app asked for 11 chunks at
                  // start: a script element each, 1–3 ms of main thread apiece on this machine (×4 on a
                  // slow phone), all in one task. A big script is compiled off the main thread anyway.
                  ownShared: { test: OWN_SHARED_MODULES, name: 'shared', chunks: 'async', priority: 10, enforce: true },
                  // React DOM (and its scheduler) apart, above ownShared's priority: one 324 kB script's
                  // evaluation was one task of 14–29 ms on this machine's Chromium (56–116 ms at 4× CPU),
                  // almost all of it V8 finishing the compilation streamed in the background; as 211 kB and
                  // 113 kB it is two tasks of 6–16 ms.
                  ownReact: { test: OWN_REACT_MODULES, name: 'shared-react', chunks: 'async', priority: 11, enforce: true },
                  // All of the shell's CSS in one file, which FirstPaintPlugin puts into the HTML.
                  // Above ownShared's priority: the platform's CSS stays here, not in the `shared` chunk.
                  styles: { type: 'css/mini-extract', name: 'styles', chunks: 'all', priority: 30, enforce: true },
                },
              },
            }
          : undefined,
      stats: 'errors-warnings',
      module: {
        rules: [
          scriptRule({ development: dev, refresh: dev }),
          // The shell's production CSS (tokens + layout) is extracted and inlined into its HTML
          // (FirstPaintPlugin): the first-paint frame is styled before any script runs.
          { test: /\.css$/, use: [firstPaint ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isShell
            ? { remotes: {} } // remotes come from the runtime manifest (shell/public/remotes.json)
            : { filename: 'remoteEntry.js', exposes: { [REMOTE_EXPOSE]: './src/routes.tsx' } }),
          shared: sharedConfig(pkg, { provide: hasPage, ownImport: isShell }),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          // Remotes are registered by their remoteEntry.js URL (no mf-manifest.json), in browsers only:
          // the runtime's snapshot (manifest) plugin and Node code are left out of every entry.
          experiments: {
            optimization: { disableSnapshot: true, target: 'web' },
            // A production remote's remoteEntry.js does not ship a second federation runtime: it
            // uses the one the shell provides (EXTERNAL_RUNTIME_PROVIDER). A remote in dev renders
            // its own harness page and keeps its own runtime.
            ...(hasPage ? {} : { externalRuntime: true }),
          },
          ...(isShell ? { runtimePlugins: [EXTERNAL_RUNTIME_PROVIDER] } : {}),
        }),
        isShell && new ShellOwnSharedPlugin(),
        hasPage &&
          new HtmlWebpackPlugin({
            template: path.join(__dirname, 'shell', 'index.html'),
            title: isShell ? 'Clube' : `Clube · ${name} (harness)`,
            // The layout's frame (header, empty page area, footer) painted from the HTML itself.
            firstPaint: firstPaint ? fs.readFileSync(FIRST_PAINT_FRAME, 'utf8').trim() : '',
          }),
        firstPaint && new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', runtime: false }),
        firstPaint && new FirstPaintPlugin(),
        // public/ as plain assets (runtime config and manifest defaults), when the package has one.
        fs.existsSync(path.join(dir, 'public')) && new CopyWebpackPlugin({ patterns: [{ from: path.join(dir, 'public') }] }),
        dev && new (require('@pmmmwh/react-refresh-webpack-plugin'))({ overlay: false }),
        !dev && new CompileHintsPlugin(compileHintFiles(isShell)),
        !dev && new StatsFilePlugin({ isShell, dir }),
        !dev && new BuildHistoryPlugin(),
        // Pre-compressed siblings (.br, .gz), served by Accept-Encoding by scripts/serve-static.cjs.
        ...(dev
          ? []
          : [
              new CompressionPlugin({ test: /\.(js|css|html|json|svg)$/, algorithm: 'gzip', filename: '[path][base].gz', threshold: 512, minRatio: 0.9 }),
              new CompressionPlugin({
                test: /\.(js|css|html|json|svg)$/,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 512,
                minRatio: 0.9,
              }),
            ]),
      ].filter(Boolean),
      devServer: {
        // Loopback only unless HOST says otherwise: a dev server is no one else's business (#26).
        host: process.env.HOST ?? '127.0.0.1',
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

module.exports = { createFederatedConfig, COMPILE_HINT, compileHintFiles, scriptRule, FIRST_VIEW_OUTPUT, preloadManifest, isExposedRoutesChunk, lazyRoutePages, pagePreloads, shellInitialChunks, ROUTER_EXPORTS, ROUTER_MODULE, ON_DEMAND_CHUNKS, KEPT_BUILDS, REGISTRY, FRONTENDS, SHARED_SINGLETONS, SHARED_SUBPATHS, REMOTE_EXPOSE };
