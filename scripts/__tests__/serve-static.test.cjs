const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { serveStatic, ownerOf } = require('../serve-static.cjs');

const PORT = 5037;
const url = (pathname) => `http://127.0.0.1:${PORT}${pathname}`;
const MAIN = 'console.log("main");'.repeat(200);
const CHUNK = 'console.log("chunk");'.repeat(200);

let dir;
let served;

function write(name, body, { compress = true } = {}) {
  fs.writeFileSync(path.join(dir, name), body);
  if (!compress) return;
  fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(body));
  fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(body));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clube-serve-'));
  write('main.js', MAIN);
  write('42.0123abcd.js', CHUNK);
  write('index.html', '<!doctype html><html><head><title>Clube</title></head><body><div id="root"></div></body></html>', { compress: false });
  write('preload.json', JSON.stringify({ scripts: ['main.js', '42.0123abcd.js'] }), { compress: false });
  served = await serveStatic({
    dir,
    port: PORT,
    host: '127.0.0.1',
    spa: true,
    files: { '/config.json': { apiUrl: 'http://api.example' } },
    renderHtml: (html, pathname, fileOf) =>
      html.replace('</head>', `<script>window.__CLUBE__=${JSON.stringify({ pathname, preload: JSON.parse(fileOf('/preload.json')).scripts })}</script></head>`),
  });
});

afterAll(async () => {
  await served?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the npm start static server', () => {
  it('When a browser accepts brotli, then the main script is sent as the pre-compressed .br with Vary, no-cache and an ETag', async () => {
    const response = await fetch(url('/main.js'), { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^".+-br"$/);
    expect(Number(response.headers.get('content-length'))).toBe(fs.statSync(path.join(dir, 'main.js.br')).size);
  });

  it('When a client accepts only gzip, or nothing, then it gets gzip, or the plain file', async () => {
    const gzip = await fetch(url('/main.js'), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(MAIN); // fetch decodes it: the body is the real file
    const plain = await fetch(url('/main.js'), { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(MAIN);
  });

  it('When a hashed chunk is asked for, then it may be cached for a year; an unchanged entry answers 304 to its ETag', async () => {
    const chunk = await fetch(url('/42.0123abcd.js'), { headers: { 'Accept-Encoding': 'br' } });
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const first = await fetch(url('/main.js'), { headers: { 'Accept-Encoding': 'br' } });
    const again = await fetch(url('/main.js'), { headers: { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.get('etag') } });
    expect(again.status).toBe(304);
  });

  it('When a page path is opened, then the HTML is rendered for that path (inlined data, preloads from the indexed build) and compressed', async () => {
    const response = await fetch(url('/videos/abc'), { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('window.__CLUBE__={"pathname":"/videos/abc","preload":["main.js","42.0123abcd.js"]}');
    const config = await fetch(url('/config.json'));
    expect(await config.json()).toEqual({ apiUrl: 'http://api.example' });
  });

  it('When a missing script is asked for, then it is a 404, not the HTML page', async () => {
    const response = await fetch(url('/99.deadbeef.js'));
    expect(response.status).toBe(404);
  });

  it('When dist/ is redeployed, then the next request already gets the new files, without a restart', async () => {
    expect((await fetch(url('/77.feedf00d.js'))).status).toBe(404);
    write('77.feedf00d.js', 'console.log("new build");');
    write('main.js', 'console.log("new main");'.repeat(100));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the file-system event reaches the server
    expect((await fetch(url('/77.feedf00d.js'))).status).toBe(200);
    expect(await (await fetch(url('/main.js'))).text()).toBe('console.log("new main");'.repeat(100));
  });

  it('The owner of a path follows the registry: longest prefix, "/" only for itself', () => {
    expect(ownerOf('/')).toBe('catalog');
    expect(ownerOf('/planos/cancelar')).toBe('account');
    expect(ownerOf('/planos')).toBe('catalog');
    expect(ownerOf('/autenticacao/login')).toBe('auth');
    expect(ownerOf('/nada')).toBeNull();
  });
});

describe("the shell's server with SHELL_API_PROXY (the API on the shell's origin)", () => {
  const http = require('node:http');
  const { runtimeConfig } = require('../serve-static.cjs');
  const PROXY_PORT = 5038;
  let upstream;
  let upstreamUrl;
  let proxied;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.writeHead(req.url === '/v1/missing' ? 404 : 200, { 'Content-Type': 'application/json', 'X-Api': 'yes' });
        res.end(JSON.stringify({ method: req.method, url: req.url, body, authorization: req.headers.authorization ?? null, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
      });
    });
    await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;
    proxied = await serveStatic({ dir, port: PROXY_PORT, host: '127.0.0.1', spa: true, proxy: { prefix: '/v1', target: upstreamUrl } });
  });

  afterAll(async () => {
    await proxied?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const at = (pathname) => `http://127.0.0.1:${PROXY_PORT}${pathname}`;

  it('When a signed-in call goes to /v1 on the shell, then the API gets it as sent (method, path, query, token, body) and its answer comes back as is', async () => {
    const response = await fetch(at('/v1/users/me?fields=a%20b'), { method: 'PATCH', headers: { Authorization: 'Bearer t-1', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Ana' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-api')).toBe('yes');
    expect(await response.json()).toEqual({ method: 'PATCH', url: '/v1/users/me?fields=a%20b', body: '{"name":"Ana"}', authorization: 'Bearer t-1', forwardedFor: '127.0.0.1' });
    const missing = await fetch(at('/v1/missing'));
    expect(missing.status).toBe(404);
  });

  it('When a path only starts like /v1, then it is a page of the shell, not a call to the API', async () => {
    const response = await fetch(at('/v1x'));
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('When the API is down, then the call gets a 502 with a Portuguese message in the API’s error shape', async () => {
    const down = await serveStatic({ dir, port: PROXY_PORT + 1, host: '127.0.0.1', proxy: { prefix: '/v1', target: 'http://127.0.0.1:9' } });
    try {
      const response = await fetch(`http://127.0.0.1:${PROXY_PORT + 1}/v1/plans`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ statusCode: 502, code: 'BAD_GATEWAY', message: 'A API não respondeu. Tente novamente em instantes.' });
    } finally {
      await down.close();
    }
  });

  it("When SHELL_API_PROXY=1, then the shell's config points the API client at its own origin; otherwise at the API's", () => {
    expect(runtimeConfig({ SHELL_API_PROXY: '1', API_PORT: '3100' }).apiUrl).toBe('');
    expect(runtimeConfig({ API_PORT: '3100' }).apiUrl).toBe('http://localhost:3100');
    expect(runtimeConfig({ SHELL_API_PROXY: '1', PUBLIC_API_URL: 'https://api.clube.example' }).apiUrl).toBe('https://api.clube.example');
  });
});

describe("the shell's HTML with a page's first public reads embedded", () => {
  const http = require('node:http');
  const { shellHtmlRenderer } = require('../serve-static.cjs');
  const TEMPLATE = '<!doctype html><html><head><title>Clube</title></head><body><div id="root"></div></body></html>';
  const reads = [];
  let slow = false;
  let late = false;
  let origin;
  let server;
  let render;

  beforeAll(async () => {
    // One server plays the catalog remote's deployment (preload.json) and the API.
    server = http.createServer((req, res) => {
      if (req.url === '/preload.json') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({
          scripts: ['routes.js'],
          pages: [],
          data: {
            '/': { data: ['/v1/banners?limit=10', '/v1/videos?limit=4&sort=newest'], image: { from: '/v1/banners?limit=10', field: 'data.0.imageUrl' } },
            '/planos': { data: ['/v1/plans'] },
          },
        }));
        return;
      }
      reads.push({ url: req.url, authorization: req.headers.authorization ?? null });
      if (req.url === '/v1/plans' && slow) return; // never answers
      if (req.url === '/v1/plans' && late) {
        setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: [{ name: 'Mensal' }] })), 600);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      if (req.url.startsWith('/v1/banners')) res.end(JSON.stringify({ data: [{ title: 'Olá </script><script>alert(1)</script>', imageUrl: 'http://img.example/banner.png' }] }));
      else res.end(JSON.stringify({ data: [{ title: 'Vídeo' }], url: req.url }));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${server.address().port}`;
    render = shellHtmlRenderer({ config: { apiUrl: origin }, manifest: { catalog: `${origin}/remoteEntry.js` }, apiTarget: origin });
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  beforeEach(() => {
    reads.length = 0;
    slow = false;
    late = false;
  });

  const inlined = (html) => JSON.parse(/window\.__CLUBE__=(.*?)<\/script>/.exec(html)[1]);
  const fileOf = () => null;

  it("When a guest opens a page that declared its reads, then the API's answers (read without credentials) are in the HTML and its largest image is preloaded first", async () => {
    const html = await render(TEMPLATE, '/', fileOf, '');
    expect(inlined(html).data).toEqual({
      '/v1/banners?limit=10': { data: [{ title: 'Olá </script><script>alert(1)</script>', imageUrl: 'http://img.example/banner.png' }] },
      '/v1/videos?limit=4&sort=newest': { data: [{ title: 'Vídeo' }], url: '/v1/videos?limit=4&sort=newest' },
    });
    expect(html).not.toContain('</script><script>alert(1)'); // data cannot close the script element
    expect(html).toContain('<link rel="preload" as="image" href="http://img.example/banner.png" fetchpriority="high">');
    expect(reads.every((read) => read.authorization === null)).toBe(true);
  });

  it('When the same page is opened again within a second, then the API is not asked again', async () => {
    await render(TEMPLATE, '/planos', fileOf, '');
    await render(TEMPLATE, '/planos', fileOf, '');
    expect(reads.filter((read) => read.url === '/v1/plans')).toHaveLength(1);
  });

  it('When the address has a query string (filters change the reads), or the page declared none, then nothing is embedded', async () => {
    expect(inlined(await render(TEMPLATE, '/', fileOf, '?page=2')).data).toBeUndefined();
    expect(inlined(await render(TEMPLATE, '/videos/algum', fileOf, '')).data).toBeUndefined();
    expect(reads).toHaveLength(0);
  });

  it('When the API answers after the page was served, then that page has the previous answer and the next page the late one, without asking the API again', async () => {
    late = true;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the cached /v1/plans
    expect(inlined(await render(TEMPLATE, '/planos', fileOf, '')).data).toEqual({ '/v1/plans': { data: [{ title: 'Vídeo' }], url: '/v1/plans' } });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the answer arrives meanwhile
    expect(inlined(await render(TEMPLATE, '/planos', fileOf, '')).data).toEqual({ '/v1/plans': { data: [{ name: 'Mensal' }] } });
    expect(reads.filter((read) => read.url === '/v1/plans')).toHaveLength(1);
  });

  it('When the API does not answer quickly, then the page is served anyway, with the previous answer (the last minute) or without it (the page asks for it itself)', async () => {
    slow = true;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the cached /v1/plans
    const started = Date.now();
    const html = await render(TEMPLATE, '/planos', fileOf, '');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(inlined(html).data).toEqual({ '/v1/plans': { data: [{ name: 'Mensal' }] } }); // the late answer of the test before
    expect(html).toContain('<div id="root">');

    const fresh = shellHtmlRenderer({ config: { apiUrl: origin }, manifest: { catalog: `${origin}/remoteEntry.js` }, apiTarget: origin });
    expect(inlined(await fresh(TEMPLATE, '/planos', fileOf, '')).data).toBeUndefined(); // no answer yet
  });
});

describe("the shell's HTML with the page's first view painted by the owning remote's renderer", () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const http = require('node:http');
  const { shellHtmlRenderer, firstViewRenderers, pageDataOf } = require('../serve-static.cjs');
  const TEMPLATE = '<!doctype html><html><head><title>Clube</title><link rel=preload as=script href=/main.js fetchpriority=low></head><body><div id="root"><header>Clube</header><div id="conteudo" class="shell-content"></div></div></body></html>';
  const fileOf = () => null;
  const inlined = (html) => JSON.parse(/window\.__CLUBE__=(.*?)<\/script>/.exec(html)[1]);
  let origin;
  let server;
  let renderer;
  const rendered = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url === '/preload.json') {
        const derived = [{ from: '/v1/videos/:slug', field: 'categoryId', read: '/v1/videos?categoryId=:value&limit=5' }];
        res.end(JSON.stringify({ scripts: ['routes.js'], data: { '/planos': { data: ['/v1/plans'] }, '/videos/:slug': { data: ['/v1/videos/:slug'], derived } } }));
      } else if (req.url === '/v1/videos/nao-existe') res.end(); // not JSON: left out, as a 404 is
      else if (req.url === '/v1/videos/coleta-segura') res.end(JSON.stringify({ url: req.url, categoryId: 'cat-1' }));
      else if (req.url === '/v1/videos/sem-categoria') res.end(JSON.stringify({ url: req.url, categoryId: '../admin' }));
      else if (req.url === '/v1/videos?categoryId=cat-2&limit=5') res.end(); // the derived read fails: left out
      else if (req.url === '/v1/videos/outra-categoria') res.end(JSON.stringify({ url: req.url, categoryId: 'cat-2' }));
      else res.end(JSON.stringify({ url: req.url }));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  beforeEach(() => {
    rendered.length = 0;
  });

  const renderWith = (firstViews) => shellHtmlRenderer({ config: { apiUrl: origin }, manifest: { catalog: `${origin}/remoteEntry.js` }, apiTarget: origin, firstViews });

  it("When the remote has a renderer, then the page's markup (fed the embedded answers) is in the page area and its CSS in the head", async () => {
    renderer = {
      render: async (request) => {
        rendered.push(request);
        return { html: '<link rel="preload" as="image" href="x.png"/><main><h1>Planos</h1><form class="calc"><input name="assentos"></form></main>', css: '.catalog-plan{display:flex}' };
      },
    };
    const html = await renderWith((remote) => (remote === 'catalog' ? renderer : null))(TEMPLATE, '/planos', fileOf, '');
    // Its forms are inert until the app takes over (typing would be lost; a native submit would put the fields in the address).
    expect(html).toContain('<div id="conteudo" class="shell-content" data-first-view="/planos"><main><h1>Planos</h1><form inert class="calc"><input name="assentos"></form></main></div>');
    expect(html).toContain('<style data-first-view>.catalog-plan{display:flex}</style>');
    expect(rendered).toEqual([{ pathname: '/planos', data: { '/v1/plans': { url: '/v1/plans' } }, config: { apiUrl: origin, brasilApiUrl: undefined } }]);
    // Its scripts are preloaded only once it is painted (the start script reads preloadLater).
    expect(html).not.toMatch(/<link rel="?preload"? as="?script/);
    expect(inlined(html).preloadLater).toEqual([`${origin}/remoteEntry.js`, `${origin}/routes.js`]);
  });

  it("When the browser says it is signed in (the shell's session hint), then no first view is painted: it shows the page as a guest sees it (a subscriber would see a paywall)", async () => {
    renderer = { render: async (request) => (rendered.push(request), { html: '<main><h1>Planos</h1></main>', css: '' }) };
    const html = await renderWith(() => renderer)(TEMPLATE, '/planos', fileOf, '', { signedIn: true });
    expect(rendered).toEqual([]);
    expect(html).not.toContain('data-first-view');
    expect(html).toContain(`<link rel="preload" as="script" href="${origin}/routes.js" fetchpriority="low">`);
  });

  it('When a declared read is missing (a video that does not exist), then no first view is painted and the scripts are preloaded as before', async () => {
    renderer = { render: async (request) => (rendered.push(request), { html: '<main><h1>Carregando vídeo…</h1></main>', css: '' }) };
    const html = await renderWith(() => renderer)(TEMPLATE, '/videos/nao-existe', fileOf, '');
    expect(rendered).toEqual([]);
    expect(html).not.toContain('data-first-view');
    expect(html).toContain('<link rel=preload as=script href=/main.js fetchpriority=low>');
    expect(html).toContain(`<link rel="preload" as="script" href="${origin}/routes.js" fetchpriority="low">`);
    expect(inlined(html).preloadLater).toBeUndefined();
  });

  it("When a video page is opened, then its own read (the video by its slug) and the read derived from its answer (the video's category) are embedded and given to the renderer", async () => {
    renderer = { render: async (request) => (rendered.push(request), { html: '<main><h1>Vídeo</h1></main>', css: '' }) };
    const html = await renderWith(() => renderer)(TEMPLATE, '/videos/coleta-segura', fileOf, '');
    const data = {
      '/v1/videos/coleta-segura': { url: '/v1/videos/coleta-segura', categoryId: 'cat-1' },
      '/v1/videos?categoryId=cat-1&limit=5': { url: '/v1/videos?categoryId=cat-1&limit=5' },
    };
    expect(rendered[0].data).toEqual(data);
    expect(inlined(html).data).toEqual(data);
    expect(html).toContain('data-first-view="/videos/coleta-segura"');
  });

  it('When the field a derived read needs is not a plain identifier, or its read fails, then only that read is left out (the page asks for it itself) and the first view is still painted', async () => {
    renderer = { render: async (request) => (rendered.push(request), { html: '<main><h1>Vídeo</h1></main>', css: '' }) };
    for (const slug of ['sem-categoria', 'outra-categoria']) {
      const html = await renderWith(() => renderer)(TEMPLATE, `/videos/${slug}`, fileOf, '');
      expect(Object.keys(inlined(html).data)).toEqual([`/v1/videos/${slug}`]);
      expect(html).toContain(`data-first-view="/videos/${slug}"`);
    }
  });

  it('When the renderer is missing, throws, is too slow or returns a script, then the page is served as before (the browser renders it)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cases = [
      () => null,
      () => ({ render: async () => Promise.reject(new Error('quebrou')) }),
      () => ({ render: () => new Promise(() => undefined) }),
      () => ({ render: async () => ({ html: '<main><script>alert(1)</script></main>', css: '' }) }),
    ];
    for (const firstViews of cases) {
      const html = await renderWith(firstViews)(TEMPLATE, '/planos', fileOf, '');
      expect(html).toContain('<div id="conteudo" class="shell-content"></div>');
      expect(html).not.toContain('data-first-view');
      expect(html).toContain('window.__CLUBE__='); // the answers are still embedded for the client's render
    }
    error.mockRestore();
  });

  it('When a render misses the deadline, then that page goes without a first view but the next request gets it at once; the same page and answers are rendered once', async () => {
    let finish;
    const slow = { render: (request) => (rendered.push(request), new Promise((resolve) => (finish = resolve))) };
    const first = await renderWith(() => slow)(TEMPLATE, '/planos', fileOf, '');
    expect(first).not.toContain('data-first-view');
    finish({ html: '<main><h1>Planos</h1></main>', css: '' });
    const second = await renderWith(() => slow)(TEMPLATE, '/planos', fileOf, '');
    expect(second).toContain('data-first-view="/planos"><main><h1>Planos</h1></main>');
    expect(rendered).toHaveLength(1);
  });

  it('A route pattern fills its reads from the address; a segment that is not a plain slug matches nothing', () => {
    const declared = { '/videos/:slug': { data: ['/v1/videos/:slug'], image: { from: '/v1/videos/:slug', field: 'data.0.thumbnailUrl' } } };
    expect(pageDataOf(declared, '/videos/coleta-segura')).toEqual({ reads: ['/v1/videos/coleta-segura'], image: { from: '/v1/videos/coleta-segura', field: 'data.0.thumbnailUrl' }, derived: [] });
    expect(pageDataOf(declared, '/videos/a b')).toBeNull();
    expect(pageDataOf(declared, '/videos/a/b')).toBeNull();
    expect(pageDataOf(declared, '/videos')).toBeNull();
  });

  it("A derived read is kept only when it depends on one of the page's declared reads and has a :value to fill", () => {
    const related = { from: '/v1/videos/:slug', field: 'categoryId', read: '/v1/videos?categoryId=:value&limit=5' };
    const declared = { '/videos/:slug': { data: ['/v1/videos/:slug'], derived: [related, { ...related, from: '/v1/plans' }, { ...related, read: '/v1/videos?limit=5' }, { ...related, read: 'https://outro.site/?q=:value' }] } };
    expect(pageDataOf(declared, '/videos/coleta-segura').derived).toEqual([{ from: '/v1/videos/coleta-segura', field: 'categoryId', read: '/v1/videos?categoryId=:value&limit=5' }]);
  });

  it("A derived read is filled from its field's value, once, and not when that read is already answered", () => {
    const { derivedReads } = require('../serve-static.cjs');
    const row = (index) => ({ from: '/v1/categories?limit=100', field: `data.${index}._id`, read: '/v1/videos?categoryId=:value&limit=6' });
    const categories = { data: [{ _id: 'a1' }, { _id: 'b2' }] };
    expect(derivedReads([row(0), row(1), row(0), row(2)], { '/v1/categories?limit=100': categories })).toEqual(['/v1/videos?categoryId=a1&limit=6', '/v1/videos?categoryId=b2&limit=6']);
    expect(derivedReads([row(0)], { '/v1/categories?limit=100': categories, '/v1/videos?categoryId=a1&limit=6': { data: [] } })).toEqual([]);
    expect(derivedReads([row(0)], {})).toEqual([]);
    expect(derivedReads([row(0)], { '/v1/categories?limit=100': { data: [{ _id: 'a b&c' }] } })).toEqual([]);
  });

  it("When a remote's renderer file is redeployed, then the next page uses the new one without a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clube-first-view-'));
    const file = path.join(dir, 'dist', 'server', 'first-view.cjs');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const write = (title) => fs.writeFileSync(file, `exports.render = async () => ({ html: '<main><h1>${title}</h1></main>', css: '' });`);
    try {
      const renderers = firstViewRenderers({ catalog: dir });
      expect(renderers('auth')).toBeNull();
      expect(renderers('catalog')).toBeNull(); // not built yet
      write('Antes');
      expect((await renderers('catalog').render({})).html).toContain('Antes');
      write('Depois e maior');
      expect((await renderers('catalog').render({})).html).toContain('Depois e maior');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
