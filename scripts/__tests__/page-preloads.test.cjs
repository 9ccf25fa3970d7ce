const fs = require('node:fs');
const path = require('node:path');
const { lazyRoutePages, pagePreloads } = require('../../webpack.shared.js');
const { pageScriptsOf } = require('../serve-static.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const routesOf = (dir) => fs.readFileSync(path.join(ROOT, dir, 'src', 'routes.tsx'), 'utf8');

describe("a remote's lazily loaded pages, read from its routes module", () => {
  it('When a route renders a lazy page (also inside a Guard or a layout route), then its path is paired with the import of that page', () => {
    const source = `
      import { lazy, Suspense } from 'react';
      const Home = lazy(() => import(/* webpackChunkName: "page-home" */ './home/home-page').then((m) => ({ default: m.HomePage })));
      const Item = lazy(() => import('./items/item-page'));
      const Eager = () => null;
      export default function R() {
        return (
          <Routes>
            <Route path="/" element={<Home />} />
            <Route element={<Guard access="signed-in"><Outlet /></Guard>}>
              <Route path="/itens/:id" element={<Guard access="admin"><Item /></Guard>} />
              <Route path="/eager" element={<Eager />} />
            </Route>
            <Route path="/pai">
              <Route path="filho" element={<Item />} />
            </Route>
          </Routes>
        );
      }`;
    expect(lazyRoutePages(source)).toEqual([
      { path: '/', requests: ['./home/home-page'] },
      { path: '/itens/:id', requests: ['./items/item-page'] },
      { path: '/pai/filho', requests: ['./items/item-page'] },
    ]);
  });

  it("When the catalog's real routes module is read, then every page route is found, each with its own page", () => {
    const pages = lazyRoutePages(routesOf('remote-catalog'));
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/videos', '/videos/:slug', '/planos']));
    expect(pages.find((page) => page.path === '/videos/:slug')?.requests).toEqual(['./videos/video-page']);
  });

  it("When the build's chunks are given, then each path gets the JavaScript of its page's import (shared split chunks included), and nothing else", () => {
    const chunks = [
      { files: ['routes.1.js'], origins: [{ moduleName: 'webpack/container/entry/catalog', request: './src/routes.tsx' }] },
      { files: ['page-video.2.js'], origins: [{ moduleName: './src/routes.tsx + 3 modules', request: './videos/video-page' }] },
      { files: ['shared.3.js', 'shared.3.js.map'], origins: [{ moduleName: './src/routes.tsx', request: './videos/video-page' }, { moduleName: './src/routes.tsx', request: './home/home-page' }] },
      { files: ['elsewhere.4.js'], origins: [{ moduleName: './src/other.tsx', request: './videos/video-page' }] },
    ];
    expect(pagePreloads([{ path: '/videos/:slug', requests: ['./videos/video-page'] }, { path: '/sem-chunk', requests: ['./nada'] }], chunks)).toEqual([
      { path: '/videos/:slug', scripts: ['page-video.2.js', 'shared.3.js'] },
    ]);
  });

  it('When a page imports a chunk with webpackPreload (the video page\'s hls.js), then that chunk is preloaded with the page, and a prefetched one is not', () => {
    const chunks = [
      { id: 2, files: ['page-video.2.js'], origins: [{ moduleName: './src/routes.tsx', request: './videos/video-page' }], childrenByOrder: { preload: [5], prefetch: [6] } },
      { id: 5, files: ['hls.5.js'], origins: [{ moduleName: './src/videos/player/use-hls.ts', request: 'hls.js/light' }] },
      { id: 6, files: ['later.6.js'], origins: [{ moduleName: './src/videos/player/use-hls.ts', request: './later' }] },
      { id: 7, files: ['home.7.js'], origins: [{ moduleName: './src/routes.tsx', request: './home/home-page' }] },
    ];
    expect(pagePreloads([{ path: '/videos/:slug', requests: ['./videos/video-page'] }, { path: '/', requests: ['./home/home-page'] }], chunks)).toEqual([
      { path: '/videos/:slug', scripts: ['hls.5.js', 'page-video.2.js'] },
      { path: '/', scripts: ['home.7.js'] },
    ]);
  });
});

describe("the shell's server picks the page of the requested path", () => {
  const pages = [
    { path: '/videos', scripts: ['list.js'] },
    { path: '/videos/:slug', scripts: ['video.js'] },
    { path: '/admin/conteudo/novo', scripts: ['new.js'] },
    { path: '/admin/conteudo/:id', scripts: ['edit.js'] },
    { path: '/docs/*', scripts: ['docs.js'] },
  ];

  it('When a path matches a route, then the most specific route wins (static segments over parameters), trailing slash ignored', () => {
    expect(pageScriptsOf(pages, '/videos')).toEqual(['list.js']);
    expect(pageScriptsOf(pages, '/videos/')).toEqual(['list.js']);
    expect(pageScriptsOf(pages, '/videos/coleta-de-sangue')).toEqual(['video.js']);
    expect(pageScriptsOf(pages, '/admin/conteudo/novo')).toEqual(['new.js']);
    expect(pageScriptsOf(pages, '/admin/conteudo/42')).toEqual(['edit.js']);
    expect(pageScriptsOf(pages, '/docs/a/b')).toEqual(['docs.js']);
  });

  it('When no route matches, or the manifest is missing or malformed, then nothing extra is preloaded', () => {
    expect(pageScriptsOf(pages, '/videos/a/b')).toEqual([]);
    expect(pageScriptsOf(pages, '/nada')).toEqual([]);
    expect(pageScriptsOf(undefined, '/videos')).toEqual([]);
    expect(pageScriptsOf([{ path: 3 }, null, { path: '/videos', scripts: 'x' }], '/videos')).toEqual([]);
  });
});
