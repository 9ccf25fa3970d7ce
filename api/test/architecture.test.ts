import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MODULES } from '../src/modules/modules';

const SRC = path.resolve(__dirname, '..', 'src');
const MODULES_DIR = path.join(SRC, 'modules');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat().filter((file) => file.endsWith('.ts'));
}

const relativeToSrc = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/**
 * Data access goes through the repositories' named operations: no other source file reaches a
 * collection (`.collection(`) or the database handle (`store`, typed by store/store.ts). The
 * store itself and the plugin that opens it are the only other places allowed.
 */
const STORE_ALLOWED = [/^modules\/[a-z-]+\/[a-z-]+-repositor(y|ies)\.ts$/, /^store\//, /^plugins\/store\.ts$/];

/**
 * A string literal that is not a collection although it spells one: which module writes it,
 * and why. Anything else naming another module's collection fails the test.
 */
const NOT_A_COLLECTION: { module: string; literal: string; line: RegExp; why: string }[] = [
  { module: 'files', literal: 'videos', line: /\bfolder\b/, why: 'the storage folder of MP4 files (/v1/files/videos/…)' },
  ...['entitlements', 'progress', 'team'].map((module) => ({
    module,
    literal: 'users',
    line: /^const route = routeOptions\(\['users'\]\);$/,
    why: 'the OpenAPI tag of the admin member page routes (/users/{id}/unlocks, /progress, /team)',
  })),
];

/** Comments may name a collection (or a field spelled like one, as `seats`): only code counts. */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

interface Owned {
  module: string;
  /** The exported list's name, e.g. BILLING_COLLECTIONS. */
  constant: string;
  names: string[];
}

/** Each module's one exported list of collections (`collections.ts`), as the module declares it to the app. */
async function ownership(): Promise<Owned[]> {
  const owned: Owned[] = [];
  for (const module of MODULES) {
    if (Object.keys(module.collections).length === 0) continue;
    const text = await readFile(path.join(MODULES_DIR, module.name, 'collections.ts'), 'utf8');
    const constant = /export const ([A-Z_]+_COLLECTIONS)\b/.exec(text)?.[1];
    if (!constant) throw new Error(`modules/${module.name}/collections.ts não exporta a lista <MÓDULO>_COLLECTIONS`);
    owned.push({ module: module.name, constant, names: Object.values(module.collections) });
  }
  return owned;
}

/** Every place a module's file names a collection another module owns (by its list's constant or by string). */
async function foreignCollections(): Promise<string[]> {
  const owned = await ownership();
  const offenders: string[] = [];
  for (const module of MODULES) {
    for (const file of await sourceFiles(path.join(MODULES_DIR, module.name))) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      for (const other of owned.filter((candidate) => candidate.module !== module.name)) {
        lines.forEach((line, index) => {
          if (isComment(line)) return;
          const where = `${relativeToSrc(file)}:${index + 1}`;
          if (new RegExp(`\\b${other.constant}\\b`).test(line)) offenders.push(`${where}: ${other.constant} (de ${other.module})`);
          for (const name of other.names) {
            const literal = new RegExp(`(['"\`])${name}\\1`);
            const allowed = NOT_A_COLLECTION.some((entry) => entry.module === module.name && entry.literal === name && entry.line.test(line));
            if (literal.test(line) && !allowed) offenders.push(`${where}: '${name}' (coleção de ${other.module}) — ${line.trim()}`);
          }
        });
      }
    }
  }
  return offenders;
}

describe('Architecture', () => {
  test('When the modules are listed, then each folder under modules/ is a registered module and each owns collections only it declares', async () => {
    const folders = (await readdir(MODULES_DIR, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(MODULES.map((module) => module.name).sort()).toEqual(folders.sort());
    const names = MODULES.flatMap((module) => Object.values(module.collections));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const indexed = MODULES.flatMap((module) => module.indexes.map((index) => ({ module: module.name, collection: index.collection })));
    const strays = indexed.filter(({ module, collection }) => !Object.values(MODULES.find((candidate) => candidate.name === module)!.collections).includes(collection));
    expect(strays).toEqual([]);
  });

  test('When a module names a collection another module owns (its constant or the name as a string), then the test fails', async () => {
    expect(await foreignCollections()).toEqual([]);
  });

  test('When the API source is scanned, then only repositories call .collection() or use the store', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const relative = relativeToSrc(file);
      if (STORE_ALLOWED.some((pattern) => pattern.test(relative))) continue;
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
