import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Data access goes through the repositories' named operations: no other source file reaches a
 * collection (`.collection(`) or the database handle (`store`, typed by db/store.ts). The
 * infrastructure that opens the database and creates indexes, and the item store both catalogue
 * repositories are built from, are the only other places allowed.
 */
const SRC = path.resolve(__dirname, '..', 'src');
const ALLOWED = [
  /^modules\/[a-z-]+\/[a-z-]+-repositor(y|ies)\.ts$/,
  // Still reading several modules' collections; moved behind the owners' operations next.
  /^modules\/admin\/(metrics|exports)-service\.ts$/,
  /^modules\/personal-data\/personal-data-service\.ts$/,
  /^store\//,
  /^plugins\/store\.ts$/,
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat().filter((file) => file.endsWith('.ts'));
}

describe('Architecture', () => {
  test('When the API source is scanned, then only repositories call .collection() or use the store', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (ALLOWED.some((pattern) => pattern.test(relative))) continue;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (/\.collection\s*\(|mongo\.db\b|\.store\b/.test(line)) offenders.push(`${relative}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  test('When the API, its tests and benches are scanned, then nothing but the data plugin touches app.mongo (absent on the embedded store)', async () => {
    const root = path.resolve(SRC, '..');
    const offenders: string[] = [];
    for (const dir of ['src', 'test', 'bench']) {
      for (const file of await sourceFiles(path.join(root, dir))) {
        const relative = path.relative(root, file).split(path.sep).join('/');
        if (relative === 'src/plugins/store.ts' || relative === 'test/architecture.test.ts') continue;
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, index) => {
          if (/\.mongo\b/.test(line)) offenders.push(`${relative}:${index + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});
