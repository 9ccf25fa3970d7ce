const { BUDGETS, measure, report } = require('../budgets.cjs');

const KB = 1024;

/** A fixture build: chunks as in dist/stats.json, gzip sizes given per file. */
function build(name, chunks, sizes) {
  return { name, stats: { chunks }, sizeOf: (file) => sizes[file] };
}

const shellChunks = [
  { names: ['main'], files: ['main.js'], modules: ['./src/index.ts'] },
  { names: [], files: ['123.aaaaaaaa.js'], modules: ['../node_modules/react-dom/index.js'] },
  { names: ['firebase'], files: ['firebase.bbbbbbbb.js'], modules: ['../node_modules/firebase/auth.js'] },
  // The fallback copy of a singleton the shell provides itself: never loaded by the shell.
  { names: [], files: ['124.aaaaaaaa.js'], modules: ['../node_modules/react-dom/index.js'], origins: ['consume shared module (default) react-dom@^19 (singleton)'] },
  // What only the provided copy loads (a re-exporting entry the shell's own code does not run).
  { names: [], files: ['125.aaaaaaaa.js'], modules: ['../node_modules/zustand/esm/index.mjs'], origins: ['provide shared module (default) zustand@5.1.0 = ../node_modules/zustand/esm/index.mjs'] },
];
const remoteChunks = [
  { names: ['catalog'], files: ['remoteEntry.js'], modules: ['webpack/container/entry/catalog'] },
  { names: [], files: ['10.cccccccc.js'], modules: ['./src/routes.tsx + 3 modules'] },
  { names: [], files: ['20.dddddddd.js'], modules: ['./src/videos/videos-page.tsx'] },
];

describe('npm run size budgets', () => {
  it('When every figure is within its budget, then every row is ok and is printed with its budget', () => {
    const rows = [
      ...measure(build('shell', shellChunks, { 'main.js': 10 * KB, '123.aaaaaaaa.js': 100 * KB, 'firebase.bbbbbbbb.js': 30 * KB, '124.aaaaaaaa.js': 100 * KB, '125.aaaaaaaa.js': 100 * KB })),
      ...measure(build('catalog', remoteChunks, { 'remoteEntry.js': 20 * KB, '10.cccccccc.js': 20 * KB, '20.dddddddd.js': 60 * KB })),
    ];
    expect(rows.every((row) => row.ok)).toBe(true);
    // Neither the on-demand Firebase chunk, a fallback copy nor a provide-only chunk is part of the shell's initial JS.
    expect(rows[0]).toMatchObject({ frontend: 'shell', bytes: 110 * KB, budget: BUDGETS.shellInitial });
    expect(rows[1]).toMatchObject({ frontend: 'catalog', files: ['remoteEntry.js', '10.cccccccc.js'], bytes: 40 * KB, budget: 50 * KB });
    expect(report(rows)[0]).toMatch(/ok\s+shell\s+JS inicial\s+110\.0 kB \/\s+160\.0 kB/);
  });

  it('When the shell initial JS exceeds 160 kB, then its row fails and is printed as over budget', () => {
    const [row] = measure(build('shell', shellChunks, { 'main.js': 10 * KB, '123.aaaaaaaa.js': 151 * KB, 'firebase.bbbbbbbb.js': 1, '124.aaaaaaaa.js': 1, '125.aaaaaaaa.js': 1 }));
    expect(row.ok).toBe(false);
    expect(report([row])[0]).toMatch(/^\s+ACIMA\s+shell\s+JS inicial\s+161\.0 kB \/\s+160\.0 kB/);
  });

  it('When a remote entry + first route exceed 50 kB, then that row fails', () => {
    const rows = measure(build('catalog', remoteChunks, { 'remoteEntry.js': 20 * KB, '10.cccccccc.js': 31 * KB, '20.dddddddd.js': 1 * KB }));
    expect(rows.find((row) => row.what === 'entrada + primeira rota')).toMatchObject({ ok: false, bytes: 51 * KB });
  });

  it('When any single route chunk of a remote exceeds 80 kB, then that chunk fails by name', () => {
    const rows = measure(build('catalog', remoteChunks, { 'remoteEntry.js': 1 * KB, '10.cccccccc.js': 1 * KB, '20.dddddddd.js': 81 * KB }));
    expect(rows.filter((row) => !row.ok).map((row) => row.what)).toEqual(['chunk 20.dddddddd.js']);
  });

  it('When the routes module has libraries split off beside it, then they count in the entry + first route (the container loads them together)', () => {
    const chunks = [
      ...remoteChunks,
      { names: [], files: ['30.eeeeeeee.js'], modules: ['../node_modules/zod/index.js'], origins: ['container entry'] },
    ];
    const rows = measure(build('auth', chunks, { 'remoteEntry.js': 20 * KB, '10.cccccccc.js': 20 * KB, '20.dddddddd.js': 1 * KB, '30.eeeeeeee.js': 11 * KB }));
    expect(rows.find((row) => row.what === 'entrada + primeira rota')).toMatchObject({ ok: false, files: ['remoteEntry.js', '10.cccccccc.js', '30.eeeeeeee.js'], bytes: 51 * KB });
  });

  it('When the video page lazily loads hls.js (the chunk named "hls"), then it has its own 120 kB budget instead of the 80 kB of a route chunk', () => {
    const chunks = [...remoteChunks, { names: ['hls'], files: ['hls.ffffffff.js'], modules: ['../node_modules/hls.js/dist/hls.light.mjs'] }];
    const within = measure(build('catalog', chunks, { 'remoteEntry.js': 1 * KB, '10.cccccccc.js': 1 * KB, '20.dddddddd.js': 1 * KB, 'hls.ffffffff.js': 113 * KB }));
    expect(within.find((row) => row.files.includes('hls.ffffffff.js'))).toMatchObject({ what: 'hls.js sob demanda hls.ffffffff.js', ok: true, budget: 120 * KB });
    const over = measure(build('catalog', chunks, { 'remoteEntry.js': 1 * KB, '10.cccccccc.js': 1 * KB, '20.dddddddd.js': 1 * KB, 'hls.ffffffff.js': 121 * KB }));
    expect(over.filter((row) => !row.ok).map((row) => row.what)).toEqual(['hls.js sob demanda hls.ffffffff.js']);
  });
});
