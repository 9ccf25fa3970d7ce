// Size budgets of the frontends (issue 15), checked by `npm run size` on the production build.
// Pure functions over each frontend's dist/stats.json, so a test can check them on fixture stats.
const { shellInitialChunks, isExposedRoutesChunk } = require('../webpack.shared.js');

/** gzip kB (1 kB = 1024 bytes). */
const BUDGETS = {
  /** Everything the shell needs before first paint (all its JS but the on-demand chunks and fallback copies). */
  shellInitial: 160 * 1024,
  /** A remote's remoteEntry.js + the chunks loaded with its exposed routes module (its first route). */
  remoteFirstRoute: 50 * 1024,
  /** Any single chunk a remote loads for a route (lazy pages included). */
  routeChunk: 80 * 1024,
  /**
   * hls.js (light build), the one chunk named `hls`: loaded by the video page only, after it has
   * painted, and only for a video with an HLS ladder in a browser without native HLS (issue 30).
   */
  hlsPlayer: 120 * 1024,
};

/** Chunks with a budget of their own instead of `routeChunk`, by chunk name. */
const OWN_BUDGETS = { hls: { what: 'hls.js sob demanda', budget: BUDGETS.hlsPlayer } };

const jsFiles = (chunks) => [...new Set(chunks.flatMap((chunk) => chunk.files).filter((file) => file.endsWith('.js')))];

/**
 * The figures of one frontend's build against the budgets.
 * @param {{ name: string, stats: { chunks: Array<{ names: string[], files: string[], modules: string[] }> }, sizeOf: (file: string) => number }} build
 *   sizeOf: gzip bytes of a file of that build.
 * @returns {Array<{ frontend: string, what: string, files: string[], bytes: number, budget: number, ok: boolean }>}
 */
function measure({ name, stats, sizeOf }) {
  const figure = (what, files, budget) => {
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    return { frontend: name, what, files, bytes, budget, ok: bytes <= budget };
  };
  if (name === 'shell') {
    return [figure('JS inicial', jsFiles(shellInitialChunks(stats)), BUDGETS.shellInitial)];
  }
  const federation = (chunk) => chunk.names.includes(name) || chunk.files.includes('remoteEntry.js');
  const rows = [figure('entrada + primeira rota', ['remoteEntry.js', ...jsFiles(stats.chunks.filter(isExposedRoutesChunk))], BUDGETS.remoteFirstRoute)];
  // Every other chunk the remote can load on a route: lazy pages, shared helpers.
  for (const chunk of stats.chunks) {
    if (federation(chunk)) continue;
    const own = chunk.names.map((chunkName) => OWN_BUDGETS[chunkName]).find(Boolean);
    for (const file of jsFiles([chunk])) rows.push(own ? figure(`${own.what} ${file}`, [file], own.budget) : figure(`chunk ${file}`, [file], BUDGETS.routeChunk));
  }
  return rows;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** The table `npm run size` prints: each figure with its budget. */
function report(rows) {
  return rows.map(
    (row) => `  ${row.ok ? 'ok   ' : 'ACIMA'} ${row.frontend.padEnd(8)} ${row.what.padEnd(34)} ${kb(row.bytes).padStart(9)} / ${kb(row.budget).padStart(8)}`,
  );
}

module.exports = { BUDGETS, measure, report, kb };
