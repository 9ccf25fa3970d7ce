// Serves one frontend build from its own origin, as a separate deployment would (the `npm start`
// servers are what people measure, so this is production-grade delivery):
// - every file of dist/ is indexed in memory at start (no file-system check per request) and the
//   index is rebuilt on the first request after dist/ changes (a redeploy), or on SIGHUP;
// - the .br / .gz siblings produced at build time are served by Accept-Encoding, with Vary;
// - hashed chunks are cached for a year (immutable); entries (remoteEntry.js, main.js, HTML) are
//   `no-cache` with an ETag, so a redeploy is picked up on the next page load;
// - the shell's HTML gets the run-time config and remote manifest inlined (no extra round trip),
//   preloads of its initial chunks and of the entry, first route and page chunks of the remote that
//   owns the requested path, and a preconnect to the API;
// - for a page whose remote declared its first public reads (remote-*/src/page-data.json), the
//   API's answers to them embedded in the HTML (a guest's first render needs no API client and no
//   round trip), with those of its derived reads (filled from a field of another answer: the first
//   category's row, a video's related videos), and a high-priority preload of the page's largest image;
// - for those pages, their first view: the owning remote's renderer (its dist/server/first-view.cjs,
//   from its own build) renders the page from the same answers into the layout's page area, with the
//   remote's CSS; without a working renderer the page is served as before (the browser renders it);
// - with SHELL_API_PROXY=1 the shell's server also forwards /v1 to the API (same-origin calls, no
//   CORS preflight), as a CDN or ingress rule does in production.
// CommonJS so both the ESM scripts and the Jest browser suite can use it.
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const zlib = require('node:zlib');
const { FRONTENDS, REMOTES, ROOT, portOf } = require('./frontends.cjs');
const registry = require('../remotes.config.json');

const HASHED = /\.[0-9a-f]{8}\.js$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
/** Encodings we have pre-compressed files for, in order of preference. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

const etagOf = (buffer) => `"${crypto.createHash('sha1').update(buffer).digest('base64url').slice(0, 20)}"`;

/** Reads every file under dir into memory: pathname → { type, hashed, variants: { identity, br?, gzip? } }. */
function indexDir(dir) {
  const index = new Map();
  if (!fs.existsSync(dir)) return index;
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const names = new Set(files.map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/')));
  for (const name of names) {
    if (ENCODINGS.some(([, ext]) => name.endsWith(ext) && names.has(name.slice(0, -ext.length)))) continue;
    if (name.startsWith('server/')) continue; // a remote's first-view renderer: run by the shell's server, not served
    let body;
    try {
      body = fs.readFileSync(path.join(dir, name));
    } catch {
      continue; // removed while indexing (a build in progress); the next re-index sees the result
    }
    const variants = { identity: { body, etag: etagOf(body) } };
    for (const [encoding, ext] of ENCODINGS) {
      if (!names.has(name + ext)) continue;
      try {
        const compressed = fs.readFileSync(path.join(dir, name + ext));
        variants[encoding] = { body: compressed, etag: `${variants.identity.etag.slice(0, -1)}-${encoding}"` };
      } catch {
        /* see above */
      }
    }
    index.set(`/${name}`, { type: TYPES[path.extname(name)] ?? 'application/octet-stream', hashed: HASHED.test(name), variants });
  }
  return index;
}

/** The encodings a request accepts (q=0 excluded). */
function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of String(header).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  return accepted;
}

/** Picks the best variant of a file for the request's Accept-Encoding. */
function negotiate(variants, acceptHeader) {
  const accepted = acceptedEncodings(acceptHeader);
  for (const [encoding] of ENCODINGS) {
    if (variants[encoding] && (accepted.has(encoding) || accepted.has('*'))) return { encoding, ...variants[encoding] };
  }
  return { encoding: null, ...variants.identity };
}

/**
 * The shell's hint that this browser holds a signed-in session (`clube_sessao=1`, set and cleared by the
 * shell's auth; no token, nothing personal). The HTML server cannot see the session itself, and the
 * first view is the page as a guest sees it: a subscriber would be shown the paywall of a video they
 * may watch until the app took over. With the hint, the page is rendered by the browser as before.
 */
const SESSION_HINT = /(?:^|;\s*)clube_sessao=1(?:;|$)/;

function send(req, res, { status = 200, type, cacheControl, variants, vary, extraHeaders = {} }) {
  const chosen = negotiate(variants, req.headers['accept-encoding']);
  const headers = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    ETag: chosen.etag,
    ...extraHeaders,
  };
  if (vary || Object.keys(variants).length > 1) headers.Vary = typeof vary === 'string' ? vary : 'Accept-Encoding';
  if (chosen.encoding) headers['Content-Encoding'] = chosen.encoding;
  const inm = req.headers['if-none-match'];
  if (status === 200 && inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === chosen.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = chosen.body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : chosen.body);
}

/**
 * Headers of every page (HTML): no other site may frame it (clickjacking: an invisible
 * /assinatura under a click), and a link out tells only our origin. `pageHeaders` (the shell)
 * adds the full Content-Security-Policy.
 */
const PAGE_HEADERS = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** `'sha256-…'` of every inline script of a page (the first-paint `window.__CLUBE__`), for script-src. */
function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${crypto.createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Firebase Auth's endpoints (e-mail and password sign-in, token refresh). */
const FIREBASE_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];

/**
 * The shell's Content-Security-Policy for one rendered page: scripts only from this origin, the
 * remotes' origins (runtime manifest) and the page's own inline script by hash (never
 * 'unsafe-inline'); calls to the API, Firebase (the emulator only when configured: development),
 * BrasilAPI and the analytics that are switched on; framed by no one.
 */
function shellContentSecurityPolicy({ config, manifest, html }) {
  const list = (...urls) => [...new Set(urls.flat().filter(Boolean))].join(' ');
  const remotes = Object.values(manifest).map(originOf);
  const api = config.apiUrl ? originOf(config.apiUrl) : null;
  const emulator = config.firebase.authEmulatorUrl ? originOf(config.firebase.authEmulatorUrl) : null;
  const posthog = config.posthog ? originOf(config.posthog.host) : null;
  // PostHog's own cloud loads its extra scripts from the "-assets" twin of the ingestion host.
  const posthogAssets = posthog?.replace(/\/\/([a-z]+)\.i\.posthog\.com$/, '//$1-assets.i.posthog.com') ?? null;
  const gtm = config.gtmId ? ['https://www.googletagmanager.com', 'https://www.google-analytics.com'] : [];
  return [
    "default-src 'self'",
    `script-src ${list("'self'", inlineScriptHashes(html), remotes, gtm, posthogAssets)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', api, remotes)}`,
    `media-src ${list("'self'", 'blob:', 'https:', api)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", api, remotes, FIREBASE_ORIGINS, emulator, originOf(config.brasilApiUrl), posthog, posthogAssets, gtm)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Compresses a generated document (the shell's HTML) the way the build does for files. */
function compressVariants(body) {
  const identity = { body, etag: etagOf(body) };
  return {
    identity,
    br: { body: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), etag: `${identity.etag.slice(0, -1)}-br"` },
    gzip: { body: zlib.gzipSync(body), etag: `${identity.etag.slice(0, -1)}-gzip"` },
  };
}

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1): not forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];
const withoutHopByHop = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name.toLowerCase())));

/**
 * Forwards a request to the API as is (method, path, query, headers, streamed body) and streams the
 * answer back: the shell's origin serves `/v1`, so the browser makes same-origin calls (no CORS
 * preflight before a signed-in call). The API sees the visitor's address in X-Forwarded-For.
 */
function proxyRequest(target, req, res) {
  const upstream = new URL(req.url ?? '/', target);
  const headers = {
    ...withoutHopByHop(req.headers),
    host: upstream.host,
    'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-proto': 'http',
  };
  const forward = http.request(upstream, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
    answer.pipe(res);
  });
  forward.setTimeout(30000, () => forward.destroy(new Error('timeout')));
  forward.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ statusCode: 502, code: 'BAD_GATEWAY', message: 'A API não respondeu. Tente novamente em instantes.' }));
  });
  // A visitor who gives up (closed tab, aborted fetch) does not keep the API working for nobody.
  res.on('close', () => {
    if (!res.writableFinished) forward.destroy();
  });
  req.pipe(forward);
}

/**
 * @param {{ dir: string, port: number, spa?: boolean, host?: string, files?: Record<string, unknown>,
 *   renderHtml?: (html: string, pathname: string, fileOf: (pathname: string) => Buffer | null, search: string, visitor: { signedIn: boolean }) => Promise<string> | string,
 *   proxy?: { prefix: string, target: string } | null }} options
 *   files: JSON documents served instead of the build's own (the shell's per-environment
 *   /config.json and /remotes.json). renderHtml: rewrites index.html per request (the shell).
 *   proxy: requests under `prefix` (e.g. /v1) are forwarded to `target` (the API's origin).
 * @returns {Promise<{ url: string, server: http.Server, close: () => Promise<void>, reindex: () => void }>}
 */
async function serveStatic({ dir, port, spa = false, host = process.env.HOST ?? '127.0.0.1', files = {}, renderHtml, pageHeaders, proxy = null }) {
  let index = indexDir(dir);
  const reindex = () => {
    index = indexDir(dir);
  };
  // A redeploy writes new files into dist/: the watcher marks the index stale and the next request
  // rebuilds it before answering (no window in which a finished deploy is served from the old index).
  let stale = false;
  let watcher = null;
  try {
    watcher = fs.watch(dir, { recursive: true }, () => {
      stale = true;
    });
    watcher.on('error', () => undefined);
  } catch {
    /* no dist/ yet: SIGHUP or a restart picks it up */
  }
  const generated = Object.fromEntries(
    Object.entries(files).map(([pathname, value]) => [pathname, compressVariants(Buffer.from(JSON.stringify(value, null, 2)))]),
  );

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error) => {
      console.error('[serve-static]', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Erro interno');
    });
  });

  const isProxied = (url = '/') => {
    if (!proxy) return false;
    const pathname = url.split('?')[0];
    return pathname === proxy.prefix || pathname.startsWith(`${proxy.prefix}/`);
  };

  async function handle(req, res) {
    if (isProxied(req.url)) {
      proxyRequest(proxy.target, req, res);
      return;
    }
    if (stale) {
      stale = false;
      reindex();
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Método não permitido');
      return;
    }
    let pathname;
    let search;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
      search = url.search;
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Endereço inválido');
      return;
    }
    if (Object.hasOwn(generated, pathname)) {
      send(req, res, { type: TYPES['.json'], cacheControl: 'no-cache', variants: generated[pathname] });
      return;
    }
    const isPage = pathname === '/' || pathname === '/index.html' || (spa && !path.posix.extname(pathname));
    if (isPage && index.has('/index.html')) {
      const file = index.get('/index.html');
      const template = file.variants.identity.body.toString('utf8');
      const fileOf = (name) => index.get(name)?.variants.identity.body ?? null;
      const signedIn = SESSION_HINT.test(req.headers.cookie ?? '');
      const html = renderHtml ? await renderHtml(template, pathname === '/index.html' ? '/' : pathname, fileOf, search, { signedIn }) : template;
      const extraHeaders = { ...PAGE_HEADERS, ...(pageHeaders ? pageHeaders(html) : {}) };
      send(req, res, { type: file.type, cacheControl: 'no-cache', variants: renderHtml ? compressVariants(Buffer.from(html)) : file.variants, vary: renderHtml ? 'Accept-Encoding, Cookie' : true, extraHeaders });
      return;
    }
    const file = index.get(pathname);
    if (file) {
      send(req, res, { type: file.type, cacheControl: file.hashed ? IMMUTABLE : 'no-cache', variants: file.variants });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' });
    res.end('Não encontrado');
  }

  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://localhost:${port}`,
    server,
    reindex,
    close: () =>
      new Promise((resolve) => {
        watcher?.close();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The shell's run-time manifest: where each remote's entry lives in this environment. */
function remoteManifest(env = process.env) {
  const host = env.REMOTES_HOST ?? 'http://localhost';
  return Object.fromEntries(REMOTES.map((name) => [name, `${host}:${portOf(name, env)}/remoteEntry.js`]));
}

/** The shell's run-time config for this environment (API origin, Firebase, analytics keys). */
/** SHELL_API_PROXY=1: the shell's server forwards /v1 to the API and the shell calls its own origin. */
const apiProxied = (env) => env.SHELL_API_PROXY === '1';
/** Where the API really runs (what the shell's server forwards /v1 to, or what the browser calls). */
const apiTarget = (env) => env.API_UPSTREAM ?? `http://localhost:${env.API_PORT ?? 3000}`;

function runtimeConfig(env = process.env) {
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  return {
    // Empty: the API is on the shell's own origin (`/v1`, SHELL_API_PROXY=1).
    apiUrl: env.PUBLIC_API_URL ?? (apiProxied(env) ? '' : apiTarget(env)),
    brasilApiUrl: env.BRASIL_API_URL ?? 'https://brasilapi.com.br/api',
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID ?? 'demo-clube'}.firebaseapp.com`,
      projectId: env.FIREBASE_PROJECT_ID ?? 'demo-clube',
      authEmulatorUrl: emulator ? `http://${emulator}` : null,
    },
    posthog: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST ?? 'https://us.i.posthog.com' } : null,
    gtmId: env.GTM_ID ?? null,
  };
}

/** Which remote owns a path: the longest matching registry prefix ("/" owns only "/"); as shell/src/remotes/ownership.ts. */
function ownerOf(pathname) {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best = null;
  for (const [remote, { routes }] of Object.entries(registry.remotes)) {
    for (const prefix of routes) {
      const matches = prefix === '/' ? clean === '/' : clean === prefix || clean.startsWith(`${prefix}/`);
      if (matches && (!best || prefix.length > best.prefix.length)) best = { prefix, remote };
    }
  }
  return best?.remote ?? null;
}

/**
 * How well a route path of a remote (`/videos/:slug`, `/admin/*`) matches a pathname: null when it
 * does not, otherwise a score (static segments count more than parameters), so the most specific
 * route wins, as in React Router.
 */
function routeScore(routePath, pathname) {
  const pattern = routePath.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  let score = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] === '*') return score;
    if (i >= segments.length) return null;
    if (pattern[i].startsWith(':')) score += 1;
    else if (pattern[i] === segments[i]) score += 3;
    else return null;
  }
  return pattern.length === segments.length ? score + 1 : null;
}

/** The scripts of the page a remote renders for a pathname (its preload.json `pages`), or none. */
function pageScriptsOf(pages, pathname) {
  let best = null;
  for (const page of Array.isArray(pages) ? pages : []) {
    const score = typeof page?.path === 'string' ? routeScore(page.path, pathname) : null;
    if (score !== null && (!best || score > best.score)) best = { score, scripts: Array.isArray(page.scripts) ? page.scripts : [] };
  }
  return best?.scripts ?? [];
}

/**
 * The public API reads a remote declared for a page (its src/page-data.json, copied into
 * preload.json `data`), keyed by the exact path or by a route pattern whose `:name` segments fill the
 * reads' own (`/videos/:slug` → `/v1/videos/:slug`): `{ data: ['/v1/plans'], image?: { from, field },
 * derived?: [{ from, field, read }] }`. A derived read is one the page's first render makes with a
 * value from another declared read's answer: `read`'s `:value` is that answer's `field`
 * (derivedReads), asked once the answer is in.
 */
function pageDataOf(declared, pathname) {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!declared || typeof declared !== 'object') return null;
  let page = Object.hasOwn(declared, clean) ? declared[clean] : null;
  let params = {};
  if (!page) {
    const segments = clean.split('/').filter(Boolean);
    for (const [pattern, candidate] of Object.entries(declared)) {
      const parts = pattern.split('/').filter(Boolean);
      if (!pattern.includes('/:') || parts.length !== segments.length) continue;
      const found = {};
      if (parts.every((part, i) => (part.startsWith(':') ? /^[\w-]+$/.test(segments[i]) && (found[part.slice(1)] = segments[i]) : part === segments[i]))) {
        page = candidate;
        params = found;
        break;
      }
    }
  }
  if (!page || !Array.isArray(page.data)) return null;
  const fill = (url) => url.replace(/\/:(\w+)/g, (whole, name) => (Object.hasOwn(params, name) ? `/${encodeURIComponent(params[name])}` : whole));
  const isRead = (url) => typeof url === 'string' && url.startsWith('/v1/');
  const reads = page.data.filter(isRead).map(fill);
  const from = page.image && typeof page.image.from === 'string' ? fill(page.image.from) : null;
  const image = from && reads.includes(from) && typeof page.image.field === 'string' ? { from, field: page.image.field } : null;
  // A derived read's `:value` is filled later, from a field of a declared read's answer (derivedReads).
  const derived = (Array.isArray(page.derived) ? page.derived : [])
    .filter((entry) => entry && isRead(entry.read) && entry.read.includes(':value') && typeof entry.field === 'string' && typeof entry.from === 'string' && reads.includes(fill(entry.from)))
    .map((entry) => ({ from: fill(entry.from), field: entry.field, read: fill(entry.read) }));
  return { reads, image, derived };
}

/** `data.0.imageUrl` of an answer: the value at that path, or undefined. */
function fieldOf(answer, field) {
  let value = answer;
  for (const key of field.split('.')) value = value && typeof value === 'object' && Object.hasOwn(value, key) ? value[key] : undefined;
  return value;
}

/**
 * The derived reads of a page, filled from the answers already in (`/v1/videos?categoryId=:value&limit=6`
 * with `data.0._id` of `/v1/categories?limit=100`): only a plain identifier goes into an address; a
 * read whose answer or field is missing is left out (the page asks for it itself).
 */
function derivedReads(derived, answers) {
  const urls = [];
  for (const { from, field, read } of derived ?? []) {
    const value = Object.hasOwn(answers, from) ? fieldOf(answers[from], field) : undefined;
    if ((typeof value === 'string' || typeof value === 'number') && /^[\w-]{1,100}$/.test(String(value))) urls.push(read.replace(':value', encodeURIComponent(String(value))));
  }
  return [...new Set(urls)].filter((url) => !Object.hasOwn(answers, url));
}

/**
 * Each remote's preload.json (its entry, first route chunks and each page's chunks), fetched from
 * the remote's own deployment and kept a few seconds: a page request never waits more than a
 * moment for it, and a redeployed remote's new chunks are preloaded soon after (the old ones stay
 * served meanwhile). Returns the URLs to preload for a remote and the requested path, and the
 * public API reads that page declared (pageDataOf).
 */
function remotePreloads(manifest, { ttlMs = 5000, waitMs = 150 } = {}) {
  const cache = new Map();
  const urlsOf = (remote, preload, pathname) => {
    const entry = manifest[remote];
    if (!preload) return [entry];
    const base = new URL('.', entry);
    const files = [...(preload.scripts ?? []), ...pageScriptsOf(preload.pages, pathname)];
    return [new URL(preload.entry ?? 'remoteEntry.js', base).href, ...[...new Set(files)].map((file) => new URL(file, base).href)];
  };
  const refresh = (remote) => {
    const previous = cache.get(remote);
    const promise = fetch(new URL('preload.json', new URL('.', manifest[remote])), { signal: AbortSignal.timeout(1000) })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => previous?.preload ?? null);
    const slot = { at: Date.now(), preload: previous?.preload, known: previous?.known ?? false, promise };
    cache.set(remote, slot);
    void promise.then((preload) => {
      slot.preload = preload;
      slot.known = true;
    });
    return slot;
  };
  const none = { scripts: [], page: null };
  return async (remote, pathname = '/') => {
    if (!remote || !manifest[remote]) return none;
    let slot = cache.get(remote);
    if (!slot || Date.now() - slot.at > ttlMs) slot = refresh(remote);
    const timedOut = Symbol('timeout');
    const preload = slot.known ? slot.preload : await Promise.race([slot.promise, new Promise((resolve) => setTimeout(() => resolve(timedOut), waitMs))]);
    if (preload === timedOut) return none;
    return { scripts: urlsOf(remote, preload, pathname), page: pageDataOf(preload?.data, pathname) };
  };
}

/**
 * Answers of public API reads, for embedding in a page: asked from the API's own address (no
 * credentials: what a guest sees), each kept `ttlMs` and shared by the requests that arrive
 * meanwhile, so a burst of page views costs the API one read per second, not one per view. A read
 * failed, not JSON or larger than `maxBytes` is left out: the page asks for it itself, as without
 * this. A read slower than `timeoutMs` (a cold API, a busy machine) is not given up on (until
 * `lateMs`): the page gets the previous answer if one came in the last `staleMs`, or goes without,
 * and the late answer is kept for the next pages.
 */
function apiReads(target, { ttlMs = 1000, timeoutMs = 300, lateMs = 5000, staleMs = 60000, maxBytes = 256 * 1024 } = {}) {
  const cache = new Map();
  /** The last answer of each read and when it came, for a page whose refresh is late. */
  const previous = new Map();
  const read = (url) => {
    const hit = cache.get(url);
    // `at` is when the answer came (null while it is on its way).
    if (hit && (hit.at === null || Date.now() - hit.at < ttlMs)) return hit.promise;
    const entry = { at: null, promise: null };
    entry.promise = fetch(new URL(url, target), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(lateMs) })
      .then(async (response) => {
        if (!response.ok || !String(response.headers.get('content-type')).startsWith('application/json')) return undefined;
        const text = await response.text();
        return text.length > maxBytes ? undefined : JSON.parse(text);
      })
      .catch(() => undefined)
      .then((answer) => {
        entry.at = Date.now();
        if (answer === undefined) previous.delete(url);
        else previous.set(url, { at: entry.at, answer });
        if (previous.size > 200) previous.delete(previous.keys().next().value);
        return answer;
      });
    cache.set(url, entry);
    if (cache.size > 200) cache.delete(cache.keys().next().value);
    return entry.promise;
  };
  const inTime = (url) => {
    const late = previous.get(url);
    const fallback = late && Date.now() - late.at < staleMs ? late.answer : undefined;
    let timer;
    return Promise.race([read(url), new Promise((resolve) => (timer = setTimeout(() => resolve(fallback), timeoutMs)))]).finally(() => clearTimeout(timer));
  };
  return async (urls) => {
    const answers = await Promise.all(urls.map(inTime));
    return Object.fromEntries(urls.map((url, i) => [url, answers[i]]).filter(([, body]) => body !== undefined));
  };
}

/** `data.0.imageUrl` of an answer, if it is an http(s) address. */
function imageOf(answer, field) {
  const value = fieldOf(answer, field);
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}

/** Where a remote's build puts its first-view renderer (webpack.shared.js firstViewConfig). */
const FIRST_VIEW_FILE = path.join('dist', 'server', 'first-view.cjs');
/** A page whose renderer takes longer is served without its first view (the client renders it, as before). */
const FIRST_VIEW_TIMEOUT_MS = 400;

/**
 * Each remote's first-view renderer (`<remote>/dist/server/first-view.cjs`, from the remote's own
 * build): loaded on first use and again when the file changes (a redeploy of that remote alone).
 * Returns null for a remote without one (or one that fails to load).
 */
function firstViewRenderers(dirs = Object.fromEntries(REMOTES.map((name) => [name, path.join(ROOT, FRONTENDS[name].dir)]))) {
  const loaded = new Map();
  return (remote) => {
    if (!remote || !dirs[remote]) return null;
    const file = path.join(dirs[remote], FIRST_VIEW_FILE);
    let stamp;
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      loaded.delete(remote);
      return null;
    }
    const known = loaded.get(remote);
    if (known?.stamp === stamp) return known.renderer;
    let renderer = null;
    try {
      // Compiled from the file's current text (not require(): its cache would keep the old version).
      const module = { exports: {} };
      vm.runInThisContext(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file })(module.exports, Module.createRequire(file), module, file, path.dirname(file));
      const candidate = module.exports;
      if (typeof candidate.render === 'function') renderer = candidate;
    } catch (error) {
      console.error(`[serve-static] first-view renderer of ${remote} failed to load`, error);
    }
    // No warm-up render: it would run on this process's event loop beside the pages being served
    // (the first page of each kind after a deploy may miss FIRST_VIEW_TIMEOUT_MS and go without; its
    // render still finishes and is kept for the next request: renderedView).
    loaded.set(remote, { stamp, renderer });
    return renderer;
  };
}

/** How many rendered first views each renderer keeps (per page and answers). */
const FIRST_VIEWS_KEPT = 100;
/** Per renderer: its views by page and answers (a promise, shared by the requests that wait for it). */
const renderedViews = new WeakMap();

/** The renderer's view of a page (null when it throws or gives no usable markup), each page and answers rendered once. */
function renderedView(renderer, request) {
  let views = renderedViews.get(renderer);
  if (!views) renderedViews.set(renderer, (views = new Map()));
  const key = crypto.createHash('sha1').update(request.pathname).update('\0').update(JSON.stringify(request.data)).digest('base64');
  const known = views.get(key);
  if (known) return known;
  const view = Promise.resolve()
    .then(() => renderer.render(request))
    .then((answer) => {
      if (!answer || typeof answer.html !== 'string' || !answer.html || /<script/i.test(answer.html)) return null;
      // React hoists the page's own resource hints to the top of its markup; the shell's head has them.
      // Its forms are inert until the app takes over: what a person typed would be lost when it does,
      // and a native submit would put the fields (a password) in the address.
      const html = answer.html.replace(/^(<link [^>]*>)+/, '').replace(/<form(?=[\s>])/g, '<form inert');
      return { html, css: typeof answer.css === 'string' ? answer.css : '' };
    })
    .catch((error) => {
      console.error(`[serve-static] first view of ${request.pathname} failed; the browser renders it`, error);
      return null;
    });
  views.set(key, view);
  if (views.size > FIRST_VIEWS_KEPT) views.delete(views.keys().next().value);
  return view;
}

/**
 * The page area's markup and CSS from the owning remote's renderer, or null (no renderer, an error,
 * slower than FIRST_VIEW_TIMEOUT_MS, or markup with a script in it): the page is then rendered by the
 * browser as before. A page with the same answers is rendered once per renderer (the API's public
 * reads change rarely): the next request gets it at once, and a render that missed the deadline
 * (a freshly loaded renderer, a busy machine) still finishes, for the requests after it.
 */
async function firstViewOf(renderer, request) {
  if (!renderer) return null;
  let timer;
  try {
    return await Promise.race([
      renderedView(renderer, request),
      new Promise((resolve) => {
        timer = setTimeout(() => resolve(null), FIRST_VIEW_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The layout's empty page area in the shell's HTML (shell/src/layout/first-paint.html, minified or not): where a first view goes. */
const PAGE_AREA = /<div id="?conteudo"? class="?shell-content"?><\/div>/;

const escapeAttr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON safe inside a <script> element. */
const inlineJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The shell's HTML for a path: config + manifest inlined, preloads, preconnect to the API; for a
 * page whose remote declared its first public reads (and no query string, which would change them),
 * their answers (`window.__CLUBE__.data`, used by the API client for a guest's first calls) and a
 * high-priority preload of the page's largest image.
 */
function shellHtmlRenderer({ config, manifest, apiTarget: target = null, firstViews = firstViewRenderers() }) {
  const preloadOf = remotePreloads(manifest);
  const readApi = target ? apiReads(target) : null;
  // The shell's own preload.json, parsed once per indexed version (no file-system access per request).
  let parsed = { body: null, scripts: [] };
  const shellScriptsOf = (body) => {
    if (body !== parsed.body) {
      let scripts = [];
      try {
        scripts = body ? (JSON.parse(body.toString('utf8')).scripts ?? []) : [];
      } catch {
        /* a broken preload.json only costs the preloads */
      }
      parsed = { body, scripts };
    }
    return parsed.scripts;
  };
  const origin = (url) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  return async (template, pathname, fileOf, search = '', { signedIn = false } = {}) => {
    const shellScripts = shellScriptsOf(fileOf('/preload.json'));
    const remote = ownerOf(pathname);
    const { scripts: remoteScripts, page } = await preloadOf(remote, pathname);
    const first = readApi && page && !search ? await readApi(page.reads) : {};
    // Then the reads that depend on those answers (the first category's row, a video's related ones),
    // asked as soon as what they depend on is in: with the same cache, timeouts and size cap.
    const later = readApi && page ? derivedReads(page.derived, first) : [];
    const data = later.length ? { ...first, ...(await readApi(later)) } : first;
    const image = page?.image && data[page.image.from] ? imageOf(data[page.image.from], page.image.field) : null;
    // The page's first view as a guest sees it, from the owning remote's renderer and the same answers.
    // Only for a guest (no session hint: a signed-in member sees another page) and only with every declared answer: a page missing one (a slug that does not exist, the API slow)
    // would be painted loading, and is left to the browser as before. A missing derived answer only
    // leaves its part (a row) loading in the view, as the client's own first render shows it.
    const view =
      page && !search && !signedIn && page.reads.every((url) => Object.hasOwn(data, url)) && PAGE_AREA.test(template)
        ? await firstViewOf(firstViews(remote), { pathname, data, config: { apiUrl: config.apiUrl, brasilApiUrl: config.brasilApiUrl } })
        : null;
    const apiOrigin = origin(config.apiUrl);
    const remoteOrigin = remote ? origin(manifest[remote]) : null;
    const scripts = [...shellScripts.filter((file) => file !== 'main.js').map((file) => `/${file}`), ...remoteScripts];
    const head = [
      apiOrigin && `<link rel="preconnect" href="${escapeAttr(apiOrigin)}" crossorigin>`,
      remoteOrigin && `<link rel="preconnect" href="${escapeAttr(remoteOrigin)}">`,
      // With a first view, the scripts are preloaded only once it is painted (by the HTML's start
      // script, webpack.shared.js FirstPaintPlugin): on a slow phone their download would otherwise
      // come before the page's content is counted as shown.
      `<script>window.__CLUBE__=${inlineJson({ config, remotes: manifest, ...(Object.keys(data).length ? { data } : {}), ...(view ? { preloadLater: scripts } : {}) })}</script>`,
      image && `<link rel="preload" as="image" href="${escapeAttr(image)}" fetchpriority="high">`,
      // Low, as Chrome itself ranks a script that blocks nothing (async/defer): these run after the
      // frame is painted, and the page's largest image (high) goes first.
      ...(view ? [] : scripts.map((url) => `<link rel="preload" as="script" href="${escapeAttr(url)}" fetchpriority="low">`)),
    ].filter(Boolean);
    if (view?.css) head.push(`<style data-first-view>${view.css.replace(/<\/style/gi, '<\\/style')}</style>`);
    // The entry's own preload (the build's) goes too: the start script loads it after the paint.
    const base = view ? template.replace(/<link rel="?preload"? as="?script"?[^>]*>/g, '') : template;
    const html = base.replace('</head>', `${head.join('\n    ')}\n  </head>`);
    return view ? html.replace(PAGE_AREA, () => `<div id="conteudo" class="shell-content" data-first-view="${escapeAttr(pathname)}">${view.html}</div>`) : html;
  };
}

/**
 * Serves a frontend's dist/ on its port. The shell gets SPA fallback, its HTML rendered with the
 * environment's config and manifest, and /config.json and /remotes.json for other consumers, so
 * one build runs anywhere.
 */
function serveFrontend(name, env = process.env) {
  const { dir } = FRONTENDS[name];
  const isShell = name === 'shell';
  const dist = path.join(ROOT, dir, 'dist');
  const config = runtimeConfig(env);
  const manifest = remoteManifest(env);
  return serveStatic({
    dir: dist,
    port: portOf(name, env),
    spa: isShell,
    files: isShell ? { '/config.json': config, '/remotes.json': manifest } : {},
    // FIRST_VIEW=0: no first view in the HTML (the browser renders every page, as before #32).
    renderHtml: isShell ? shellHtmlRenderer({ config, manifest, apiTarget: apiTarget(env), firstViews: env.FIRST_VIEW === '0' ? () => null : firstViewRenderers() }) : undefined,
    pageHeaders: isShell ? (html) => ({ 'Content-Security-Policy': shellContentSecurityPolicy({ config, manifest, html }) }) : undefined,
    proxy: isShell && apiProxied(env) ? { prefix: '/v1', target: apiTarget(env) } : null,
  });
}

module.exports = { serveStatic, serveFrontend, shellContentSecurityPolicy, inlineScriptHashes, remoteManifest, runtimeConfig, ownerOf, acceptedEncodings, pageScriptsOf, pageDataOf, remotePreloads, apiReads, derivedReads, shellHtmlRenderer, firstViewRenderers };

// CLI: `node scripts/serve-static.cjs <shell|remote-auth|…>` serves that package's dist/; SIGHUP re-indexes it.
if (require.main === module) {
  const arg = process.argv[2] ?? 'shell';
  const name = Object.keys(FRONTENDS).find((key) => key === arg || FRONTENDS[key].dir === arg);
  if (!name) {
    console.error(`Frontend desconhecido: ${arg}`);
    process.exit(1);
  }
  serveFrontend(name).then(({ url, reindex }) => {
    process.on('SIGHUP', reindex);
    console.log(`${name}: ${url}`);
  });
}
